import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError, fieldErrorsOf } from "../http/api-error";
import { staffActor, writeAudit } from "../audit/audit-log";
import { requireCapability } from "./capabilities";
import { changePage, createPage, deletePage, movePage, pageInput, pageTree, type TreeWrite } from "../content/page-tree";

/**
 * The console's Pages section (the CMS page tree), behind staffOnly: the tree for `content.view`,
 * the writes for `content.publish`.
 *   GET    /api/console/pages             every page, with its parent and order
 *   POST   /api/console/pages             { title, slug, parentId, template, heroImageKey, bodyHtml, status }
 *   PUT    /api/console/pages/:id         the same fields: a new parent moves the page and its branch
 *   POST   /api/console/pages/:id/move    { direction: "up" | "down" } among its siblings
 *   DELETE /api/console/pages/:id         only a page without children (409 PAGE_HAS_CHILDREN)
 * Every answer, refusals too, is audited as `page.create`, `.update`, `.move` or `.delete` with
 * the page before and after.
 */
export const consolePagesApi = new Hono<AppEnv>();

const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const moveBody = z.object({ direction: z.enum(["up", "down"], { error: "Move up or down" }) });

type Action = "page.create" | "page.update" | "page.move" | "page.delete";

/** Runs one write and answers it, audited either way; a refused body is audited with what was sent. */
async function answer(c: Context<AppEnv>, action: Action, target: string | null, raw: unknown, write: () => Promise<TreeWrite>, okStatus: 200 | 201 = 200) {
  const actor = staffActor(c.get("user")?.ssoID ?? "unknown");
  const outcome = await write();
  if (!outcome.ok) {
    await writeAudit(c, { actor, action, target, status: outcome.status, detail: { via: "console", body: raw } });
    if (outcome.fields) throw ApiError.fields(outcome.status, outcome.code, outcome.detail, outcome.fields);
    throw new ApiError(outcome.status, outcome.code, outcome.detail);
  }
  const id = outcome.after?.id ?? outcome.before?.id ?? null;
  await writeAudit(c, { actor, action, target: id === null ? target : String(id), status: okStatus, detail: { via: "console", before: outcome.before, after: outcome.after } });
  return c.json({ data: { attributes: outcome.after ?? { deleted: outcome.before } } }, okStatus);
}

async function refusedBody(c: Context<AppEnv>, action: Action, target: string | null, raw: unknown, error: z.ZodError): Promise<never> {
  await writeAudit(c, { actor: staffActor(c.get("user")?.ssoID ?? "unknown"), action, target, status: 400, detail: { via: "console", body: raw } });
  throw ApiError.fields(400, "INVALID_INPUT", "Some fields need a change", fieldErrorsOf(error));
}

function idOf(c: Context<AppEnv>): number {
  const id = idParam.safeParse(c.req.param("id"));
  if (!id.success) throw new ApiError(404, "PAGE_NOT_FOUND", "No such page");
  return id.data;
}

consolePagesApi.get("/pages", requireCapability("content.view"), async (c) => c.json({ data: { attributes: { pages: await pageTree(c.env.DB) } } }));

consolePagesApi.post("/pages", requireCapability("content.publish"), async (c) => {
  const raw: unknown = await c.req.json().catch(() => undefined);
  const body = pageInput.safeParse(raw ?? {});
  if (!body.success) return refusedBody(c, "page.create", null, raw, body.error);
  return answer(c, "page.create", null, raw, () => createPage(c.env, body.data), 201);
});

consolePagesApi.put("/pages/:id", requireCapability("content.publish"), async (c) => {
  const id = idOf(c);
  const raw: unknown = await c.req.json().catch(() => undefined);
  const body = pageInput.safeParse(raw ?? {});
  if (!body.success) return refusedBody(c, "page.update", String(id), raw, body.error);
  return answer(c, "page.update", String(id), raw, () => changePage(c.env, id, body.data));
});

consolePagesApi.post("/pages/:id/move", requireCapability("content.publish"), async (c) => {
  const id = idOf(c);
  const raw: unknown = await c.req.json().catch(() => undefined);
  const body = moveBody.safeParse(raw ?? {});
  if (!body.success) return refusedBody(c, "page.move", String(id), raw, body.error);
  return answer(c, "page.move", String(id), raw, () => movePage(c.env, id, body.data.direction));
});

consolePagesApi.delete("/pages/:id", requireCapability("content.publish"), async (c) => {
  const id = idOf(c);
  return answer(c, "page.delete", String(id), null, () => deletePage(c.env, id));
});
