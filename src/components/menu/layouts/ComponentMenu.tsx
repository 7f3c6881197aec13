import { EntryLink, GroupSummary, itemClass, type MenuLayoutProps } from "./menu-entry-parts";

/**
 * component-menu: a compact group that opens onto its children as a row of chips (a component
 * of the section rather than a list), the section's own page first.
 */
export default function ComponentMenu({ node, onNavigate }: MenuLayoutProps) {
  return (
    <li className={itemClass("menu-tree__item menu-layout--component", node)}>
      <details className="menu-tree__group menu-component">
        <GroupSummary node={node}>
          <span className="menu-component__count">{node.children.length}</span>
        </GroupSummary>
        <ul className="menu-component__chips">
          {node.external ? null : (
            <li>
              <EntryLink node={node} className="menu-component__chip menu-component__chip--main" onNavigate={onNavigate}>
                {node.title}
              </EntryLink>
            </li>
          )}
          {node.children.map((child) => (
            <li key={child.id} className={itemClass("menu-component__item", child)}>
              <EntryLink node={child} className="menu-component__chip" onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}
