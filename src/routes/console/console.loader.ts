import { data, type LoaderFunctionArgs } from "react-router";
import type { Loaders, PageContext } from "../../../worker/pages/loader";
import { liveNow } from "../../../worker/console/live-now";
import { revenue } from "../../../worker/console/revenue";
import { accountDetail, searchAccounts } from "../../../worker/console/accounts";
import { webhookHealth } from "../../../worker/console/webhooks";
import { consoleContent } from "../../../worker/console/content";
import { auditPage } from "../../../worker/console/audit";
import { staffList } from "../../../worker/console/staff";
import { listRedirects, REDIRECT_LIST_PAGE } from "../../../worker/redirects/redirects";
import { pageTree } from "../../../worker/content/page-tree";
import { faqGroups } from "../../../worker/content/faqs";
import { articleById, articleList, categoryOptions, parseCursor, fieldsOf, revisionsOf, toConsoleArticle } from "../../../worker/news/articles";
import type { ArticleFields } from "../../schemas/console-articles";
import { mediaPage } from "../../../worker/media-library/media-store";
import { CAPABILITY_REQUIRED_DETAIL } from "../../../worker/console/capabilities";
import { found, notFound } from "../../data/not-found";
import { params } from "../../data/route-params";
import { contentKindSchema } from "../../schemas/console-content";
import type { ConsoleAccess } from "../../schemas/console-staff";
import { auditQueryOf } from "../../domain/audit-query";
import { can, capabilitiesOf, type Capability } from "../../domain/staff-roles";
import { ARTICLE_STATUSES } from "../../domain/article-state";

/**
 * The club's console (/admin and below), read from worker/console/. Only a staff member's render
 * names a staff member (worker/console/console-routes.ts); for anyone else every console route is
 * the site's 404, so the console's existence is not announced. A member of staff whose roles lack
 * the section's capability (src/domain/staff-roles.ts, the same one its API checks) gets a 403.
 * Each answer carries who is looking (`access`: the navigation shows only what their roles open).
 * `pageCache: false`: a console page is never stored.
 */
function staffWith({ staff }: PageContext, capability: Capability): ConsoleAccess {
  if (!staff) notFound();
  if (!can(staff.roles, capability)) throw data(CAPABILITY_REQUIRED_DETAIL, { status: 403, statusText: "Forbidden" });
  return { ssoID: staff.ssoID, roles: [...staff.roles], capabilities: capabilitiesOf(staff.roles) };
}

/** /admin: 'Live now' (the browser asks /api/console/live to refresh it). */
export async function liveNowLoader(_args: LoaderFunctionArgs, context: PageContext) {
  const access = staffWith(context, "live.view");
  return { live: await liveNow(context.env), access, pageCache: false as const };
}

/** /admin/revenue: 'Subscriptions and revenue'. */
export async function revenueLoader(_args: LoaderFunctionArgs, context: PageContext) {
  const access = staffWith(context, "revenue.view");
  return { revenue: await revenue(context.env.DB), access, pageCache: false as const };
}

/** /admin/accounts: the account search. */
export async function accountsLoader({ request }: LoaderFunctionArgs, context: PageContext) {
  const access = staffWith(context, "accounts.view");
  const q = new URL(request.url).searchParams.get("q") ?? "";
  return { search: await searchAccounts(context.env.DB, q.slice(0, 200)), access, pageCache: false as const };
}

/** /admin/accounts/{ssoID}: one account; an unknown one is the 404. */
export async function accountLoader({ params }: LoaderFunctionArgs, context: PageContext) {
  const access = staffWith(context, "accounts.view");
  return { detail: found(await accountDetail(context.env, params.ssoID ?? "")), access, pageCache: false as const };
}

/** /admin/webhooks: webhook health. */
export async function webhooksLoader(_args: LoaderFunctionArgs, context: PageContext) {
  const access = staffWith(context, "webhooks.view");
  return { health: await webhookHealth(context.env.DB), access, pageCache: false as const };
}

/** /admin/content/{kind}: a kind's list and form (web settings need their own capability); a kind that does not exist is the 404. */
export async function contentLoader({ params }: LoaderFunctionArgs, context: PageContext) {
  const kind = contentKindSchema.safeParse(params.kind ?? "adverts");
  const access = staffWith(context, kind.success && kind.data === "settings" ? "settings.edit" : "content.view");
  return { content: kind.success ? await consoleContent(context.env.DB, kind.data) : notFound(), access, pageCache: false as const };
}

/** How many articles a page of the console's news list shows. */
const NEWS_LIST_PAGE = 50;

/**
 * /admin/news: every article, drafts and scheduled ones included (worker/news/articles.ts), the
 * latest first, 50 a page, narrowed to titles containing `?q=` (its own `%` and `_` match
 * themselves) and to one `?state=`. A page starts from a cursor (`?after=` the last article of the
 * page before it, `?before=` the first of the page after it), so paging stays one index range to
 * the end of 50,000; `?from=` is only the first row's number as the page shows it. A cursor or a
 * state that is not one, and a cursor past the end, is the 404, as a page past the last on /news.
 */
export async function newsLoader({ request }: LoaderFunctionArgs, context: PageContext) {
  const access = staffWith(context, "content.view");
  const search = new URL(request.url).searchParams;
  const q = (search.get("q") ?? "").trim().slice(0, 200);
  const state = search.get("state") ?? "";
  const status = state === "" ? null : ARTICLE_STATUSES.find((s) => s === state);
  if (status === undefined) notFound();
  const cursorOf = (name: string) => {
    const text = search.get(name);
    if (text === null) return undefined;
    return parseCursor(text) ?? notFound();
  };
  const after = cursorOf("after");
  const before = after ? undefined : cursorOf("before");
  const fromText = search.get("from") ?? "1";
  const from = /^[1-9]\d{0,6}$/.test(fromText) ? Number(fromText) : notFound();
  const list = await articleList(context.env.DB, { q, status, after, before, pageSize: NEWS_LIST_PAGE });
  if ((after || before) && list.articles.length === 0) notFound();
  return { news: { q, state: status, from: list.newer === null ? 1 : from, pageSize: NEWS_LIST_PAGE, ...list }, access, pageCache: false as const };
}

/** What a new article starts with. */
const NEW_ARTICLE: ArticleFields = { title: "", slug: "", summary: "", bodyHtml: "", author: "", heroImage: "", featured: false, categoryIds: [], relatedIds: [] };

/**
 * /admin/news/{id} (and /admin/news/new, which needs content.edit): the editor, with the
 * categories to choose from and the article's revisions. An id that names nothing is the 404.
 */
export async function articleLoader({ params: p }: LoaderFunctionArgs, context: PageContext) {
  const isNew = p.id === "new";
  const access = staffWith(context, isNew ? "content.edit" : "content.view");
  const db = context.env.DB;
  const categories = await categoryOptions(db);
  if (isNew) return { article: null, fields: NEW_ARTICLE, categories, revisions: [], access, pageCache: false as const };
  const id = Number(p.id);
  if (!/^[1-9][0-9]{0,15}$/.test(p.id ?? "") || !Number.isSafeInteger(id)) notFound();
  const row = found(await articleById(db, id));
  const article = toConsoleArticle(row);
  return { article, fields: fieldsOf(row), categories, revisions: await revisionsOf(db, id), access, pageCache: false as const };
}

/** /admin/audit: the audit log, filtered, newest first. */
export async function auditLoader({ request }: LoaderFunctionArgs, context: PageContext) {
  const access = staffWith(context, "audit.view");
  const query = auditQueryOf(new URL(request.url).searchParams);
  return { audit: await auditPage(context.env.DB, query), query, access, pageCache: false as const };
}

/** /admin/staff: who holds which role (administrators: `staff.manage`). */
export async function staffLoader(_args: LoaderFunctionArgs, context: PageContext) {
  const access = staffWith(context, "staff.manage");
  return { list: await staffList(context.env.DB), access, pageCache: false as const };
}

/** /admin/redirects: the club's redirects by old path, found by a word of either path (`?q=`, `?page=` 1-based). */
export async function redirectsLoader({ request }: LoaderFunctionArgs, context: PageContext) {
  const access = staffWith(context, "content.view");
  const search = new URL(request.url).searchParams;
  const q = (search.get("q") ?? "").trim().slice(0, 200);
  const page = params.page(search);
  const { redirects, total } = await listRedirects(context.env.DB, q, page);
  if (page > 0 && page * REDIRECT_LIST_PAGE >= total) notFound();
  return { list: { q, page, pageSize: REDIRECT_LIST_PAGE, total, redirects }, access, pageCache: false as const };
}

/** /admin/pages: the CMS page tree. */
export async function pagesLoader(_args: LoaderFunctionArgs, context: PageContext) {
  const access = staffWith(context, "content.view");
  return { pages: await pageTree(context.env.DB), access, pageCache: false as const };
}

/** /admin/faqs: the FAQ groups and their questions. */
export async function faqsLoader(_args: LoaderFunctionArgs, context: PageContext) {
  const access = staffWith(context, "content.view");
  return { groups: await faqGroups(context.env.DB), access, pageCache: false as const };
}

/** /admin/media: the media library, newest first, searched by alt text and file name (`?q=`, `?page=N`). */
export async function mediaLoader({ request }: LoaderFunctionArgs, context: PageContext) {
  const access = staffWith(context, "media.manage");
  const search = new URL(request.url).searchParams;
  const page = params.page(search);
  const media = await mediaPage(context.env.DB, search.get("q") ?? "", page);
  if (page > 0 && page * media.pageSize >= media.total) notFound();
  return { media, access, pageCache: false as const };
}

export const loaders = {
  admin: liveNowLoader,
  "admin/revenue": revenueLoader,
  "admin/accounts": accountsLoader,
  "admin/accounts/:ssoID": accountLoader,
  "admin/webhooks": webhooksLoader,
  "admin/content/:kind?": contentLoader,
  "admin/news": newsLoader,
  "admin/news/:id": articleLoader,
  "admin/audit": auditLoader,
  "admin/staff": staffLoader,
  "admin/redirects": redirectsLoader,
  "admin/pages": pagesLoader,
  "admin/faqs": faqsLoader,
  "admin/media": mediaLoader,
} satisfies Loaders;
