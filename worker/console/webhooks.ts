import { requireCapability } from "./capabilities";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { firstOf, resultsOf, rowSchema, settingRow } from "../db/rows";
import { SILENCE_SETTING, WEBHOOK_HOURS, silenceLimit, webhookHours, webhookSilence, webhookTotals, windowStart } from "../../src/domain/webhook-health";
import { WEBHOOK_OUTCOMES, type WebhookHealth, type WebhookHealthAnswer } from "../../src/schemas/console-webhooks";

/**
 * The console's webhook health, mounted in /api/console behind staffOnly:
 *   GET /api/console/webhooks   the last 48 hours of Stripe deliveries (webhook_deliveries, 0014/0019)
 * Four reads in one batch, each by an index: the hours by webhook_deliveries_time, the ignored
 * types and the failures by webhook_deliveries_outcome, the last delivery by the time index's end;
 * the setting by its key. The lag (Stripe's `created` to processed) counts the deliveries that
 * applied or ignored an event: a duplicate or a failure processed nothing.
 */
export const HOURS_SQL = `
  SELECT strftime('%Y-%m-%dT%H:00:00Z', received_at) AS hour, outcome, COUNT(*) AS deliveries,
         COUNT(lag) AS lagged, COALESCE(SUM(lag), 0) AS lagSum, MAX(lag) AS lagMax
    FROM (SELECT received_at, outcome,
                 CASE WHEN outcome IN ('applied', 'ignored') AND event_created IS NOT NULL AND processed_at IS NOT NULL
                      THEN (julianday(processed_at) - julianday(event_created, 'unixepoch')) * 86400 END AS lag
            FROM webhook_deliveries WHERE received_at >= ?1)
   GROUP BY hour, outcome`;
export const LAST_SQL = "SELECT received_at, event_id, type, outcome FROM webhook_deliveries ORDER BY received_at DESC LIMIT 1";
export const IGNORED_SQL = `SELECT type, COUNT(*) AS count FROM webhook_deliveries WHERE outcome = 'ignored' AND received_at >= ?1 GROUP BY type ORDER BY count DESC, type`;
export const FAILURES_SQL = `SELECT received_at, event_id, type, detail FROM webhook_deliveries WHERE outcome = 'failed' AND received_at >= ?1 ORDER BY received_at DESC LIMIT 20`;

const hourRow = rowSchema("webhook deliveries per hour", { hour: z.string(), outcome: z.string(), deliveries: z.number(), lagged: z.number(), lagSum: z.number(), lagMax: z.number().nullable() });
const lastRow = rowSchema("the last webhook delivery", { received_at: z.string(), event_id: z.string(), type: z.string(), outcome: z.enum(WEBHOOK_OUTCOMES) });
const ignoredRow = rowSchema("ignored webhook types", { type: z.string(), count: z.number() });
const failureRow = rowSchema("failed webhook deliveries", { received_at: z.string(), event_id: z.string(), type: z.string(), detail: z.string().nullable() });

export async function webhookHealth(db: D1Database, now = Date.now()): Promise<WebhookHealth> {
  const since = new Date(windowStart(now, WEBHOOK_HOURS)).toISOString();
  const [hours, last, ignored, failures, setting] = await db.batch([
    db.prepare(HOURS_SQL).bind(since),
    db.prepare(LAST_SQL),
    db.prepare(IGNORED_SQL).bind(since),
    db.prepare(FAILURES_SQL).bind(since),
    db.prepare("SELECT key, value FROM settings WHERE key = ?1").bind(SILENCE_SETTING),
  ]);
  const groups = resultsOf(hourRow, hours);
  const shown = webhookHours(groups, now);
  const latest = firstOf(lastRow, last);
  return {
    at: new Date(now).toISOString(),
    hours: shown,
    last: latest ? { receivedAt: latest.received_at, eventID: latest.event_id, type: latest.type, outcome: latest.outcome } : null,
    silence: webhookSilence(latest?.received_at ?? null, now, silenceLimit(firstOf(settingRow, setting)?.value)),
    totals: webhookTotals(groups, shown),
    ignoredTypes: resultsOf(ignoredRow, ignored),
    failures: resultsOf(failureRow, failures).map((f) => ({ receivedAt: f.received_at, eventID: f.event_id, type: f.type, detail: f.detail })),
  };
}

export const consoleWebhooksApi = new Hono<AppEnv>();

consoleWebhooksApi.get("/webhooks", requireCapability("webhooks.view"), async (c) => {
  const answer: WebhookHealthAnswer = { data: { attributes: await webhookHealth(c.env.DB) } };
  return c.json(answer);
});
