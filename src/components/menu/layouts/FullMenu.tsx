import { EntryLink, itemClass, type MenuLayoutProps } from "./menu-entry-parts";

/**
 * full-menu: the whole section at once, never collapsed: the section as a heading link and every
 * child (and grandchild) listed beneath it in columns.
 */
export default function FullMenu({ node, onNavigate }: MenuLayoutProps) {
  return (
    <li className={itemClass("menu-tree__item menu-layout--full", node)}>
      <EntryLink node={node} className="menu-full__heading" onNavigate={onNavigate} />
      {node.children.length > 0 ? (
        <ul className="menu-full__list">
          {node.children.map((child) => (
            <li key={child.id} className={itemClass("menu-full__item", child)}>
              <EntryLink node={child} className="menu-full__link" onNavigate={onNavigate} />
              {child.children.length > 0 ? (
                <ul className="menu-full__sublist">
                  {child.children.map((grandchild) => (
                    <li key={grandchild.id} className={itemClass("menu-full__subitem", grandchild)}>
                      <EntryLink node={grandchild} className="menu-full__sublink" onNavigate={onNavigate} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
