/**
 * The CMS page tree as the console edits it (/admin/pages): each page has one parent (or none: the
 * top level), a slug unique among its siblings, an order among them, and its address is its
 * ancestors' slugs joined by '/'. These rules are the ones the console's writes check
 * (worker/content/page-tree.ts) and its screen shows (the parent choice never offers a page's own
 * branch, so a move can never make a cycle).
 */
export const PAGE_TEMPLATES = ["Default", "Hub", "Landing"] as const;
export type PageTemplate = (typeof PAGE_TEMPLATES)[number];

/** The catch-all route reads at most this many segments (src/data/route-params.ts, MAX_PAGE_DEPTH). */
export const MAX_TREE_DEPTH = 5;

export const PAGE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 120;

/** Top-level slugs the site's own routes answer first (src/routes/): a page there would never show. */
export const RESERVED_TOP_SLUGS = [
  "account", "admin", "api", "auth", "calendar", "category", "dev-payments", "dev-state", "images", "live", "match", "matches", "media",
  "news", "players", "site-lock", "sitemap-xml", "sso", "streamer", "teams", "videos", "webhooks", "ws", "build",
] as const;

export interface TreePage {
  id: number;
  parentId: number | null;
  slug: string;
  title: string;
  order: number;
}

export interface TreeNode<P extends TreePage = TreePage> {
  page: P;
  depth: number;
  children: TreeNode<P>[];
}

const bySiblingOrder = (a: TreePage, b: TreePage) => a.order - b.order || a.id - b.id;

/** The pages under `parentId`, in their order. */
export function siblingsOf<P extends TreePage>(pages: readonly P[], parentId: number | null): P[] {
  return pages.filter((p) => p.parentId === parentId).sort(bySiblingOrder);
}

/**
 * The tree, top level first, each level in its order. A page whose parent is missing (or that
 * sits in a cycle written straight into D1) is shown at the top level rather than lost.
 */
export function buildTree<P extends TreePage>(pages: readonly P[]): TreeNode<P>[] {
  const placed = new Set<number>();
  const grow = (parentId: number | null, depth: number): TreeNode<P>[] =>
    siblingsOf(pages, parentId)
      .filter((p) => !placed.has(p.id))
      .map((page) => {
        placed.add(page.id);
        return { page, depth, children: grow(page.id, depth + 1) };
      });
  const roots = grow(null, 0);
  for (const page of pages.filter((p) => !placed.has(p.id)).sort(bySiblingOrder)) {
    if (placed.has(page.id)) continue;
    placed.add(page.id);
    roots.push({ page, depth: 0, children: grow(page.id, 1) });
  }
  return roots;
}

/** The tree flattened in reading order, each page with its depth: the parent choice's options. */
export function flattenTree<P extends TreePage>(nodes: readonly TreeNode<P>[]): { page: P; depth: number }[] {
  return nodes.flatMap((n) => [{ page: n.page, depth: n.depth }, ...flattenTree(n.children)]);
}

/** `id` and every page below it. */
export function branchOf(pages: readonly TreePage[], id: number): Set<number> {
  const branch = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of pages) {
      if (p.parentId !== null && branch.has(p.parentId) && !branch.has(p.id)) {
        branch.add(p.id);
        grew = true;
      }
    }
  }
  return branch;
}

/** How many levels a page's branch spans (1: the page alone). */
function branchHeight(pages: readonly TreePage[], id: number): number {
  const children = pages.filter((p) => p.parentId === id);
  return 1 + Math.max(0, ...children.map((c) => branchHeight(pages, c.id)));
}

/** The depth (0: top level) a page under `parentId` has; null when the parent is unknown. */
export function depthUnder(pages: readonly TreePage[], parentId: number | null): number | null {
  let depth = 0;
  let current = parentId;
  const seen = new Set<number>();
  while (current !== null) {
    if (seen.has(current)) return null;
    seen.add(current);
    const parent = pages.find((p) => p.id === current);
    if (!parent) return null;
    depth += 1;
    current = parent.parentId;
  }
  return depth;
}

/** The parents a page may move under: the top level (null) and every page outside its own branch. */
export function parentChoices<P extends TreePage>(pages: readonly P[], id: number | null): { page: P; depth: number }[] {
  const excluded = id === null ? new Set<number>() : branchOf(pages, id);
  return flattenTree(buildTree(pages)).filter((o) => !excluded.has(o.page.id));
}

export type TreeProblem = { field: "slug" | "parentId" | "title"; detail: string };

/**
 * Whether page `id` (null: a new page) may have this slug under this parent: a known parent,
 * not itself or below itself (a cycle), not deeper than the site's addresses go, a slug of
 * lower-case words that no sibling has, and not a slug the site's own routes take at the top.
 */
export function placementProblem(pages: readonly TreePage[], id: number | null, parentId: number | null, slug: string): TreeProblem | null {
  if (parentId !== null) {
    if (!pages.some((p) => p.id === parentId)) return { field: "parentId", detail: "Choose a parent from the tree" };
    if (id !== null && branchOf(pages, id).has(parentId)) return { field: "parentId", detail: "A page cannot move under itself or a page below it" };
  }
  const depth = depthUnder(pages, parentId);
  if (depth === null) return { field: "parentId", detail: "Choose a parent from the tree" };
  const height = id === null ? 1 : branchHeight(pages, id);
  if (depth + height > MAX_TREE_DEPTH) return { field: "parentId", detail: `Pages go ${MAX_TREE_DEPTH} levels deep at most: choose a parent higher in the tree` };
  if (slug.length === 0 || slug.length > MAX_SLUG_LENGTH || !PAGE_SLUG.test(slug)) return { field: "slug", detail: "Use lower-case letters and digits, words joined by - (like club-history)" };
  if (parentId === null && (RESERVED_TOP_SLUGS as readonly string[]).includes(slug)) return { field: "slug", detail: "The site's own pages use this address: choose another slug" };
  if (siblingsOf(pages, parentId).some((p) => p.slug === slug && p.id !== id)) return { field: "slug", detail: "A page beside this one already has this slug" };
  return null;
}

/** The address of a page with this slug under this parent ('club/history'). */
export function fullPathOf(pages: readonly TreePage[], parentId: number | null, slug: string): string {
  const segments = [slug];
  let current = parentId;
  const seen = new Set<number>();
  while (current !== null && !seen.has(current)) {
    seen.add(current);
    const parent = pages.find((p) => p.id === current);
    if (!parent) break;
    segments.unshift(parent.slug);
    current = parent.parentId;
  }
  return segments.join("/");
}

/**
 * The orders after moving page `id` one place up or down among its siblings: every sibling gets
 * its position (0, 1, 2…), so gaps and ties written before are mended. null when it cannot move
 * that way (first up, last down) or is unknown.
 */
export function movedOrder(pages: readonly TreePage[], id: number, direction: "up" | "down"): { id: number; order: number }[] | null {
  const page = pages.find((p) => p.id === id);
  if (!page) return null;
  const siblings = siblingsOf(pages, page.parentId);
  const at = siblings.findIndex((p) => p.id === id);
  const to = direction === "up" ? at - 1 : at + 1;
  if (to < 0 || to >= siblings.length) return null;
  const reordered = [...siblings];
  [reordered[at], reordered[to]] = [reordered[to]!, reordered[at]!];
  return reordered.map((p, order) => ({ id: p.id, order }));
}

/** The order a page gets when it joins `parentId`'s children: after the last. */
export function lastOrderUnder(pages: readonly TreePage[], parentId: number | null, exceptId: number | null = null): number {
  const orders = siblingsOf(pages, parentId).filter((p) => p.id !== exceptId).map((p) => p.order);
  return orders.length === 0 ? 0 : Math.max(...orders) + 1;
}
