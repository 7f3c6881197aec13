import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { sessionMiddleware } from "../auth/session-middleware";
import { noApiRoute } from "../http/api-error";
import { renderPage } from "../pages/render";
import { pageVariantOf } from "../pages/page-variant";
import type { LiveNowAnswer } from "../../src/schemas/console";
import type { StaffReads } from "../data";
import { liveNow } from "./live-now";
import { revenue } from "./revenue";
import type { RevenueAnswer } from "../../src/schemas/console-revenue";
import type { AuditQuery } from "../../src/schemas/console-content";
import { accountDetail, consoleAccountsApi, searchAccounts } from "./accounts";
import { consoleWebhooksApi, webhookHealth } from "./webhooks";
import { consoleWritesNeedOrigin } from "./console-csrf";
import { consoleContent, consoleContentApi } from "./content";
import { auditPage, consoleAuditApi } from "./audit";
import { consoleStaffApi, staffList } from "./staff";
import { guardedRead, requireCapability } from "./capabilities";
import { capabilitiesOf } from "../../src/domain/staff-roles";

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
 *   GET /api/console/revenue  'Subscriptions and revenue': subscribers, MRR, the last 90 days per day, passes, vouchers, funnel
 *   /api/console/accounts…  Accounts: search, an account, its actions (worker/console/accounts.ts)
 *   GET /api/console/webhooks   Webhook health (worker/console/webhooks.ts)
 *   /api/console/content/…  Content: adverts, promos, sponsors, menu, web settings (worker/console/content.ts)
 *   GET /api/console/audit  the audit log, filtered (worker/console/audit.ts)
 *   /api/console/staff…     Staff: who holds which role, grant and revoke (worker/console/staff.ts)
 */

/** Whether the request's account holds any staff role. */
const isStaff = (c: Context<AppEnv>) => c.get("user") !== null && (c.get("staffRoles") ?? []).length > 0;

/** Staff pass; anyone else gets the API's 404, the same as a path that does not exist. */
const staffOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.header("Cache-Control", "private, no-store");
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

consoleApi.route("/", consoleAccountsApi);
consoleApi.route("/", consoleWebhooksApi);
consoleApi.route("/", consoleContentApi);
consoleApi.route("/", consoleAuditApi);
consoleApi.route("/", consoleStaffApi);

consoleApi.all("*", noApiRoute);

/**
 * /admin and below: rendered here, past the page cache (a staff page must never be stored for
 * others, and a 404 for a visitor must not hide the console from staff). Each section's loader asks
 * for its read; only a staff member's render can answer, everyone else's says null: the 404. Each
 * read needs its capability, as its API twin does: a member of staff without it gets a 403 page.
 */
export const consolePage = new Hono<AppEnv>();
consolePage.use(sessionMiddleware);

consolePage.get("*", async (c) => {
  const staff: StaffReads | null = isStaff(c) ? staffReads(c) : null;
  const response = await renderPage(c, c.req.raw, pageVariantOf(c), staff);
  response.headers.set("Cache-Control", "private, no-store");
  return response;
});

function staffReads(c: Context<AppEnv>): StaffReads {
  const roles = c.get("staffRoles");
  const ssoID = c.get("user")?.ssoID ?? "";
  return {
    access: async () => ({ ssoID, roles: [...roles], capabilities: capabilitiesOf(roles) }),
    liveNow: guardedRead(c, "live.view", () => liveNow(c.env)),
    revenue: guardedRead(c, "revenue.view", () => revenue(c.env.DB)),
    accountSearch: guardedRead(c, "accounts.view", (q: string) => searchAccounts(c.env.DB, q)),
    account: guardedRead(c, "accounts.view", (id: string) => accountDetail(c.env, id)),
    webhookHealth: guardedRead(c, "webhooks.view", () => webhookHealth(c.env.DB)),
    consoleContent: async (kind) => guardedRead(c, kind === "settings" ? "settings.edit" : "content.view", () => consoleContent(c.env.DB, kind))(),
    auditLog: guardedRead(c, "audit.view", (query: AuditQuery) => auditPage(c.env.DB, query)),
    staffList: guardedRead(c, "staff.manage", () => staffList(c.env.DB)),
  };
}
