import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError, fieldErrorsOf } from "../http/api-error";
import { staffActor, writeAudit } from "../audit/audit-log";
import { CAPABILITY_REQUIRED_DETAIL, requireCapability } from "./capabilities";
import { ARTICLE_MOVES, slugLocked, type ArticleMove } from "../../src/domain/article-state";
import { can } from "../../src/domain/staff-roles";
import { createArticle, moveArticle, saveArticle } from "../news/article-writes";
import { isSlug } from "../../src/domain/slug";
import {
  articleById,
  articleFieldsInput,
  categoryOptions,
  conflictDetail,
  revisionStatement,
  revisionById,
  revisionsOf,
  slugFor,
  heroImageProblem,
  storyChoices,
  slugsTaken,
  storedFields,
  toConsoleArticle,
  type ArticleRow,
  type StoredFields,
} from "../news/articles";
import { claimAndProject } from "../news/publish";
import { SHARE_HOURS, signPreviewToken } from "../news/preview";
import { authConfigOf, AuthConfigError } from "../auth/config";
import { siteOriginOf } from "../env";
import type { ConsoleArticle } from "../../src/schemas/console-articles";

/**
 * News articles in the console (the editor at /admin/news/new and /admin/news/{id}):
 *
 *   GET  /api/console/news/stories?q= | ?ids=          published stories to relate, by words of their title or by number (content.view)
 *   GET  /api/console/news/articles/:id                 the article, its categories to choose from, its revisions (content.view)
 *   POST /api/console/news/articles                     a new draft (content.edit)
 *   PUT  /api/console/news/articles/:id                 save: { version, ...fields } (content.edit)
 *   POST /api/console/news/articles/:id/:move           publish | schedule | unschedule | unpublish: { version, publishAt? } (content.publish)
 *   POST /api/console/news/articles/:id/slug            a new address: { version, slug }; before the first publication (content.edit) it
 *                                                       just changes, after it (content.publish) the old one redirects; taken: 409 SLUG_TAKEN
 *   POST /api/console/news/articles/:id/share           a signed read-only preview link: { hours: 1 | 24 | 168 } (content.view)
 *   GET  /api/console/news/articles/:id/revisions/:rev  one revision's fields, for compare (content.view)
 *   POST /api/console/news/articles/:id/revisions/:rev/restore   its fields saved as a new revision: { version } (content.edit)
 *
 * Every write names the version it started from: another one is 409 VERSION_CONFLICT naming who
 * saved last and when, and nothing is written. A refused field is 400 INVALID_INPUT with the field
 * named. Every write is audited with the article before and after.
 */
export const consoleArticlesApi = new Hono<AppEnv>();

const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const versionInput = z.object({ version: z.number().int().positive() });

function idOf(c: Context<AppEnv>, name = "id"): number {
  const parsed = idParam.safeParse(c.req.param(name));
  if (!parsed.success) throw new ApiError(404, "NOT_FOUND", "No article by that id");
  return parsed.data;
}

async function bodyOf(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const raw: unknown = await c.req.json().catch(() => undefined);
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new ApiError(400, "INVALID_INPUT", "The body must be a JSON object");
  return raw as Record<string, unknown>;
}

function parse<T>(schema: z.ZodType<T>, raw: unknown): T {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw ApiError.fields(400, "INVALID_INPUT", "Some fields need a change", fieldErrorsOf(parsed.error));
  return parsed.data;
}

async function existing(c: Context<AppEnv>, id: number): Promise<ArticleRow> {
  const row = await articleById(c.env.DB, id);
  if (!row) throw new ApiError(404, "NOT_FOUND", "No article by that id");
  return row;
}

/** The staff member's name as the 409 and the revisions show it, and their audit actor. */
function author(c: Context<AppEnv>): { name: string; actor: string } {
  const user = c.get("user");
  return { name: user?.displayName || user?.email || "A member of staff", actor: staffActor(user?.ssoID ?? "unknown") };
}

/** The article as the audit log keeps it: what identifies it and what a reader sees first. */
const auditView = (a: ConsoleArticle | null) =>
  a && { status: a.status, version: a.version, slug: a.slug, title: a.title, summary: a.summary, publishAt: a.publishAt, pending: a.pending, bodyLength: a.bodyHtml.length };

async function audit(c: Context<AppEnv>, action: string, id: number | null, status: number, before: ConsoleArticle | null, after: ConsoleArticle | null) {
  await writeAudit(c, { actor: author(c).actor, action, target: id === null ? null : `article:${id}`, status, detail: { via: "console", before: auditView(before), after: auditView(after) } });
}

/** 409 with who saved last; audited as a refusal. */
async function conflict(c: Context<AppEnv>, action: string, id: number, before: ArticleRow): Promise<never> {
  const now = (await articleById(c.env.DB, id)) ?? before;
  await audit(c, action, id, 409, toConsoleArticle(before), null);
  throw new ApiError(409, "VERSION_CONFLICT", conflictDetail(now));
}

async function answer(c: Context<AppEnv>, id: number, status: 200 | 201 = 200) {
  const row = await existing(c, id);
  return c.json({ data: { attributes: toConsoleArticle(row) } }, status);
}

const now = () => new Date();

const storyQuery = z.union([
  z.object({ ids: z.string().regex(/^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15}){0,9}$/).transform((s) => s.split(",").map(Number)) }),
  z.object({ q: z.string().trim().min(1).max(200) }),
]);

consoleArticlesApi.get("/news/stories", requireCapability("content.view"), async (c) => {
  const parsed = storyQuery.safeParse(c.req.query());
  if (!parsed.success) throw new ApiError(400, "INVALID_INPUT", "Give q (words of a title) or ids (up to 10 story numbers, comma-separated)");
  return c.json({ data: { attributes: { stories: await storyChoices(c.env.DB, parsed.data) } } });
});

consoleArticlesApi.get("/news/articles/:id", requireCapability("content.view"), async (c) => {
  const id = idOf(c);
  const row = await existing(c, id);
  const [categories, revisions] = await Promise.all([categoryOptions(c.env.DB), revisionsOf(c.env.DB, id)]);
  return c.json({ data: { attributes: toConsoleArticle(row), categories, revisions } });
});

consoleArticlesApi.post("/news/articles", requireCapability("content.edit"), async (c) => {
  const by = author(c);
  const parsed = parse(articleFieldsInput, await bodyOf(c));
  // A new article is by whoever starts it, unless they name someone else.
  const input = { ...parsed, author: parsed.author || by.name };
  const slug = await slugFor(c.env.DB, null, input);
  if ("error" in slug) throw ApiError.fields(400, "INVALID_INPUT", "Some fields need a change", [slug.error]);
  const hero = await heroImageProblem(c.env.DB, input);
  if (hero) throw ApiError.fields(400, "INVALID_INPUT", "Some fields need a change", [hero]);
  const fields = await storedFields(c.env.DB, null, input, slug.slug);
  const id = await createArticle(c.env.DB, fields, by.name, now());
  const after = toConsoleArticle(await existing(c, id));
  await audit(c, "article.create", id, 201, null, after);
  return c.json({ data: { attributes: after } }, 201);
});

/** Writes `fields` over article `id` if it is still at `version`: one batch with its revision. */
async function saveFields(c: Context<AppEnv>, before: ArticleRow, version: number, fields: StoredFields, action: string) {
  if (!(await saveArticle(c.env.DB, before.id, version, fields, action, author(c).name, now()))) await conflict(c, `article.${action}`, before.id, before);
  const after = toConsoleArticle(await existing(c, before.id));
  await audit(c, `article.${action}`, before.id, 200, toConsoleArticle(before), after);
  return after;
}

consoleArticlesApi.put("/news/articles/:id", requireCapability("content.edit"), async (c) => {
  const id = idOf(c);
  const body = await bodyOf(c);
  const { version } = parse(versionInput, body);
  const before = await existing(c, id);
  const input = parse(articleFieldsInput, body);
  if (before.version !== version) await conflict(c, "article.save", id, before);
  const slug = await slugFor(c.env.DB, before, input);
  if ("error" in slug) throw ApiError.fields(400, "INVALID_INPUT", "Some fields need a change", [slug.error]);
  const hero = await heroImageProblem(c.env.DB, input);
  if (hero) throw ApiError.fields(400, "INVALID_INPUT", "Some fields need a change", [hero]);
  const after = await saveFields(c, before, version, await storedFields(c.env.DB, id, input, slug.slug), "save");
  return c.json({ data: { attributes: after } });
});

/** The answer for an address another story holds, now or before: beside the field, with a 409. */
const slugTaken = () =>
  ApiError.fields(409, "SLUG_TAKEN", "That address is taken", [{ field: "slug", detail: "Another story has this address, or had it: choose another" }]);
const isUniqueFailure = (error: unknown) => error instanceof Error && /UNIQUE constraint failed/i.test(error.message);

consoleArticlesApi.post("/news/articles/:id/slug", requireCapability("content.edit"), async (c) => {
  const id = idOf(c);
  const { version, slug } = parse(versionInput.extend({ slug: z.string().trim().max(100, "At most 100 characters").refine(isSlug, "Lower-case letters, digits and single hyphens only") }), await bodyOf(c));
  const before = await existing(c, id);
  const locked = slugLocked(before.status, before.published_at !== null);
  // Before the first publication an address is the writer's to choose (a save may change it too);
  // moving a public one retires an address readers know, which is a publisher's act.
  if (locked && !can(c.get("staffRoles") ?? [], "content.publish")) throw new ApiError(403, "CAPABILITY_REQUIRED", CAPABILITY_REQUIRED_DETAIL);
  if (before.version !== version) await conflict(c, "article.slug", id, before);
  if (slug === before.slug) return answer(c, id);
  if ((await slugsTaken(c.env.DB, id, slug)).has(slug)) {
    await audit(c, "article.slug", id, 409, toConsoleArticle(before), null);
    throw slugTaken();
  }
  const by = author(c);
  const at = now().toISOString();
  const db = c.env.DB;
  const claim = db.prepare("UPDATE articles SET slug = ?3, version = version + 1, updated_at = ?4, updated_by = ?5 WHERE id = ?1 AND version = ?2").bind(id, version, slug, at, by.name);
  try {
    if (!locked) {
      // Never public: nobody knows the old address, so nothing redirects from it.
      const [changed] = await db.batch([claim, revisionStatement(db, id, "slug", by.name)]);
      if ((changed?.meta.changes ?? 0) !== 1) await conflict(c, "article.slug", id, before);
    } else {
      // The old address redirects to the new one; a story taking back an address it had frees it.
      const [changed] = await db.batch([
        claim,
        db.prepare("INSERT INTO article_slugs (slug, article_id) SELECT ?2, ?1 WHERE changes() = 1 ON CONFLICT (slug) DO UPDATE SET article_id = excluded.article_id").bind(id, before.slug),
        db.prepare("DELETE FROM article_slugs WHERE slug = ?2 AND article_id = ?1").bind(id, slug),
      ]);
      if ((changed?.meta.changes ?? 0) !== 1) await conflict(c, "article.slug", id, before);
      // The news row follows only when the article is live without pending edits; otherwise at its next publish.
      await claimAndProject(c.env, id, db.prepare("UPDATE articles SET updated_at = updated_at WHERE id = ?1").bind(id), "slug", by.name);
    }
  } catch (error) {
    // Another story took the address between the check and the write: the table's UNIQUE refuses it.
    if (isUniqueFailure(error)) {
      await audit(c, "article.slug", id, 409, toConsoleArticle(before), null);
      throw slugTaken();
    }
    throw error;
  }
  const after = toConsoleArticle(await existing(c, id));
  await audit(c, "article.slug", id, 200, toConsoleArticle(before), after);
  return c.json({ data: { attributes: after } });
});

const moveInput = versionInput.extend({ publishAt: z.string().optional() });

consoleArticlesApi.post("/news/articles/:id/:move{publish|schedule|unschedule|unpublish}", requireCapability("content.publish"), async (c) => {
  const id = idOf(c);
  const move = z.enum(ARTICLE_MOVES).parse(c.req.param("move")) satisfies ArticleMove;
  const { version, publishAt } = parse(moveInput, await bodyOf(c));
  const before = await existing(c, id);
  if (before.version !== version) await conflict(c, `article.${move}`, id, before);
  if (!(await moveArticle(c.env, before, version, move, publishAt, author(c).name, now()))) await conflict(c, `article.${move}`, id, before);
  const after = toConsoleArticle(await existing(c, id));
  await audit(c, `article.${move}`, id, 200, toConsoleArticle(before), after);
  return c.json({ data: { attributes: after } });
});

consoleArticlesApi.post("/news/articles/:id/share", requireCapability("content.view"), async (c) => {
  const id = idOf(c);
  const { hours } = parse(z.object({ hours: z.union(SHARE_HOURS.map((h) => z.literal(h)) as [z.ZodLiteral<1>, z.ZodLiteral<24>, z.ZodLiteral<168>]) }), await bodyOf(c));
  await existing(c, id);
  const config = authConfigOf(c.env);
  if (config instanceof AuthConfigError || !config.sessionSecret) throw new ApiError(503, "NOT_CONFIGURED", "The site cannot sign links: its session secret is not set");
  const { token, expiresAt } = await signPreviewToken(config.sessionSecret, id, hours, now());
  const url = `${siteOriginOf(c.env, c.req.url)}/news/preview/${id}?token=${token}`;
  await writeAudit(c, { actor: author(c).actor, action: "article.share", target: `article:${id}`, status: 200, detail: { via: "console", hours, expiresAt } });
  return c.json({ data: { url, expiresAt } });
});

consoleArticlesApi.get("/news/articles/:id/revisions/:rev", requireCapability("content.view"), async (c) => {
  const revision = await revisionById(c.env.DB, idOf(c), idOf(c, "rev"));
  if (!revision) throw new ApiError(404, "NOT_FOUND", "No revision by that id");
  return c.json({ data: { attributes: revision } });
});

consoleArticlesApi.post("/news/articles/:id/revisions/:rev/restore", requireCapability("content.edit"), async (c) => {
  const id = idOf(c);
  const { version } = parse(versionInput, await bodyOf(c));
  const before = await existing(c, id);
  const revision = await revisionById(c.env.DB, id, idOf(c, "rev"));
  if (!revision) throw new ApiError(404, "NOT_FOUND", "No revision by that id");
  if (before.version !== version) await conflict(c, "article.restore", id, before);
  // The address stays: a restore brings back words, not an old slug.
  const input = parse(articleFieldsInput, { ...revision.fields, slug: before.slug });
  const after = await saveFields(c, before, version, await storedFields(c.env.DB, id, input, before.slug), "restore");
  return c.json({ data: { attributes: after } });
});
