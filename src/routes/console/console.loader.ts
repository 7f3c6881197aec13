import { data, type LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import { resultsOf, rowSchema, firstOf, totalRow } from "../../../worker/db/rows";
import type { Loaders, PageContext } from "../../../worker/pages/loader";
import { liveNow } from "../../../worker/console/live-now";
import { revenue } from "../../../worker/console/revenue";
import { accountDetail, searchAccounts } from "../../../worker/console/accounts";
import { webhookHealth } from "../../../worker/console/webhooks";
import { consoleContent } from "../../../worker/console/content";
import { auditPage } from "../../../worker/console/audit";
import { staffList } from "../../../worker/console/staff";
import { mediaPage } from "../../../worker/media-library/media-store";
import { CAPABILITY_REQUIRED_DETAIL } from "../../../worker/console/capabilities";
import { found, notFound } from "../../data/not-found";
import { params } from "../../data/route-params";
import { contentKindSchema } from "../../schemas/console-content";
import type { ConsoleAccess } from "../../schemas/console-staff";
import { auditQueryOf } from "../../domain/audit-query";
import { can, capabilitiesOf, type Capability } from "../../domain/staff-roles";

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
const newsListRow = rowSchema("news with their categories, for the console", {
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  author: z.string(),
  published_at: z.string(),
  featured: z.number(),
  categories: z.string().nullable(),
});

/**
 * /admin/news: every article, newest first, 50 a page (`?page=N`), narrowed to titles containing
 * `?q=` (its own `%` and `_` match themselves). Past the last page is the 404, as on /news.
 */
export async function newsLoader({ request }: LoaderFunctionArgs, context: PageContext) {
  const access = staffWith(context, "content.view");
  const search = new URL(request.url).searchParams;
  const q = (search.get("q") ?? "").trim().slice(0, 200);
  const page = params.page(search);
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = "WHERE ?1 = '' OR n.title LIKE ?2 ESCAPE '\\'";
  const db = context.env.DB;
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT n.id, n.slug, n.title, n.author, n.published_at, n.featured,
           (SELECT group_concat(c.name, ', ') FROM news_category nc JOIN news_categories c ON c.id = nc.category_id WHERE nc.news_id = n.id) AS categories
         FROM news n ${where} ORDER BY n.published_at DESC, n.id DESC LIMIT ?3 OFFSET ?4`,
      )
      .bind(q, like, NEWS_LIST_PAGE, page * NEWS_LIST_PAGE),
    db.prepare(`SELECT COUNT(*) AS total FROM news n ${where}`).bind(q, like),
  ]);
  const total = firstOf(totalRow, count)?.total ?? 0;
  if (page > 0 && page * NEWS_LIST_PAGE >= total) notFound();
  const articles = resultsOf(newsListRow, rows).map((r) => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    author: r.author,
    publishedAt: r.published_at,
    featured: r.featured === 1,
    categories: r.categories ?? "",
  }));
  return { news: { q, page, pageSize: NEWS_LIST_PAGE, total, articles }, access, pageCache: false as const };
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
  "admin/audit": auditLoader,
  "admin/staff": staffLoader,
  "admin/media": mediaLoader,
} satisfies Loaders;
