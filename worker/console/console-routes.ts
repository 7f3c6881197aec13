import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { sessionMiddleware } from "../auth/session-middleware";
import { noApiRoute } from "../http/api-error";
import { renderPage } from "../pages/render";
import { pageVariantOf } from "../pages/page-variant";
import type { LiveNowAnswer } from "../../src/schemas/console";
import { liveNow } from "./live-now";
import { revenue } from "./revenue";
import type { RevenueAnswer } from "../../src/schemas/console-revenue";
import { consoleAccountsApi } from "./accounts";
import { consoleCareApi } from "./care";
import { consoleCarePaymentsApi } from "./care-payments";
import { consoleWebhooksApi } from "./webhooks";
import { consoleWritesNeedOrigin } from "./console-csrf";
import { consoleContentApi } from "./content";
import { consoleAuditApi } from "./audit";
import { consoleStaffApi } from "./staff";
import { consoleRedirectsApi } from "./redirects";
import { consolePackagesApi } from "./packages";
import { consoleReportsApi } from "./reports";
import { consolePagesApi } from "./pages";
import { consoleFaqsApi } from "./faqs";
import { consoleMediaApi } from "./media";
import { consoleVideosApi } from "./videos";
import { consoleSeasonsApi } from "./seasons";
import { consoleFixturesApi } from "./fixtures";
import { consoleMatchPassesApi } from "./match-passes";
import { consolePromotionsApi } from "./promotions";
import { consolePlayersApi } from "./players";
import { consoleLeagueTableApi } from "./league-table";
import { consoleMatchOperationsApi } from "./match-operations";
import { consoleMatchExtrasApi } from "./match-extras";
import { consoleVideoPublishingApi } from "./video-publishing";
import { requireCapability } from "./capabilities";
import { consoleArticlesApi } from "./articles";
import { consoleLiveEventsApi } from "./live-events";
import { consoleLiveReplayApi } from "./live-replay";
import { consoleVouchersApi } from "./vouchers";
import { ApiError } from "../http/api-error";
import { hasSignedInHint } from "../auth/session-cookie";

/**
 * The club's console, for accounts with a staff role (migrations/0022_staff_roles.sql; granted on
 * the Staff screen, or the first administrator through the admin API). Everyone else finds
 * nothing: the page is the site's 404 and the API the API's 404, so the console's existence is not
 * announced. Each read and write then needs its capability (capabilities.ts, the table in
 * src/domain/staff-roles.ts): without it, 403. Writes need the site's own Origin
 * (console-csrf.ts, stricter than /api's check) and each is audited with the staff account as actor.
 *
 *   GET /admin              the console, rendered by the site's own SSR (route `admin` of
 *                           src/routes/routes.tsx); never the page cache, never stored
 *   GET /api/console/live   'Live now': viewers per stream, devices, refusals per minute, match rooms
 *   GET /api/console/revenue  'Subscriptions and revenue': subscribers, MRR, the last 90 days per day, passes, vouchers, funnel, churn, most watched
 *   GET /api/console/revenue/{days,subscribers}.csv  its downloads (worker/console/reports.ts)
 *   /api/console/accounts…  Accounts: search, an account, its actions (worker/console/accounts.ts)
 *   GET /api/console/webhooks   Webhook health (worker/console/webhooks.ts)
 *   /api/console/content/…  Content: adverts, promos, sponsors, menu, web settings (worker/console/content.ts)
 *   GET /api/console/audit  the audit log, filtered (worker/console/audit.ts)
 *   /api/console/staff…     Staff: who holds which role, grant and revoke (worker/console/staff.ts)
 *   /api/console/redirects… Redirects: old path → new location, 301/302 (worker/console/redirects.ts)
 *   /api/console/pages…     Pages: the CMS page tree, its pages and their order (worker/console/pages.ts)
 *   /api/console/faqs…      FAQs: Rovers TV's and the streamer's questions (worker/console/faqs.ts)
 *   /api/console/news/articles…  News articles: write, save, publish, schedule, revisions (worker/console/articles.ts)
 *   /api/console/media…     the media library: list and search, upload, edit, delete (worker/console/media.ts)
 *   /api/console/videos…    Rovers TV's video files: resumable upload, their transcode, linking a catalogue video (worker/console/videos.ts)
 *   /api/console/seasons…   Seasons: each season's preseason mode (worker/console/seasons.ts)
 *   /api/console/fixtures…  Fixtures and results: new, edit, reschedule, postpone, results, CSV import (worker/console/fixtures.ts)
 *   /api/console/fixtures/{id}/match-pass, /api/console/match-passes…  a fixture's match pass, mirrored to Stripe (worker/console/match-passes.ts)
 *   /api/console/packages…  Packages: subscription packages and their prices, mirrored to Stripe (worker/console/packages.ts)
 *   /api/console/promotions…  Promo codes: create (a Stripe coupon and promotion code), deactivate (worker/console/promotions.ts)
 *   /api/console/players…   Squads and players: sign, edit or move, loan out, release (worker/console/players.ts)
 *   /api/console/table…     League table: other clubs' results, points deductions (worker/console/league-table.ts)
 *   /api/console/matches…   the match operator's screen: a live match's state, events, withdrawals, line-up (worker/console/match-operations.ts)
 *   /api/console/videos/catalogue…  Rovers TV's catalogue: create, save, publish, unpublish, captions (worker/console/video-publishing.ts)
 *   /api/console/live-events…  Live streams: live events, their encoder's stream key, ending them (worker/console/live-events.ts);
 *                           an event's recording, its marks and its replay (worker/console/live-replay.ts)
 *   /api/console/vouchers…  Vouchers: batches of access codes, their codes and CSV, revoking (worker/console/vouchers.ts)
 */

/** Whether the request's account holds any staff role. */
const isStaff = (c: Context<AppEnv>) => c.get("user") !== null && (c.get("staffRoles") ?? []).length > 0;

/** What the console's editors show when a save meets an ended session (they keep the text). */
export const SESSION_EXPIRED_DETAIL = "Your session has expired. Sign in again in another tab; your changes are kept here.";

/**
 * Staff pass; anyone else gets the API's 404, the same as a path that does not exist. A browser
 * that was signed in (it still sends the signed-in hint) but whose session ended gets 401
 * SESSION_EXPIRED instead, so an editor mid-article is told to sign in again rather than that the
 * API does not exist; it tells nothing to someone who was never signed in.
 */
const staffOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.header("Cache-Control", "private, no-store");
  if (c.get("user") === null && hasSignedInHint(c)) throw new ApiError(401, "SESSION_EXPIRED", SESSION_EXPIRED_DETAIL);
  if (!isStaff(c)) noApiRoute(c);
  await next();
};

export const consoleApi = new Hono<AppEnv>();
consoleApi.use(sessionMiddleware, staffOnly, consoleWritesNeedOrigin);

consoleApi.get("/live", requireCapability("live.view"), async (c) => {
  const answer: LiveNowAnswer = { data: { attributes: await liveNow(c.env) } };
  return c.json(answer);
});

consoleApi.get("/revenue", requireCapability("revenue.view"), async (c) => {
  const answer: RevenueAnswer = { data: { attributes: await revenue(c.env.DB) } };
  return c.json(answer);
});

// Before the accounts: their POST /accounts/:ssoID/:action would answer /grants and /notes.
consoleApi.route("/", consoleReportsApi);
consoleApi.route("/", consoleCareApi);
consoleApi.route("/", consoleCarePaymentsApi);
consoleApi.route("/", consoleAccountsApi);
consoleApi.route("/", consoleWebhooksApi);
consoleApi.route("/", consoleContentApi);
consoleApi.route("/", consoleAuditApi);
consoleApi.route("/", consoleStaffApi);
consoleApi.route("/", consoleRedirectsApi);
consoleApi.route("/", consolePagesApi);
consoleApi.route("/", consoleFaqsApi);
consoleApi.route("/", consoleArticlesApi);
consoleApi.route("/", consoleMediaApi);
consoleApi.route("/", consoleVideosApi);
consoleApi.route("/", consoleSeasonsApi);
consoleApi.route("/", consoleFixturesApi);
consoleApi.route("/", consoleMatchPassesApi);
consoleApi.route("/", consolePackagesApi);
consoleApi.route("/", consolePromotionsApi);
consoleApi.route("/", consolePlayersApi);
consoleApi.route("/", consoleLeagueTableApi);
consoleApi.route("/", consoleMatchOperationsApi);
consoleApi.route("/", consoleMatchExtrasApi);
consoleApi.route("/", consoleVideoPublishingApi);
consoleApi.route("/", consoleLiveEventsApi);
consoleApi.route("/", consoleLiveReplayApi);
consoleApi.route("/", consoleVouchersApi);

consoleApi.all("*", noApiRoute);

/**
 * /admin and below: rendered here, past the page cache (a staff page must never be stored for
 * others, and a 404 for a visitor must not hide the console from staff). Only a staff member's
 * render names the staff member and their roles; a console loader finds no one in anyone else's and
 * answers the 404, and checks its section's capability, as its API twin does (without it, a 403 page).
 */
export const consolePage = new Hono<AppEnv>();
consolePage.use(sessionMiddleware);

consolePage.get("*", async (c) => {
  const user = c.get("user");
  const staff = user && isStaff(c) ? { ssoID: user.ssoID, roles: c.get("staffRoles") } : null;
  const response = await renderPage(c, c.req.raw, pageVariantOf(c), staff);
  response.headers.set("Cache-Control", "private, no-store");
  return response;
});
