import { z } from "zod";
import { bumpGeneration } from "../cache/kv-cache";
import { allRows, rowSchema } from "../db/rows";
import { claimVersion, readVersionStatement, versionOf } from "../db/write-version";
import { mediaRefId } from "../../src/domain/media-ref";
import {
  branchOf,
  depthUnder,
  fullPathOf,
  lastOrderUnder,
  movedOrder,
  PAGE_TEMPLATES,
  placementProblem,
  type TreePage,
  type TreeProblem,
} from "../../src/domain/page-tree";

/**
 * The CMS page tree's writes (`menu_pages`), for the console's Pages screen (/admin/pages): create,
 * change (title, slug, parent, template, hero image, body, status), move among siblings, delete.
 * The tree rules are src/domain/page-tree.ts; a change of slug or parent rewrites the address
 * (`full_path`) and level of the page and everything below it in one D1 batch (a transaction), so
 * the tree is never half moved. Every write lands only on the tree it checked (`treeAt`: a
 * version claimed first in its batch), so parallel writes cannot make a cycle, give two siblings
 * one position or compute an address from a tree that has moved. Every write bumps the menu's cache generation, which the page
 * cache's key carries: the change shows on the next request.
 */
const treeRow = rowSchema("menu_pages as a tree", {
  id: z.number(),
  parent_id: z.number().nullable(),
  post_title: z.string(),
  page_slug: z.string(),
  page_order: z.number(),
  page_template: z.enum(PAGE_TEMPLATES),
  post_status: z.enum(["Published", "Draft"]),
  post_type: z.enum(["internal", "external"]),
  full_path: z.string(),
  hero_image_key: z.string().nullable(),
  body_html: z.string(),
  redirect_location: z.string().nullable(),
});

/** A page of the tree as the console shows and edits it. */
export interface TreePageRow extends TreePage {
  template: (typeof PAGE_TEMPLATES)[number];
  status: "Published" | "Draft";
  kind: "internal" | "external";
  fullPath: string;
  heroImageKey: string | null;
  bodyHtml: string;
  redirect: string | null;
}

const TREE_SQL = "SELECT id, parent_id, post_title, page_slug, page_order, page_template, post_status, post_type, full_path, hero_image_key, body_html, redirect_location FROM menu_pages ORDER BY id";

export async function pageTree(db: D1Database): Promise<TreePageRow[]> {
  return (await allRows(treeRow, db.prepare(TREE_SQL))).map(toTreePage);
}

/**
 * The tree and its version, read together (one batch, one snapshot): a write decides on these
 * pages and then claims this version first in its own batch, so it lands only on the tree it
 * checked. Two moves at once (A under B, B under A) each pass alone; the second's claim fails and
 * it answers 409 PAGE_CONFLICT instead of closing a cycle.
 */
async function treeAt(db: D1Database): Promise<{ pages: TreePageRow[]; version: number }> {
  const [version, rows] = await db.batch([readVersionStatement(db, "page-tree"), db.prepare(TREE_SQL)]);
  return { version: versionOf(version), pages: z.array(treeRow).parse(rows?.results ?? []).map(toTreePage) };
}

function toTreePage(r: z.infer<typeof treeRow>): TreePageRow {
  return {
    id: r.id,
    parentId: r.parent_id,
    title: r.post_title,
    slug: r.page_slug,
    order: r.page_order,
    template: r.page_template,
    status: r.post_status,
    kind: r.post_type,
    fullPath: r.full_path,
    heroImageKey: r.hero_image_key,
    bodyHtml: r.body_html,
    redirect: r.redirect_location,
  };
}

/** What the console sends for a page; parsed field by field, each problem beside its field. */
export const pageInput = z.object({
  title: z.string({ error: "Enter a title" }).trim().min(1, "Enter a title").max(200, "At most 200 characters"),
  slug: z.string({ error: "Enter a slug" }).trim().max(120, "At most 120 characters"),
  parentId: z.union([z.literal("").transform(() => null), z.null(), z.coerce.number().int().positive()], { error: "Choose a parent from the tree" }),
  template: z.enum(PAGE_TEMPLATES, { error: "Choose Default, Hub or Landing" }),
  heroImageKey: z
    .string()
    .trim()
    .max(200, "At most 200 characters")
    // A library photo (media:{id}, the console's picker) or a generated key of the demo content.
    .refine((v) => v === "" || mediaRefId(v) !== null || /^[A-Za-z0-9][A-Za-z0-9._/-]{0,199}$/.test(v), "Choose a photo from the media library")
    .transform((v) => (v === "" ? null : v)),
  // HTML from the console's rich-text editor, sanitised when read.
  bodyHtml: z.string().max(60_000, "At most 60,000 characters"),
  status: z.enum(["Published", "Draft"], { error: "Choose Published or Draft" }),
});
export type PageInput = z.infer<typeof pageInput>;

export type TreeWrite =
  | { ok: true; before: TreePageRow | null; after: TreePageRow | null }
  | { ok: false; status: 400 | 404 | 409; code: string; detail: string; fields?: TreeProblem[] };

const missing: TreeWrite = { ok: false, status: 404, code: "PAGE_NOT_FOUND", detail: "No such page: it may have been deleted" };
const misplaced = (problem: TreeProblem): TreeWrite => ({ ok: false, status: 400, code: "INVALID_INPUT", detail: "Some fields need a change", fields: [problem] });
/** Another write changed the tree after this one read it (its version claim failed), or D1's own guard (the unique address): a 409, never a 500. */
const conflict: TreeWrite = { ok: false, status: 409, code: "PAGE_CONFLICT", detail: "The tree changed meanwhile: reload the page and try again" };

async function guarded(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (/UNIQUE|FOREIGN KEY|CHECK constraint/i.test(String(error))) return false;
    throw error;
  }
}

export async function createPage(env: Env, input: PageInput): Promise<TreeWrite> {
  const { pages, version } = await treeAt(env.DB);
  const problem = placementProblem(pages, null, input.parentId, input.slug);
  if (problem) return misplaced(problem);
  const fullPath = fullPathOf(pages, input.parentId, input.slug);
  let id = 0;
  const ok = await guarded(async () => {
    const [, inserted] = await env.DB.batch([
      claimVersion(env.DB, "page-tree", version),
      env.DB.prepare(
        `INSERT INTO menu_pages (parent_id, post_title, page_slug, full_path, nested_level, page_order, page_template, hero_image_key, body_html, post_status, in_menu)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 1) RETURNING id`,
      ).bind(input.parentId, input.title, input.slug, fullPath, depthUnder(pages, input.parentId), lastOrderUnder(pages, input.parentId), input.template, input.heroImageKey, input.bodyHtml, input.status),
    ]);
    id = z.object({ id: z.number() }).parse((inserted?.results ?? [])[0]).id;
  });
  if (!ok) return conflict;
  await bumpGeneration(env, "menu");
  return { ok: true, before: null, after: (await pageTree(env.DB)).find((p) => p.id === id) ?? null };
}

export async function changePage(env: Env, id: number, input: PageInput): Promise<TreeWrite> {
  const { pages, version } = await treeAt(env.DB);
  const before = pages.find((p) => p.id === id);
  if (!before) return missing;
  const problem = placementProblem(pages, id, input.parentId, input.slug);
  if (problem) return misplaced(problem);
  const moved = before.parentId !== input.parentId;
  // The tree as it will be: this page's new slug and parent, for the addresses below it.
  const after = pages.map((p) => (p.id === id ? { ...p, parentId: input.parentId, slug: input.slug } : p));
  const branch = [...branchOf(after, id)];
  const statements = [
    claimVersion(env.DB, "page-tree", version),
    env.DB.prepare(
      `UPDATE menu_pages SET parent_id = ?2, post_title = ?3, page_slug = ?4, page_template = ?5, hero_image_key = ?6, body_html = ?7, post_status = ?8,
         page_order = ?9 WHERE id = ?1`,
    ).bind(id, input.parentId, input.title, input.slug, input.template, input.heroImageKey, input.bodyHtml, input.status, moved ? lastOrderUnder(pages, input.parentId, id) : before.order),
    // Addresses first moved out of the way, so no two rows of the branch ever share one mid-batch.
    ...branch.map((pageId) => env.DB.prepare("UPDATE menu_pages SET full_path = '~moving/' || id WHERE id = ?1").bind(pageId)),
    ...branch.map((pageId) => {
      const p = after.find((q) => q.id === pageId)!;
      return env.DB.prepare("UPDATE menu_pages SET full_path = ?2, nested_level = ?3 WHERE id = ?1").bind(pageId, fullPathOf(after, p.parentId, p.slug), depthUnder(after, p.parentId));
    }),
  ];
  if (!(await guarded(() => env.DB.batch(statements)))) return conflict;
  await bumpGeneration(env, "menu");
  return { ok: true, before, after: (await pageTree(env.DB)).find((p) => p.id === id) ?? null };
}

export async function movePage(env: Env, id: number, direction: "up" | "down"): Promise<TreeWrite> {
  const { pages, version } = await treeAt(env.DB);
  const before = pages.find((p) => p.id === id);
  if (!before) return missing;
  const orders = movedOrder(pages, id, direction);
  if (!orders) return { ok: false, status: 409, code: "PAGE_CANNOT_MOVE", detail: direction === "up" ? "This page is first among its siblings already" : "This page is last among its siblings already" };
  const statements = [claimVersion(env.DB, "page-tree", version), ...orders.map((o) => env.DB.prepare("UPDATE menu_pages SET page_order = ?2 WHERE id = ?1").bind(o.id, o.order))];
  if (!(await guarded(() => env.DB.batch(statements)))) return conflict;
  await bumpGeneration(env, "menu");
  return { ok: true, before, after: (await pageTree(env.DB)).find((p) => p.id === id) ?? null };
}

/** Deletes a page without children (the guard is in the DELETE: a child added meanwhile keeps it). */
export async function deletePage(env: Env, id: number): Promise<TreeWrite> {
  const before = (await pageTree(env.DB)).find((p) => p.id === id);
  if (!before) return missing;
  // No claim: the guard is the statement's own, and deleting a leaf moves nothing else (the tree's
  // version still moves, by trigger, so a write that read the tree with this page is refused).
  const deleted = await env.DB.prepare("DELETE FROM menu_pages WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM menu_pages c WHERE c.parent_id = ?1) RETURNING id").bind(id).first();
  if (!deleted) return { ok: false, status: 409, code: "PAGE_HAS_CHILDREN", detail: "This page has pages below it: move or delete them first" };
  await bumpGeneration(env, "menu");
  return { ok: true, before, after: null };
}
