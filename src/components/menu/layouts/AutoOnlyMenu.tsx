import type { MenuNode } from "../../../domain/menu-tree";
import { EntryLink, GroupSummary, itemClass, type MenuLayoutProps } from "./menu-entry-parts";

/**
 * auto-only-menu (the default): the entry alone, or a collapsed group that lists its children
 * automatically, with an overview link to the section page.
 */
export default function AutoOnlyMenu({ node, onNavigate }: MenuLayoutProps) {
  if (node.children.length === 0) {
    return (
      <li className={itemClass("menu-tree__item menu-layout--auto", node)}>
        <EntryLink node={node} className="menu-tree__link" onNavigate={onNavigate} />
      </li>
    );
  }
  return (
    <li className={itemClass("menu-tree__item menu-layout--auto", node)}>
      <details className="menu-tree__group">
        <GroupSummary node={node} />
        <ul className="menu-tree__children">
          {node.external ? null : (
            <li>
              <EntryLink node={node} className="menu-tree__child menu-tree__child--overview" onNavigate={onNavigate}>
                {node.title} overview
              </EntryLink>
            </li>
          )}
          {node.children.map((child) => (
            <ChildEntry key={child.id} node={child} onNavigate={onNavigate} />
          ))}
        </ul>
      </details>
    </li>
  );
}

export function ChildEntry({ node, onNavigate }: { node: MenuNode; onNavigate: () => void }) {
  return (
    <li className={itemClass("menu-tree__child-item", node)}>
      <EntryLink node={node} className="menu-tree__child" onNavigate={onNavigate} />
      {node.children.length > 0 ? (
        <ul className="menu-tree__grandchildren">
          {node.children.map((child) => (
            <ChildEntry key={child.id} node={child} onNavigate={onNavigate} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
