import type { MenuNode } from "../../../domain/menu-tree";
import Icon, { isIconName } from "../../Icon";
import SmartLink from "../../SmartLink";

export interface MenuLayoutProps {
  node: MenuNode;
  onNavigate: () => void;
}

/** The CMS's customClass (spec §2 'Nav item fields'), kept to class-name characters. */
export function customClassOf(node: MenuNode): string {
  return (node.page.customClass ?? "")
    .split(/\s+/)
    .filter((name) => /^[A-Za-z_][\w-]*$/.test(name))
    .join(" ");
}

export function itemClass(base: string, node: MenuNode): string {
  const custom = customClassOf(node);
  return custom ? `${base} ${custom}` : base;
}

/** The entry's own icon (spec §2 'Nav item fields'), when the CMS names one the sprite has. */
export function EntryIcon({ node }: { node: MenuNode }) {
  const name = node.page.icon;
  return name && isIconName(name) ? <Icon name={name} className="menu-entry__icon" /> : null;
}

/** A link to one entry: its icon, its title, and the external mark when it leaves the site. */
export function EntryLink({ node, className, onNavigate, children }: { node: MenuNode; className: string; onNavigate: () => void; children?: React.ReactNode }) {
  return (
    <SmartLink href={node.href} newTab={node.newTab} className={className} onClick={onNavigate}>
      <EntryIcon node={node} />
      {children ?? node.title}
      {node.external ? <Icon name="external" className="menu-tree__ext" /> : null}
    </SmartLink>
  );
}

/** A collapsed group's summary: the entry's icon and title, whatever the layout adds, the chevron. */
export function GroupSummary({ node, children }: { node: MenuNode; children?: React.ReactNode }) {
  return (
    <summary className="menu-tree__summary">
      <span>
        <EntryIcon node={node} />
        {node.title}
      </span>
      {children}
      <Icon name="chevron-down" className="menu-tree__chevron" />
    </summary>
  );
}
