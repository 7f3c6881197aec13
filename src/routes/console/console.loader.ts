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
import { seasonSettings } from "../../../worker/teams/seasons";
import { articleById, articleList, categoryOptions, parseCursor, fieldsOf, revisionsOf, toConsoleArticle } from "../../../worker/news/articles";
import type { ArticleFields } from "../../schemas/console-articles";
import { mediaPage } from "../../../worker/media-library/media-store";
import { fixtureOptions, liveEvents } from "../../../worker/live-ingest/live-events";
import { ingestAddress, ingestConfigured, ingestRtmpAddress } from "../../../worker/live-ingest/stream-keys";
import { CAPABILITY_REQUIRED_DETAIL } from "../../../worker/console/capabilities";
import { found, notFound } from "../../data/not-found";
import { params } from "../../data/route-params";
import { contentKindSchema } from "../../schemas/console-content";
import type { ConsoleAccess } from "../../schemas/console-staff";
import { auditQueryOf } from "../../domain/audit-query";
import { can, capabilitiesOf, type Capability } from "../../domain/staff-roles";
import { ARTICLE_STATUSES } from "../../domain/article-state";
import { consoleVideoDetail, consoleVideoList, consoleVideoOptions } from "../../../worker/console/video-catalogue";
import { latestCheckIn } from "../../../worker/video-pipeline/transcoders";
import { transcoderRunning } from "../../domain/transcode-wait";
import { CONSOLE_VIDEO_STATUSES } from "../../domain/video-publication";
import { deskDetail, deskMatches } from "../../../worker/console/match-desk";
import { fixtureChoices, fixturePage } from "../../../worker/matches/fixture-store";
import { passViews } from "../../../worker/commercial/match-pass-store";
import { consolePackages } from "../../../worker/commercial/package-store";
import { grantableEntitlements } from "../../../worker/accounts/access-grants";
import { membershipCodes } from "../../domain/package-rules";
import { FIRST_TEAM_NAME } from "../../domain/fixture-rules";
import { londonToday, squadOptions, teamPlayers } from "../../../worker/squads/player-store";
import { leagueOf, leagueTable, tableParts } from "../../../worker/matches/league-table";
import { club } from "../../config/club";
import { promoCodeById, promoCodes, promoRedemptions } from "../../../worker/commercial/promo-code-store";
import { promoCatalogueOf } from "../../../worker/payments/stripe-promotions";

/**
 * The club's console (/admin and below), read from worker/console/. Only a staff member's render
 * names a staff member (worker/console/console-routes.ts); for anyone else every console route is
 * the site's 404, so the console's existence is not announced. A member of staff whose roles lack
 * the section's capability (src/domain/staff-roles.ts, the same one its API checks) gets a 403.
 * Each answer carries who is looking (`access`: the navigation shows only what their roles open).
 * `pageCache: false`: a console page is never stored.
 */
function staffWith({ staff }: PageContext, capability: Capability | readonly Capability[]): ConsoleAccess {
  if (!staff) notFound();
  const any = typeof capability === "string" ? [capability] : capability;
  if (!any.some((one) => can(staff.roles, one))) throw data(CAPABILITY_REQUIRED_DETAIL, { status: 403, statusText: "Forbidden" });
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

/** /admin/seasons: the seasons with their preseason mode. */
export async function seasonsLoader(_args: LoaderFunctionArgs, context: PageContext) {
  const access = staffWith(context, "content.view");
  return { seasons: await seasonSettings(context.env.DB), access, pageCache: false as const };
}

/**
 * /admin/fixtures: one page of a team's season (`?team=` its slug or 'first-team', `?season=`,
 * `?when=upcoming|past`, `?page=N`), the form's choices and each upcoming fixture's match pass and
 * live streams. An unknown team, season or page is the 404.
 */
export async function fixturesLoader({ request }: LoaderFunctionArgs, context: PageContext) {
  // Commerce opens the list too: a match pass is sold from its fixture (read-only fixtures for them).
  const access = staffWith(context, ["fixtures.manage", "commerce.manage"]);
  const search = new URL(request.url).searchParams;
  const options = await fixtureChoices(context.env.DB);
  const teamText = search.get("team") ?? FIRST_TEAM_NAME;
  const team = options.teams.find((t) => t.slug === (teamText === FIRST_TEAM_NAME ? "" : teamText)) ?? notFound();
  const season = options.seasons.find((s) => s.slug === (search.get("season") ?? club.currentSeason.slug)) ?? notFound();
  const whenText = search.get("when") ?? "upcoming";
  const when = whenText === "upcoming" || whenText === "past" ? whenText : notFound();
  const page = params.page(search);
  const list = await fixturePage(context.env.DB, team.slug, season.slug, when, page, new Date());
  if (page > 0 && page * list.pageSize >= list.total) notFound();
  const passes = await passViews(context.env.DB, list.fixtures.filter((f) => f.status === "fixture").map((f) => f.id));
  return { options, team: team.slug, season: season.slug, when, list, passes, access, pageCache: false as const };
}

/** /admin/players: one team's players (`?team=` its slug or 'first-team'), in the squad today or not, and the teams to choose from. */
export async function playersLoader({ request }: LoaderFunctionArgs, context: PageContext) {
  const access = staffWith(context, "squads.manage");
  const teamText = new URL(request.url).searchParams.get("team") ?? FIRST_TEAM_NAME;
  const options = await squadOptions(context.env.DB);
  const team = options.teams.find((t) => t.slug === (teamText === FIRST_TEAM_NAME ? "" : teamText)) ?? notFound();
  const today = londonToday(new Date());
  return { options, team: team.slug, today, players: await teamPlayers(context.env.DB, team.slug, today), access, pageCache: false as const };
}

/**
 * /admin/table: a team's league table for a season (`?team=`, `?season=`), the other clubs'
 * results it counts besides the club's own, and its deductions. A team without a league that
 * season shows the choice and says so; an unknown team or season is the 404.
 */
export async function leagueTableLoader({ request }: LoaderFunctionArgs, context: PageContext) {
  const access = staffWith(context, "fixtures.manage");
  const search = new URL(request.url).searchParams;
  const options = await fixtureChoices(context.env.DB);
  const teamText = search.get("team") ?? FIRST_TEAM_NAME;
  const team = options.teams.find((t) => t.slug === (teamText === FIRST_TEAM_NAME ? "" : teamText)) ?? notFound();
  const season = options.seasons.find((s) => s.slug === (search.get("season") ?? club.currentSeason.slug)) ?? notFound();
  const league = await leagueOf(context.env.DB, team.slug, season.slug);
  const [table, parts] = league ? await Promise.all([leagueTable(context.env.DB, team.slug, season.slug), tableParts(context.env.DB, league)]) : [null, null];
  const results = (parts?.others ?? []).map((r) => ({ id: r.id, home: r.home, away: r.away, homeGoals: r.home_goals, awayGoals: r.away_goals, playedOn: r.played_on }));
  const clubs = league && parts ? [league.team_name, ...parts.clubs.map((c) => c.name)] : [];
  return { options, team: team.slug === "" ? FIRST_TEAM_NAME : team.slug, season: season.slug, table, results, clubs, access, pageCache: false as const };
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

/**
 * /admin/videos: Rovers TV's catalogue, drafts included, newest first, narrowed to titles holding
 * every word of `?q=` and to one `?status=`, 25 a page (`?page=N`). A status that is not one, or a
 * page past the end, is the 404.
 */
export async function videosLoader({ request }: LoaderFunctionArgs, context: PageContext) {
  const access = staffWith(context, "video.manage");
  const search = new URL(request.url).searchParams;
  const q = (search.get("q") ?? "").trim().slice(0, 200);
  const statusText = search.get("status") ?? "";
  const status = statusText === "" ? null : CONSOLE_VIDEO_STATUSES.find((s) => s === statusText);
  if (status === undefined) notFound();
  const page = params.page(search);
  const [list, lastCheckIn] = await Promise.all([consoleVideoList(context.env.DB, q, status, page), latestCheckIn(context.env.DB)]);
  if (page > 0 && page * list.pageSize >= list.total) notFound();
  return { list, transcoderRunning: transcoderRunning(lastCheckIn, Date.now()), access, pageCache: false as const };
}

/** /admin/videos/{entryId} (and /admin/videos/new: the upload, then the form): the video's page and publish form. */
export async function videoLoader({ params: p }: LoaderFunctionArgs, context: PageContext) {
  const access = staffWith(context, "video.manage");
  const options = await consoleVideoOptions(context.env.DB);
  const running = transcoderRunning(await latestCheckIn(context.env.DB), Date.now());
  if (p.entryId === "new") return { detail: null, options, access, transcoderRunning: running, pageCache: false as const };
  const detail = found(await consoleVideoDetail(context.env.DB, p.entryId ?? "", options.packages));
  return { detail, options, access, transcoderRunning: running, pageCache: false as const };
}

/** /admin/matches: each team's matches to operate (in play, today's, the next ones). */
export async function deskMatchesLoader(_args: LoaderFunctionArgs, context: PageContext) {
  const access = staffWith(context, "match.operate");
  return { teams: await deskMatches(context.env.DB, new Date()), access, pageCache: false as const };
}

/** /admin/matches/{id}/live: the operator's screen for one match (its squad and the room's state); an unknown match is the 404. */
export async function deskMatchLoader({ params: p }: LoaderFunctionArgs, context: PageContext) {
  const access = staffWith(context, "match.operate");
  if (!/^[1-9][0-9]{0,8}$/.test(p.id ?? "")) notFound();
  const detail = found(await deskDetail(context.env, Number(p.id)));
  return { ...detail, clockAt: Date.now(), access, pageCache: false as const };
}

/**
 * /admin/live: the live events, the fixtures an event may be linked to, and each keyed event's
 * SRT address and the RTMP address (its key is never here: it is shown once, by the write that issued it).
 */
export async function liveEventsLoader({ request }: LoaderFunctionArgs, context: PageContext) {
  const access = staffWith(context, "live.manage");
  const [events, fixtures] = await Promise.all([liveEvents(context.env.DB), fixtureOptions(context.env.DB, null)]);
  const addresses = Object.fromEntries(events.flatMap((e) => (e.srtSlot === null ? [] : [[e.id, ingestAddress(context.env, request.url, e.srtSlot)]])));
  return { events, fixtures, addresses, rtmp: ingestRtmpAddress(context.env, request.url), ingestConfigured: ingestConfigured(context.env), access, pageCache: false as const };
}

/** /admin/packages: the subscription packages and their prices, and the access codes a price may give. */
export async function packagesLoader(_args: LoaderFunctionArgs, context: PageContext) {
  const access = staffWith(context, "commerce.manage");
  const [packages, codes] = await Promise.all([consolePackages(context.env.DB), grantableEntitlements(context.env.DB)]);
  return { packages, codes: membershipCodes(codes), access, pageCache: false as const };
}

/** /admin/promotions: the promo codes, newest first, with their redemptions counted; whether payments can make more. */
export async function promotionsLoader(_args: LoaderFunctionArgs, context: PageContext) {
  const access = staffWith(context, "commerce.manage");
  return { codes: await promoCodes(context.env.DB), paymentsReady: promoCatalogueOf(context.env) !== null, now: Date.now(), access, pageCache: false as const };
}

/** /admin/promotions/{id}: one code and who redeemed it; an unknown one is the 404. */
export async function promotionLoader({ params: p }: LoaderFunctionArgs, context: PageContext) {
  const access = staffWith(context, "commerce.manage");
  if (!/^[1-9][0-9]{0,8}$/.test(p.id ?? "")) notFound();
  const code = found(await promoCodeById(context.env.DB, Number(p.id)));
  return { code, redemptions: await promoRedemptions(context.env.DB, code.id), now: Date.now(), access, pageCache: false as const };
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
  "admin/seasons": seasonsLoader,
  "admin/fixtures": fixturesLoader,
  "admin/players": playersLoader,
  "admin/table": leagueTableLoader,
  "admin/videos": videosLoader,
  "admin/videos/:entryId": videoLoader,
  "admin/matches": deskMatchesLoader,
  "admin/matches/:id/live": deskMatchLoader,
  "admin/live": liveEventsLoader,
  "admin/packages": packagesLoader,
  "admin/promotions": promotionsLoader,
  "admin/promotions/:id": promotionLoader,
} satisfies Loaders;
