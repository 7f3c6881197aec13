import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError, fieldErrorsOf } from "../http/api-error";
import { articleById, articleFieldsInput, fieldsOf, slugFor, storedFields, toConsoleArticle, type ArticleRow } from "../news/articles";
import { createArticle, moveArticle, saveArticle } from "../news/article-writes";

/**
 * The club's news writes on the admin API (mounted by worker/club-api/routes.ts: bearer
 * ADMIN_TOKEN, every call audited there):
 *   POST /api/admin/news                 a new article: { title, slug?, summary?, bodyHtml?, author?, heroImage?,
 *                                         featured?, categoryIds?, relatedIds?, publish? } (201; publish defaults to true)
 *   PUT  /api/admin/news/:id             the fields sent, over the article's own: { …fields, version?, publish? }
 *   POST /api/admin/news/:id/unpublish   out of the site
 * They go through the console's own article writes (worker/news/article-writes.ts): the article
 * gets its revisions ('create', 'save', 'publish', by the X-Admin-Actor), its state and its
 * projection into `news`, so the console shows it as it shows one of its own. An edit of a
 * published article goes live at once unless `publish: false` (then it waits, pending, as a
 * console save does). A `version` that is not the article's is 409 VERSION_CONFLICT; a refused
 * field is 400 INVALID_INPUT naming it.
 */
export const adminNewsRoutes = new Hono<AppEnv>();

const fieldDefaults = { slug: "", summary: "", bodyHtml: "", author: "", heroImage: "", featured: false, categoryIds: [], relatedIds: [] };
const controls = z.object({ publish: z.boolean().optional(), version: z.number().int().positive().optional() });
const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

function parse<T>(schema: z.ZodType<T>, raw: unknown): T {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw ApiError.fields(400, "INVALID_INPUT", "Some fields need a change", fieldErrorsOf(parsed.error));
  return parsed.data;
}

async function bodyOf(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const raw: unknown = await c.req.json().catch(() => undefined);
  c.set("auditDetail", raw);
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new ApiError(400, "INVALID_INPUT", "The body must be a JSON object");
  return raw as Record<string, unknown>;
}

async function articleOf(c: Context<AppEnv>): Promise<ArticleRow> {
  const id = idParam.safeParse(c.req.param("id"));
  c.set("auditTarget", id.success ? `article:${id.data}` : null);
  const row = id.success ? await articleById(c.env.DB, id.data) : null;
  if (!row) throw new ApiError(404, "NOT_FOUND", "No article by that id");
  return row;
}

const conflict = (): never => {
  throw new ApiError(409, "VERSION_CONFLICT", "The article changed since that version: read it again and send the new version");
};

/** Publishes article `id` from its current row; 409 if another write moved it first. */
async function publish(c: Context<AppEnv>, id: number, by: string) {
  const row = await articleById(c.env.DB, id);
  if (!row || !(await moveArticle(c.env, row, row.version, "publish", undefined, by, new Date()))) conflict();
}

async function answer(c: Context<AppEnv>, id: number, status: 200 | 201 = 200) {
  const row = await articleById(c.env.DB, id);
  if (!row) throw new ApiError(404, "NOT_FOUND", "No article by that id");
  return c.json({ data: { id: row.id, attributes: toConsoleArticle(row) } }, status);
}

adminNewsRoutes.post("/news", async (c) => {
  c.set("auditAction", "news.create");
  const body = await bodyOf(c);
  const { publish: live = true } = parse(controls, body);
  const by = c.get("adminActor");
  const input = parse(articleFieldsInput, { ...fieldDefaults, ...body });
  const slug = await slugFor(c.env.DB, null, input);
  if ("error" in slug) throw ApiError.fields(400, "INVALID_INPUT", "Some fields need a change", [slug.error]);
  const id = await createArticle(c.env.DB, await storedFields(c.env.DB, null, input, slug.slug), by, new Date());
  c.set("auditTarget", `article:${id}`);
  if (live) await publish(c, id, by);
  return answer(c, id, 201);
});

adminNewsRoutes.put("/news/:id", async (c) => {
  c.set("auditAction", "news.update");
  const before = await articleOf(c);
  const body = await bodyOf(c);
  const { publish: live, version = before.version } = parse(controls, body);
  if (version !== before.version) conflict();
  const by = c.get("adminActor");
  const input = parse(articleFieldsInput, { ...fieldsOf(before), ...body });
  const slug = await slugFor(c.env.DB, before, input);
  if ("error" in slug) throw ApiError.fields(400, "INVALID_INPUT", "Some fields need a change", [slug.error]);
  if (!(await saveArticle(c.env.DB, before.id, version, await storedFields(c.env.DB, before.id, input, slug.slug), "save", by, new Date()))) conflict();
  // A published story's edit goes live unless the call says to wait; another goes live only when asked.
  if (live ?? before.status === "published") await publish(c, before.id, by);
  return answer(c, before.id);
});

adminNewsRoutes.post("/news/:id/unpublish", async (c) => {
  c.set("auditAction", "news.unpublish");
  const before = await articleOf(c);
  if (!(await moveArticle(c.env, before, before.version, "unpublish", undefined, c.get("adminActor"), new Date()))) conflict();
  return answer(c, before.id);
});
