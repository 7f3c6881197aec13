import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { browser, devToken, freshIdentity, signInWithToken, type Browser } from "./auth-test-app";
import { churnByMonth, mostWatched } from "../../worker/console/revenue";
import type { StaffRole } from "../../src/domain/staff-roles";

/**
 * The reports of 'Subscriptions and revenue': churn per month counted by hand from subscriptions
 * in months nothing else writes into (2033), Rovers TV's most watched videos, and the two CSV
 * downloads: who may take them, what they hold, and the audit of the subscribers' one.
 */

const unix = (iso: string) => Date.parse(iso) / 1000;
const NOW = Date.parse("2033-03-31T12:00:00Z");

async function subscription(id: string, status: string, startedAt: string, stateAt: string) {
  await env.DB.prepare(
    `INSERT INTO stripe_subscriptions (id, account_id, price_id, status, state_created, state_rank, started_at)
     VALUES (?1, NULL, 'price_roverstv_month', ?2, ?3, 1, ?4)`,
  )
    .bind(id, status, unix(stateAt), unix(startedAt))
    .run();
}

async function member(roles: StaffRole[]): Promise<{ b: Browser; ssoID: string }> {
  const identity = freshIdentity("reports");
  const b = browser({});
  expect((await signInWithToken(b, (nonce) => devToken(identity, { nonce }))).status).toBe(302);
  for (const role of roles) await env.DB.prepare("INSERT INTO staff_roles (account, role, granted_by) VALUES (?1, ?2, 'test')").bind(identity.ssoID, role).run();
  return { b, ssoID: identity.ssoID };
}

describe("churn per month", () => {
  it("counts the subscriptions on at a month's start and, of those, the ones that ended in it; one started in the month is not counted", async () => {
    const before = await churnByMonth(env.DB, NOW);
    expect(before.map((m) => m.month)).toEqual(["2032-10", "2032-11", "2032-12", "2033-01", "2033-02", "2033-03"]);
    await subscription("sub_churn_d", "canceled", "2032-12-01T10:00:00Z", "2033-02-10T09:00:00Z");
    await subscription("sub_churn_a", "active", "2033-01-15T10:00:00Z", "2033-01-15T10:00:00Z");
    await subscription("sub_churn_b", "canceled", "2033-01-10T10:00:00Z", "2033-03-05T10:00:00Z");
    await subscription("sub_churn_c", "canceled", "2033-03-02T10:00:00Z", "2033-03-20T10:00:00Z");
    const after = await churnByMonth(env.DB, NOW);
    const delta = after.map((m, i) => [m.month, m.onAtStart - before[i]!.onAtStart, m.ended - before[i]!.ended]);
    expect(delta).toEqual([
      ["2032-10", 0, 0],
      ["2032-11", 0, 0],
      ["2032-12", 0, 0],
      ["2033-01", 1, 0],
      ["2033-02", 3, 1],
      ["2033-03", 2, 1],
    ]);
    const march = after.at(-1)!;
    expect(march.percent).toBe(Math.round((march.ended / march.onAtStart) * 1000) / 10);
  });
});

describe("most watched videos", () => {
  it("lists the videos by minutes watched, with their plays and tier", async () => {
    const video = await env.DB.prepare("SELECT id, entry_id, title FROM videos ORDER BY id LIMIT 1").first<{ id: number; entry_id: string; title: string }>();
    await env.DB.prepare("INSERT INTO video_watch_totals (video_id, seconds_watched) VALUES (?1, 90000000) ON CONFLICT (video_id) DO UPDATE SET seconds_watched = 90000000").bind(video!.id).run();
    await env.DB.prepare("INSERT INTO video_plays (token_hash, video_id) VALUES (?1, ?2)").bind(`h-${crypto.randomUUID()}`, video!.id).run();
    const [top] = await mostWatched(env.DB);
    expect(top).toMatchObject({ entryId: video!.entry_id, title: video!.title, minutes: 1_500_000 });
    expect(top!.plays).toBeGreaterThanOrEqual(1);
    expect(Array.isArray(top!.tier)).toBe(true);
  });
});

describe("the CSV downloads", () => {
  it("the days: a header and a line per day of the window, for revenue.view", async () => {
    const commerce = await member(["commerce"]);
    const res = await commerce.b.fetch("/api/console/revenue/days.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="revenue-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await res.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("day,subscriptions_pence,match_passes_pence,refunded_pence,new_subscriptions,cancelled,refunds,sign_ups");
    expect(lines).toHaveLength(91);
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2},\d+,\d+,\d+,\d+,\d+,\d+,\d+$/);
  });

  it("the subscribers: each granting subscription with its account's e-mail; audited; 403 without revenue.view, 404 for a supporter", async () => {
    const fan = await member([]);
    const account = await env.DB.prepare("SELECT id, email FROM accounts WHERE sso_id = ?1").bind((await env.DB.prepare("SELECT sso_id FROM accounts ORDER BY id DESC LIMIT 1").first<{ sso_id: string }>())!.sso_id).first<{ id: number; email: string }>();
    await env.DB.prepare(
      "INSERT INTO stripe_subscriptions (id, account_id, price_id, status, state_created, state_rank, started_at) VALUES ('sub_export_1', ?1, 'price_roverstv_year', 'active', ?2, 1, ?2)",
    )
      .bind(account!.id, Math.floor(Date.now() / 1000))
      .run();
    const commerce = await member(["commerce"]);
    const res = await commerce.b.fetch("/api/console/revenue/subscribers.csv");
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text.split("\r\n")[0]).toBe("email,account,package,billed,status,started,period_end,cancels_at_period_end");
    expect(text).toContain(`${account!.email},`);
    expect(text).toMatch(/,Rovers TV \(Video\),yearly,active,/);
    const audit = await env.DB.prepare("SELECT action, status, detail FROM admin_audit_log WHERE actor = ?1").bind(`staff:${commerce.ssoID}`).all<{ action: string; status: number; detail: string }>();
    expect(audit.results.map((r) => [r.action, r.status])).toEqual([["revenue.export-subscribers", 200]]);

    const support = await member(["support"]);
    expect((await support.b.fetch("/api/console/revenue/subscribers.csv")).status).toBe(403);
    expect((await fan.b.fetch("/api/console/revenue/subscribers.csv")).status).toBe(404);
  });
});
