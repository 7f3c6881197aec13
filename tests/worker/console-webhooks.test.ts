import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { browser } from "./auth-test-app";
import { account, adminHeaders, CONSOLE_VARS, expectNotFoundPage, queryPlan, staffAccount } from "./staff-accounts";
import { deliver, stripeEvent } from "./stripe-fixtures";
import { FAILURES_SQL, HOURS_SQL, IGNORED_SQL, LAST_SQL, webhookHealth } from "../../worker/console/webhooks";
import { SILENCE_SETTING } from "../../src/domain/webhook-health";
import type { WebhookHealth } from "../../src/schemas/console-webhooks";

/** The console's webhook health, against numbers worked out by hand. */

/** A fixed moment in the future: only this file's rows fall in its 48 hours. */
const NOW = Date.parse("2031-03-10T12:30:00.000Z");
const s = (iso: string) => Date.parse(iso) / 1000;

type Row = { id: string; type: string; outcome: string; received: string; processed: string | null; created: number | null; detail?: string };

/**
 * The fixed set. Hour 12: e1 applied (created 12:00:00, processed 12:00:03: 3 s), e1 again
 * (duplicate), e2 ignored (1 s), e3 failed. Hour 11: e4 applied (120 s), e5 applied (5 s), e6
 * ignored (2 s), e7 ignored with no created time (a row from before 0019: counted, no lag).
 * e8 is a minute before the window (it starts 2031-03-08 13:00) and counts nowhere.
 */
const ROWS: Row[] = [
  { id: "evt_h_1", type: "invoice.paid", outcome: "applied", received: "2031-03-10T12:00:02.000Z", processed: "2031-03-10T12:00:03.000Z", created: s("2031-03-10T12:00:00Z") },
  { id: "evt_h_1", type: "invoice.paid", outcome: "duplicate", received: "2031-03-10T12:05:00.000Z", processed: "2031-03-10T12:05:00.100Z", created: s("2031-03-10T12:00:00Z") },
  { id: "evt_h_2", type: "customer.created", outcome: "ignored", received: "2031-03-10T12:10:00.500Z", processed: "2031-03-10T12:10:01.000Z", created: s("2031-03-10T12:10:00Z") },
  { id: "evt_h_3", type: "invoice.paid", outcome: "failed", received: "2031-03-10T12:20:00.000Z", processed: "2031-03-10T12:20:09.000Z", created: s("2031-03-10T12:19:00Z"), detail: "D1 said no" },
  { id: "evt_h_4", type: "checkout.session.completed", outcome: "applied", received: "2031-03-10T11:01:59.000Z", processed: "2031-03-10T11:02:00.000Z", created: s("2031-03-10T11:00:00Z") },
  { id: "evt_h_5", type: "invoice.paid", outcome: "applied", received: "2031-03-10T11:30:04.000Z", processed: "2031-03-10T11:30:05.000Z", created: s("2031-03-10T11:30:00Z") },
  { id: "evt_h_6", type: "customer.created", outcome: "ignored", received: "2031-03-10T11:40:01.000Z", processed: "2031-03-10T11:40:02.000Z", created: s("2031-03-10T11:40:00Z") },
  { id: "evt_h_7", type: "payment_method.attached", outcome: "ignored", received: "2031-03-10T11:50:00.000Z", processed: null, created: null },
  { id: "evt_h_8", type: "invoice.paid", outcome: "failed", received: "2031-03-08T12:59:00.000Z", processed: "2031-03-08T12:59:01.000Z", created: s("2031-03-08T12:58:00Z") },
];

async function withRows<T>(run: () => Promise<T>): Promise<T> {
  await env.DB.batch(
    ROWS.map((r) =>
      env.DB.prepare("INSERT INTO webhook_deliveries (event_id, type, outcome, detail, received_at, processed_at, event_created) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)").bind(
        r.id,
        r.type,
        r.outcome,
        r.detail ?? null,
        r.received,
        r.processed,
        r.created,
      ),
    ),
  );
  try {
    return await run();
  } finally {
    // Rows in 2031 would be everybody's 'last delivery' from here on.
    await env.DB.prepare("DELETE FROM webhook_deliveries WHERE event_id LIKE 'evt_h_%'").run();
  }
}

const setSilence = (b: { fetch: (p: string, i?: RequestInit) => Promise<Response> }, minutes: string) =>
  b.fetch(`/api/admin/settings/${SILENCE_SETTING}`, { method: "PUT", headers: { ...adminHeaders, "content-type": "application/json" }, body: JSON.stringify({ value: minutes }) });

describe("webhook health figures", () => {
  it("per hour, in total, ignored types, failures and the last delivery match the hand-worked numbers", async () => {
    const health = await withRows(() => webhookHealth(env.DB, NOW));
    expect(health.at).toBe("2031-03-10T12:30:00.000Z");
    expect(health.hours).toHaveLength(48);
    expect(health.hours[0]?.hour).toBe("2031-03-08T13:00:00Z");
    expect(health.hours.at(-1)).toEqual({ hour: "2031-03-10T12:00:00Z", applied: 1, duplicate: 1, ignored: 1, failed: 1, lagAverageSeconds: 2, lagMaxSeconds: 3 });
    // (120 + 5 + 2) / 3 = 42.33…; e7 counts as ignored, without a lag
    expect(health.hours.at(-2)).toEqual({ hour: "2031-03-10T11:00:00Z", applied: 2, duplicate: 0, ignored: 2, failed: 0, lagAverageSeconds: 42.3, lagMaxSeconds: 120 });
    expect(health.hours.slice(0, -2).every((h) => h.applied + h.duplicate + h.ignored + h.failed === 0 && h.lagAverageSeconds === null)).toBe(true);
    // (3 + 1 + 120 + 5 + 2) / 5 = 26.2
    expect(health.totals).toEqual({ applied: 3, duplicate: 1, ignored: 3, failed: 1, lagAverageSeconds: 26.2, lagMaxSeconds: 120 });
    expect(health.ignoredTypes).toEqual([
      { type: "customer.created", count: 2 },
      { type: "payment_method.attached", count: 1 },
    ]);
    expect(health.failures).toEqual([{ receivedAt: "2031-03-10T12:20:00.000Z", eventID: "evt_h_3", type: "invoice.paid", detail: "D1 said no" }]);
    expect(health.last).toEqual({ receivedAt: "2031-03-10T12:20:00.000Z", eventID: "evt_h_3", type: "invoice.paid", outcome: "failed" });
  });

  it("warns when nothing has come for longer than the setting console.webhookSilenceMinutes", async () => {
    const b = browser(CONSOLE_VARS);
    await withRows(async () => {
      // the seed's 60: 10 minutes since the last delivery is fine, 61 is not
      expect((await webhookHealth(env.DB, NOW)).silence).toEqual({ limitMinutes: 60, minutesSinceLast: 10, warning: false });
      expect((await webhookHealth(env.DB, NOW + 50 * 60_000)).silence).toEqual({ limitMinutes: 60, minutesSinceLast: 60, warning: false });
      expect((await webhookHealth(env.DB, NOW + 51 * 60_000)).silence).toEqual({ limitMinutes: 60, minutesSinceLast: 61, warning: true });
      // changed through the admin API like any other web setting
      expect((await setSilence(b, "5")).status).toBe(200);
      expect((await webhookHealth(env.DB, NOW)).silence).toEqual({ limitMinutes: 5, minutesSinceLast: 10, warning: true });
      // a broken value falls back to the default rather than silencing the warning
      expect((await setSilence(b, "soon")).status).toBe(200);
      expect((await webhookHealth(env.DB, NOW)).silence.limitMinutes).toBe(60);
    });
    expect((await setSilence(b, "60")).status).toBe(200);
  });

  it("reads by index: every query, by EXPLAIN QUERY PLAN", async () => {
    for (const [sql, index] of [
      [HOURS_SQL, "webhook_deliveries_time"],
      [IGNORED_SQL, "webhook_deliveries_outcome"],
      [FAILURES_SQL, "webhook_deliveries_outcome"],
      [LAST_SQL, "webhook_deliveries_time"],
    ] as const) {
      const plan = (await queryPlan(sql, ...(sql === LAST_SQL ? [] : ["2031-01-01T00:00:00Z"]))).join("\n");
      expect(plan, sql).toContain(index);
      expect(plan, sql).not.toMatch(/SCAN webhook_deliveries$/m);
    }
  });
});

describe("the webhook route records what the page needs", () => {
  it("received time, processed time and Stripe's created for each outcome; the console shows them this hour", async () => {
    const { b: staff } = await staffAccount();
    const created = Math.floor(Date.now() / 1000) - 7;
    const ignored = stripeEvent("customer.created", created, { id: "cus_health", object: "customer" });
    expect((await deliver(ignored)).status).toBe(200);
    expect((await deliver(ignored)).status).toBe(200);
    const { results } = await env.DB.prepare("SELECT outcome, received_at, processed_at, event_created FROM webhook_deliveries WHERE event_id = ?1 ORDER BY id").bind(ignored.id).all<{
      outcome: string;
      received_at: string;
      processed_at: string;
      event_created: number;
    }>();
    expect(results.map((r) => r.outcome)).toEqual(["ignored", "duplicate"]);
    for (const r of results) {
      expect(r.event_created).toBe(created);
      expect(Date.parse(r.processed_at)).toBeGreaterThanOrEqual(Date.parse(r.received_at));
      expect(Date.parse(r.received_at)).toBeGreaterThanOrEqual(created * 1000);
    }

    const res = await staff.fetch("/api/console/webhooks");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const health = ((await res.json()) as { data: { attributes: WebhookHealth } }).data.attributes;
    expect(health.last).toMatchObject({ eventID: ignored.id, outcome: "duplicate", type: "customer.created" });
    expect(health.silence).toMatchObject({ limitMinutes: 60, minutesSinceLast: 0, warning: false });
    expect(health.hours.at(-1)?.ignored).toBeGreaterThanOrEqual(1);
    expect(health.hours.at(-1)?.duplicate).toBeGreaterThanOrEqual(1);
    expect(health.hours.at(-1)?.lagMaxSeconds).toBeGreaterThanOrEqual(7);
    expect(health.ignoredTypes).toContainEqual({ type: "customer.created", count: expect.any(Number) });

    const page = await staff.fetch("/admin/webhooks");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Deliveries per hour");
  });
});

describe("webhook health for everyone else", () => {
  it("is the API's 404 and the site's 404 page for a visitor and a supporter", async () => {
    const { b: fan } = await account("webhook-nosy", ["roverstv+"]);
    for (const who of [browser(CONSOLE_VARS), fan]) {
      const res = await who.fetch("/api/console/webhooks");
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ errors: [{ code: "NOT_FOUND" }] });
      await expectNotFoundPage(who, "/admin/webhooks", "Deliveries per hour");
    }
  });

  it("keeps the console's setting out of the public shell", async () => {
    const res = await browser().fetch("/api/content/shell");
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain("login.direct");
    expect(text).not.toContain(SILENCE_SETTING);
  });
});
