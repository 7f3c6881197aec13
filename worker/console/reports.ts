import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { requireCapability } from "./capabilities";
import { revenue } from "./revenue";
import { allRows, rowSchema } from "../db/rows";
import { staffActor, writeAudit } from "../audit/audit-log";
import { csvText } from "../../src/domain/csv";
import { GRANTING_STATUSES } from "../../src/domain/subscription-state";

/**
 * The downloads of 'Subscriptions and revenue' (`revenue.view`; the page's churn per month and most
 * watched videos are read with it, worker/console/revenue.ts):
 *   GET /api/console/revenue/days.csv         the page's 90 days, a line a day (money in pence)
 *   GET /api/console/revenue/subscribers.csv  every subscription that grants access now, with its
 *                                             account; personal data, so each download is audited
 */
export const consoleReportsApi = new Hono<AppEnv>();

const download = (name: string, body: string) =>
  new Response(body, { headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${name}"`, "cache-control": "private, no-store" } });

consoleReportsApi.get("/revenue/days.csv", requireCapability("revenue.view"), async (c) => {
  const { from, to, days } = await revenue(c.env.DB);
  const header = ["day", "subscriptions_pence", "match_passes_pence", "refunded_pence", "new_subscriptions", "cancelled", "refunds", "sign_ups"];
  const lines = days.map((d) => [d.day, d.subscriptionPence, d.matchPassPence, d.refundedPence, d.newSubscriptions, d.cancelled, d.refunds, d.signUps]);
  return download(`revenue-${from}-to-${to}.csv`, csvText([header, ...lines]));
});

const subscriberRow = rowSchema("a granting subscription with its account", {
  email: z.string().nullable(),
  sso_id: z.string().nullable(),
  package: z.string().nullable(),
  interval: z.string().nullable(),
  status: z.string(),
  started_at: z.number().nullable(),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.number(),
});

consoleReportsApi.get("/revenue/subscribers.csv", requireCapability("revenue.view"), async (c) => {
  const granting = GRANTING_STATUSES.map((s) => `'${s}'`).join(", ");
  const rows = await allRows(
    subscriberRow,
    c.env.DB.prepare(
      `SELECT a.email, a.sso_id, k.title AS package, p.interval, s.status, s.started_at, s.current_period_end, s.cancel_at_period_end
         FROM stripe_subscriptions s LEFT JOIN accounts a ON a.id = s.account_id
         LEFT JOIN prices p ON p.id = s.price_id LEFT JOIN packages k ON k.id = p.package_id
        WHERE s.status IN (${granting}) ORDER BY s.started_at, s.id`,
    ),
  );
  const header = ["email", "account", "package", "billed", "status", "started", "period_end", "cancels_at_period_end"];
  const lines = rows.map((r) => [
    r.email ?? "",
    r.sso_id ?? "",
    r.package ?? "",
    r.interval === "year" ? "yearly" : r.interval === "month" ? "monthly" : "",
    r.status,
    r.started_at === null ? "" : new Date(r.started_at * 1000).toISOString(),
    r.current_period_end ?? "",
    r.cancel_at_period_end === 1 ? "yes" : "no",
  ]);
  // Who took the supporters' e-mail addresses away, and when: the audit log keeps it.
  await writeAudit(c, { actor: staffActor(c.get("user")?.ssoID ?? "unknown"), action: "revenue.export-subscribers", target: null, status: 200, detail: { via: "console", rows: rows.length } });
  return download(`subscribers-${new Date().toISOString().slice(0, 10)}.csv`, csvText([header, ...lines]));
});
