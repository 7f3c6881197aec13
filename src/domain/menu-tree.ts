import type { MenuPage } from "../schemas/shell";
import { safeLink } from "./link-rule";

/** One entry of the content-managed menu, with its children in page order. */
export interface MenuNode {
  id: number;
  title: string;
  /** '/' + fullPath for internal pages; the external address otherwise */
  href: string;
  external: boolean;
  newTab: boolean;
  page: MenuPage;
  children: MenuNode[];
}

/**
 * Where a menu page links to: external ones by their URL; internal ones by their linkSlug when
 * it is a site path (spec §3), else by their full path.
 */
export function menuHref(page: MenuPage): string {
  // an external URL or link slug that breaks the link rule (src/domain/link-rule.ts) is never followed
  const external = safeLink("https", page.externalUrl);
  if (page.postType === "external" && external) return external;
  if (page.linkSlug && safeLink("site-path", page.linkSlug)) return page.linkSlug;
  return `/${page.fullPath.replace(/^\/+|\/+$/g, "")}`;
}

/**
 * Rebuilds the page tree from the CMS's flat list (each page names its parentId).
 * Pages whose parent is missing are promoted to the top level rather than lost; a parent
 * cycle cannot loop because each page is attached exactly once. Siblings sort by
 * pageOrder, then title, so the order is stable whatever order the list arrives in.
 */
export function buildMenuTree(pages: readonly MenuPage[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>();
  for (const page of pages) {
    if (page.postStatus !== "Published") continue;
    const external = page.postType === "external" && Boolean(safeLink("https", page.externalUrl));
    nodes.set(page.postID, {
      id: page.postID,
      title: page.postTitle,
      href: menuHref(page),
      external,
      newTab: external && page.newTab,
      page,
      children: [],
    });
  }
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parentId = node.page.parentId;
    const parent = parentId !== null && parentId !== node.id ? nodes.get(parentId) : undefined;
    if (parent && !isAncestor(node, parent, nodes)) parent.children.push(node);
    else roots.push(node);
  }
  const sort = (list: MenuNode[]): MenuNode[] => {
    list.sort((a, b) => a.page.pageOrder - b.page.pageOrder || a.title.localeCompare(b.title));
    for (const child of list) sort(child.children);
    return list;
  };
  return sort(roots);
}

/** true when `node` is `candidate` or one of its ancestors (would make a cycle). */
function isAncestor(node: MenuNode, candidate: MenuNode, nodes: Map<number, MenuNode>): boolean {
  const seen = new Set<number>();
  let current: MenuNode | undefined = candidate;
  while (current && !seen.has(current.id)) {
    if (current.id === node.id) return true;
    seen.add(current.id);
    const parentId: number | null = current.page.parentId;
    current = parentId === null ? undefined : nodes.get(parentId);
  }
  return false;
}
