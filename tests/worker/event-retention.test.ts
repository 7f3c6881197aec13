// Tracking events in D1 are kept 90 days: the scheduled sweep (worker/index.ts) deletes older ones,
// a bounded batch per action, and leaves every newer row alone.
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { PRUNE_BATCH, pruneTrackingEvents, retentionCutoff, TRACKING_RETENTION_DAYS } from "../../worker/events/event-retention";

const DAY = 86_400_000;

async function insert(tag: string, action: string, receivedAt: Date): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO tracking_events (received_at, action, channel, domain, log_id, screensize, sso_vendor, user_agent, session_id, sso_id, event_time, url, user_allow_tracking)
     VALUES (?1, ?2, 'web', 'rovers.test', 1, '375x812', '', 'test', ?3, '', ?1, '/', 1)`,
  )
    .bind(receivedAt.toISOString(), action, tag)
    .run();
}

const left = async (tag: string) =>
  (await env.DB.prepare("SELECT action, received_at FROM tracking_events WHERE session_id = ? ORDER BY received_at").bind(tag).all<{ action: string }>()).results;

describe("tracking event retention", () => {
  it("the scheduled sweep deletes events older than 90 days, of every action, and keeps the rest", async () => {
    const tag = `retention-${crypto.randomUUID()}`;
    const now = new Date();
    for (const action of ["pageView", "advertImpression", "advertClick"]) await insert(tag, action, new Date(now.getTime() - (TRACKING_RETENTION_DAYS + 1) * DAY));
    await insert(tag, "pageView", new Date(now.getTime() - (TRACKING_RETENTION_DAYS - 1) * DAY));
    await insert(tag, "advertClick", new Date(now.getTime() - DAY));

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "*/5 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    expect((await left(tag)).map((r) => r.action)).toEqual(["pageView", "advertClick"]);
  });

  it("deletes at most a bounded batch per action in one sweep", async () => {
    const tag = `retention-batch-${crypto.randomUUID()}`;
    const old = new Date(Date.now() - 200 * DAY);
    await env.DB.batch(
      Array.from({ length: PRUNE_BATCH + 3 }, () =>
        env.DB.prepare(
          `INSERT INTO tracking_events (received_at, action, channel, domain, log_id, screensize, sso_vendor, user_agent, session_id, sso_id, event_time, url, user_allow_tracking)
           VALUES (?1, 'pageView', 'web', 'rovers.test', 1, '375x812', '', 'test', ?2, '', ?1, '/', 1)`,
        ).bind(old.toISOString(), tag),
      ),
    );
    expect(await pruneTrackingEvents(env.DB, new Date())).toBe(PRUNE_BATCH);
    expect(await left(tag)).toHaveLength(3);
    expect(await pruneTrackingEvents(env.DB, new Date())).toBe(3);
    expect(await left(tag)).toHaveLength(0);
  });

  it("the cutoff is 90 days before the sweep's time", () => {
    expect(retentionCutoff(new Date("2026-11-25T12:00:00.000Z"))).toBe("2026-08-27T12:00:00.000Z");
  });
});
