import { z } from "zod";
import { allRows, firstRow, rowSchema } from "../db/rows";
import { sanitizeHtml } from "../html/sanitize-html";
import { ARTICLE_STATUSES, movesFrom, slugLocked, type ArticleStatus } from "../../src/domain/article-state";
import { isSlug, slugify, uniqueSlug } from "../../src/domain/slug";
import { ARTICLE_BODY_MAX, ARTICLE_RELATED_MAX, ARTICLE_SUMMARY_MAX, ARTICLE_TITLE_MAX, articleFieldsSchema, type ArticleFields, type ArticleListItem, type ArticleRevision, type ConsoleArticle } from "../../src/schemas/console-articles";
import type { FieldError } from "../http/api-error";
import { isImageFieldValue, mediaRefId } from "../../src/domain/media-ref";
import { libraryPhotoExists } from "../media-library/photo-column";

/**
 * Articles as the console writes them (table `articles`, migrations/0023_articles.sql): every
 * story's working copy, whatever its state. The public site never reads this table; it reads
 * `news`, the published projection that publish.ts writes.
 */

const articleShape = {
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  body_html: z.string(),
  author: z.string(),
  image_key: z.string(),
  featured: z.number(),
  category_ids: z.string(),
  related_ids: z.string(),
  status: z.enum(ARTICLE_STATUSES),
  publish_at: z.string().nullable(),
  published_at: z.string().nullable(),
  pending: z.number(),
  version: z.number(),
  updated_at: z.string(),
  updated_by: z.string(),
};
export const articleRow = rowSchema("articles", articleShape);
export type ArticleRow = z.infer<typeof articleRow>;

const idList = z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const idsOf = (text: string): number[] => {
  try {
    const parsed = idList.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
};

export function fieldsOf(row: ArticleRow): ArticleFields {
  return {
    title: row.title,
    slug: row.slug,
    summary: row.summary,
    bodyHtml: row.body_html,
    author: row.author,
    heroImage: row.image_key,
    featured: row.featured === 1,
    categoryIds: idsOf(row.category_ids),
    relatedIds: idsOf(row.related_ids),
  };
}

export function toConsoleArticle(row: ArticleRow): ConsoleArticle {
  const pending = row.pending === 1;
  return {
    ...fieldsOf(row),
    id: row.id,
    status: row.status,
    publishAt: row.publish_at,
    publishedAt: row.published_at,
    pending,
    version: row.version,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    slugLocked: slugLocked(row.status, row.published_at !== null),
    moves: movesFrom(row.status, pending),
  };
}

export async function articleById(db: D1Database, id: number): Promise<ArticleRow | null> {
  return firstRow(articleRow, db.prepare("SELECT * FROM articles WHERE id = ?1").bind(id));
}

const listRow = rowSchema("articles for the console list", {
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  author: z.string(),
  status: z.enum(ARTICLE_STATUSES),
  pending: z.number(),
  published_at: z.string().nullable(),
  publish_at: z.string().nullable(),
  updated_at: z.string(),
  list_key: z.string(),
  categories: z.string().nullable(),
});

/**
 * An article's place in the console's list: newest first by its time (scheduled: when it goes
 * live; published: when it did; a draft: its last save), then by id. The very expression of the
 * list's indexes (migrations/0027_article_list.sql): SQLite uses them only for it.
 */
const LIST_KEY = "COALESCE(publish_at, published_at, updated_at)";

/** D1's longest LIKE pattern, in bytes (SQLite's SQLITE_LIMIT_LIKE_PATTERN_LENGTH as D1 sets it). */
const LIKE_PATTERN_MAX = 50;

/** A place in the list, as its links carry it: the list time and id of the article next to it. */
export interface ListCursor {
  key: string;
  id: number;
}
export const cursorText = (c: ListCursor) => `${c.key}~${c.id}`;
const cursorPattern = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)~([1-9]\d{0,15})$/;
/** The cursor a link carries, or null when it is not one (the list answers 404). */
export function parseCursor(text: string): ListCursor | null {
  const m = cursorPattern.exec(text);
  const id = Number(m?.[2]);
  return m && Number.isSafeInteger(id) ? { key: m[1]!, id } : null;
}

export interface ArticleListQuery {
  /** words of the title, as typed ('' for all) */
  q: string;
  /** one state only, or null for all */
  status: ArticleStatus | null;
  /** older than this place (the next page), newer than it (the page before), or neither (the first page) */
  after?: ListCursor;
  before?: ListCursor;
  pageSize: number;
}

export interface ArticleListPage {
  total: number;
  articles: ArticleListItem[];
  /** where the newer and the older page start, null where there is none */
  newer: string | null;
  older: string | null;
}

/**
 * The console's list: a page of articles, narrowed to titles containing `q` (any case; its own %
 * and _ match themselves) and to a state. Keyset pagination: a page starts from a cursor, so every page
 * is one index range (no OFFSET walking past the ones before); the total is a count over the same
 * filters, on an index.
 */
export async function articleList(db: D1Database, query: ArticleListQuery): Promise<ArticleListPage> {
  const filters: string[] = [];
  const binds: unknown[] = [];
  const bind = (value: unknown) => {
    binds.push(value);
    return `?${binds.length}`;
  };
  if (query.q !== "") {
    // LIKE (case-insensitive for ASCII, and the fastest scan of the title index), its own % and _
    // escaped; D1 refuses a LIKE pattern past 50 bytes, so a longer search is the same test by
    // instr on lower-cased titles (slower: lower() copies every title).
    const like = `%${query.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    if (new TextEncoder().encode(like).length <= LIKE_PATTERN_MAX) filters.push(`title LIKE ${bind(like)} ESCAPE '\\'`);
    else filters.push(`instr(lower(title), lower(${bind(query.q)})) > 0`);
  }
  if (query.status) filters.push(`status = ${bind(query.status)}`);
  const countWhere = filters.length === 0 ? "" : `WHERE ${filters.join(" AND ")}`;
  const countBinds = [...binds];
  const cursor = query.after ?? query.before;
  const newerFirst = query.before === undefined;
  if (cursor) {
    const key = bind(cursor.key);
    const id = bind(cursor.id);
    filters.push(newerFirst ? `${LIST_KEY} <= ${key} AND (${LIST_KEY} < ${key} OR id < ${id})` : `${LIST_KEY} >= ${key} AND (${LIST_KEY} > ${key} OR id > ${id})`);
  }
  const where = filters.length === 0 ? "" : `WHERE ${filters.join(" AND ")}`;
  const order = newerFirst ? "DESC" : "ASC";
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT id, slug, title, author, status, pending, published_at, publish_at, updated_at, ${LIST_KEY} AS list_key,
           (SELECT group_concat(c.name, ', ') FROM json_each(articles.category_ids) j JOIN news_categories c ON c.id = j.value) AS categories
         FROM articles ${where} ORDER BY ${LIST_KEY} ${order}, id ${order} LIMIT ${bind(query.pageSize + 1)}`,
      )
      .bind(...binds),
    db.prepare(`SELECT COUNT(*) AS total FROM articles ${countWhere}`).bind(...countBinds),
  ]);
  const total = z.object({ total: z.number() }).parse((count?.results ?? [])[0]).total;
  const found = ((rows?.results ?? []) as unknown[]).map((r) => listRow.parse(r));
  const more = found.length > query.pageSize;
  const page = found.slice(0, query.pageSize);
  if (!newerFirst) page.reverse();
  const first = page[0];
  const last = page.at(-1);
  const place = (row: z.infer<typeof listRow>) => cursorText({ key: row.list_key, id: row.id });
  const articles = page.map((row) => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    author: row.author,
    status: row.status,
    pending: row.pending === 1,
    publishedAt: row.published_at,
    publishAt: row.publish_at,
    updatedAt: row.updated_at,
    categories: row.categories ?? "",
  }));
  return {
    total,
    articles,
    newer: first && (query.after !== undefined || (query.before !== undefined && more)) ? place(first) : null,
    older: last && (query.before !== undefined || more) ? place(last) : null,
  };
}

const categoryOptionRow = rowSchema("news_categories", { id: z.number(), name: z.string() });
export const categoryOptions = (db: D1Database) => allRows(categoryOptionRow, db.prepare("SELECT id, name FROM news_categories ORDER BY position, id"));

const storyRow = rowSchema("news stories to relate", { id: z.number(), title: z.string(), published_at: z.string() });
export type StoryChoice = { id: number; title: string; publishedAt: string };
export const STORY_CHOICES = 10;

/**
 * Published stories an editor may relate to an article: those whose title contains `q` (as typed,
 * `%` and `_` plain), newest first, or exactly the ids given (the chips of a saved article).
 */
export async function storyChoices(db: D1Database, query: { q: string } | { ids: number[] }): Promise<StoryChoice[]> {
  const statement =
    "ids" in query
      ? db.prepare("SELECT id, title, published_at FROM news WHERE id IN (SELECT value FROM json_each(?1)) ORDER BY published_at DESC, id DESC").bind(JSON.stringify(query.ids))
      : db.prepare(`SELECT id, title, published_at FROM news WHERE instr(lower(title), lower(?1)) > 0 ORDER BY published_at DESC, id DESC LIMIT ${STORY_CHOICES}`).bind(query.q);
  return (await allRows(storyRow, statement)).map((r) => ({ id: r.id, title: r.title, publishedAt: r.published_at }));
}

/** The body of a save: every editable field, checked one by one so each error sits beside its field. */
export const articleFieldsInput = z.object({
  title: z.string().trim().min(1, "Enter a title").max(ARTICLE_TITLE_MAX, `At most ${ARTICLE_TITLE_MAX} characters`),
  slug: z.string().trim().max(100, "At most 100 characters").refine((s) => s === "" || isSlug(s), "Lower-case letters, digits and single hyphens only"),
  summary: z.string().trim().max(ARTICLE_SUMMARY_MAX, `At most ${ARTICLE_SUMMARY_MAX} characters`),
  bodyHtml: z.string().max(ARTICLE_BODY_MAX, `At most ${ARTICLE_BODY_MAX} characters of text and markup`),
  author: z.string().trim().max(100, "At most 100 characters"),
  // A library photo (media:{id}, chosen with the console's picker) or, for the demo content and
  // stories from the admin API, a generated artwork key (/images/{w}x{h}/{key}.svg, worker/images/).
  heroImage: z.string().trim().refine(isImageFieldValue, "Choose a photo from the media library"),
  featured: z.boolean(),
  categoryIds: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(10, "At most 10 categories"),
  relatedIds: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(ARTICLE_RELATED_MAX, `At most ${ARTICLE_RELATED_MAX} related stories`),
});
export type ArticleFieldsInput = z.infer<typeof articleFieldsInput>;

/**
 * Every slug in use or retired that starts with `prefix`, but the article's own (a story keeps its
 * address when it saves). A range rather than LIKE: D1 refuses a LIKE pattern past 50 bytes
 * ("pattern too complex") and a slug may be 100 characters; and a range of the slug indexes reads
 * only the slugs it names ('~' sorts after every character a slug may hold).
 */
export async function slugsTaken(db: D1Database, ownId: number | null, prefix: string): Promise<Set<string>> {
  const self = ownId ?? 0;
  const rows = await allRows(
    rowSchema("slugs", { slug: z.string() }),
    db
      .prepare(
        `SELECT slug FROM articles WHERE id != ?1 AND slug >= ?2 AND slug < ?2 || '~'
         UNION SELECT slug FROM news WHERE id != ?1 AND slug >= ?2 AND slug < ?2 || '~'
         UNION SELECT slug FROM article_slugs WHERE article_id != ?1 AND slug >= ?2 AND slug < ?2 || '~'`,
      )
      .bind(self, prefix),
  );
  return new Set(rows.map((r) => r.slug));
}

/**
 * The slug a save keeps: once published it is fixed (only an explicit rename moves it); before, an
 * empty one follows the title, and a chosen one must be free.
 */
export async function slugFor(db: D1Database, current: ArticleRow | null, input: ArticleFieldsInput): Promise<{ slug: string } | { error: FieldError }> {
  if (current && slugLocked(current.status, current.published_at !== null)) {
    if (input.slug !== "" && input.slug !== current.slug) return { error: { field: "slug", detail: "The address is fixed since the first publication" } };
    return { slug: current.slug };
  }
  if (input.slug === "") {
    const base = slugify(input.title);
    return { slug: uniqueSlug(base, await slugsTaken(db, current?.id ?? null, base === "" ? "article" : base)) };
  }
  const taken = await slugsTaken(db, current?.id ?? null, input.slug);
  if (taken.has(input.slug)) return { error: { field: "slug", detail: "Another story has this address: choose another" } };
  return { slug: input.slug };
}

/** A hero image naming a library photo that is no longer there (deleted while the editor had it chosen). */
export async function heroImageProblem(db: D1Database, input: ArticleFieldsInput): Promise<FieldError | null> {
  const id = mediaRefId(input.heroImage);
  if (id === null || (await libraryPhotoExists(db, id))) return null;
  return { field: "heroImage", detail: "That photo is no longer in the media library: choose another" };
}

/** The stored form of a save: the body sanitised here as well as when read, ids kept only if they exist. */
export async function storedFields(db: D1Database, ownId: number | null, input: ArticleFieldsInput, slug: string) {
  const categories = new Set((await categoryOptions(db)).map((c) => c.id));
  const related = input.relatedIds.filter((id) => id !== ownId);
  return {
    slug,
    title: input.title,
    summary: input.summary,
    body_html: sanitizeHtml(input.bodyHtml),
    author: input.author,
    image_key: input.heroImage,
    featured: input.featured ? 1 : 0,
    category_ids: JSON.stringify([...new Set(input.categoryIds.filter((id) => categories.has(id)))]),
    related_ids: JSON.stringify([...new Set(related)]),
  };
}
export type StoredFields = Awaited<ReturnType<typeof storedFields>>;

/** A revision's snapshot, built by SQL from the row as written (so it is exactly what was saved). */
export const SNAPSHOT_SQL = `json_object('title', title, 'slug', slug, 'summary', summary, 'bodyHtml', body_html, 'author', author,
  'heroImage', image_key, 'featured', json(CASE featured WHEN 1 THEN 'true' ELSE 'false' END), 'categoryIds', json(category_ids), 'relatedIds', json(related_ids))`;

/**
 * Records a revision of article `id` at its current version, only if the statement just before it
 * in the batch changed a row (a refused version check writes nothing, revision included).
 */
export function revisionStatement(db: D1Database, id: number, action: string, by: string): D1PreparedStatement {
  return db
    .prepare(`INSERT INTO article_revisions (article_id, version, action, snapshot, by) SELECT id, version, ?2, ${SNAPSHOT_SQL}, ?3 FROM articles WHERE id = ?1 AND changes() = 1`)
    .bind(id, action, by);
}

const revisionRow = rowSchema("article_revisions", { id: z.number(), version: z.number(), action: z.string(), at: z.string(), by: z.string() });
export const REVISIONS_SHOWN = 50;

export async function revisionsOf(db: D1Database, id: number): Promise<ArticleRevision[]> {
  return allRows(revisionRow, db.prepare(`SELECT id, version, action, at, by FROM article_revisions WHERE article_id = ?1 ORDER BY id DESC LIMIT ${REVISIONS_SHOWN}`).bind(id));
}

export async function revisionById(db: D1Database, articleId: number, revisionId: number): Promise<(ArticleRevision & { fields: ArticleFields }) | null> {
  const row = await firstRow(
    rowSchema("article_revisions with snapshot", { id: z.number(), version: z.number(), action: z.string(), at: z.string(), by: z.string(), snapshot: z.string() }),
    db.prepare("SELECT id, version, action, at, by, snapshot FROM article_revisions WHERE article_id = ?1 AND id = ?2").bind(articleId, revisionId),
  );
  if (!row) return null;
  const { snapshot, ...revision } = row;
  return { ...revision, fields: articleFieldsSchema.parse(JSON.parse(snapshot)) };
}

/** For the 409: who saved last, and when. */
export const conflictDetail = (row: Pick<ArticleRow, "updated_by" | "updated_at">) =>
  `${row.updated_by || "Someone"} saved this article at ${row.updated_at.slice(11, 16)} UTC (${row.updated_at.slice(0, 10)}) while you were editing. Copy your changes, reload to see theirs, then apply yours again.`;

export type { ArticleStatus };
