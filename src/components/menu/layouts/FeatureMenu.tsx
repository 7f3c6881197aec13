import Icon from "../../Icon";
import { EntryLink, itemClass, type MenuLayoutProps } from "./menu-entry-parts";

/**
 * feature-menu: the section as a feature card (its title large, a call to visit it), its first
 * child as the featured tile and the others as smaller tiles beside it.
 */
export default function FeatureMenu({ node, onNavigate }: MenuLayoutProps) {
  const [featured, ...others] = node.children;
  return (
    <li className={itemClass("menu-tree__item menu-layout--feature", node)}>
      <div className="menu-feature">
        <EntryLink node={node} className="menu-feature__card" onNavigate={onNavigate}>
          <span className="menu-feature__title">{node.title}</span>
          <span className="menu-feature__cta">
            Explore <Icon name="arrow-right" />
          </span>
        </EntryLink>
        {featured ? (
          <ul className="menu-feature__tiles">
            <li className={itemClass("menu-feature__tile menu-feature__tile--featured", featured)}>
              <EntryLink node={featured} className="menu-feature__tile-link" onNavigate={onNavigate} />
            </li>
            {others.map((child) => (
              <li key={child.id} className={itemClass("menu-feature__tile", child)}>
                <EntryLink node={child} className="menu-feature__tile-link" onNavigate={onNavigate} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}
