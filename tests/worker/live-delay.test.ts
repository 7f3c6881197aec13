import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { browser, type Browser } from "./auth-test-app";
import { goLive } from "./live-media";
import worker from "../../worker/index";
import { account, roleAccount } from "./staff-accounts";
import type { LiveEventsAnswer } from "../../src/schemas/console-live";

/**
 * Viewers' delay behind live: a playing player sends readings on its live token
 * (POST /api/session/delay), at most one per stream session in 20 s is kept, and the console's
 * Live streams screen shows the running push's median and 99th percentile.
 */
const PRESS = "press-conference"; // roverstv and up

afterEach(() => vi.useRealTimers());

async function viewer(): Promise<Browser> {
  return (await account("delay", ["roverstv"])).b;
}

async function liveToken(b: Browser): Promise<string> {
  const res = await b.fetch("/api/session/check", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ data: { attributes: { videoID: PRESS, mediaType: "video" } } }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { attributes: { token: string } } }).data.attributes.token;
}

function send(b: Browser, token: string, behindMs: unknown) {
  return b.fetch("/api/session/delay", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ data: { attributes: { token, behindMs } } }) });
}

async function readings(): Promise<{ run: number; behind_ms: number }[]> {
  return (await env.DB.prepare("SELECT run, behind_ms FROM live_delay_samples WHERE asset_id = ?1 ORDER BY at").bind(PRESS).all<{ run: number; behind_ms: number }>()).results;
}

async function expectCode(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(await res.json()).toMatchObject({ errors: [{ code }] });
}

describe("POST /api/session/delay", () => {
  it("keeps one reading per stream session in 20 s, filed under the running push", async () => {
    const { run } = await goLive(PRESS, "video");
    const b = await viewer();
    const token = await liveToken(b);
    const before = (await readings()).length;
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    expect((await send(b, token, 8200)).status).toBe(204);
    expect((await send(b, token, 9000)).status).toBe(204); // answered the same, dropped
    vi.setSystemTime(start + 21_000);
    expect((await send(b, token, 7600)).status).toBe(204);
    expect((await readings()).slice(before)).toEqual([
      { run, behind_ms: 8200 },
      { run, behind_ms: 7600 },
    ]);
  });

  it("refuses a bad body, a token that is not live, another session's token, and no session", async () => {
    await goLive(PRESS, "video");
    const b = await viewer();
    const token = await liveToken(b);
    const before = (await readings()).length;
    await expectCode(await send(b, token, -1), 400, "INVALID_INPUT");
    await expectCode(await send(b, token, 600_001), 400, "INVALID_INPUT");
    await expectCode(await send(b, token, 1.5), 400, "INVALID_INPUT");
    await expectCode(await send(b, "not-a-token", 5000), 401, "TOKEN_INVALID");
    const other = await viewer();
    await expectCode(await send(other, token, 5000), 403, "TOKEN_WRONG_USER");
    await expectCode(await send(browser(), token, 5000), 403, "ERR_3684853_1");
    expect(await readings()).toHaveLength(before);
  });
});

describe("the console's Live streams screen", () => {
  it("shows the running push's median and worst delay, and starts again with the next push", async () => {
    await goLive(PRESS, "video");
    for (const behind of [6000, 7000, 30_000]) {
      const b = await viewer();
      expect((await send(b, await liveToken(b), behind)).status).toBe(204);
    }
    const { b: staff } = await roleAccount("delay-staff", ["editor"]);
    const eventOf = async () => {
      const res = await staff.fetch("/api/console/live-events");
      expect(res.status).toBe(200);
      return ((await res.json()) as LiveEventsAnswer).data.attributes.events.find((e) => e.id === PRESS);
    };
    expect((await eventOf())?.delay).toEqual({ p50Seconds: 7, p99Seconds: 30, readings: 3 });
    // A new push: the last one's readings are history, not this one's figures.
    await goLive(PRESS, "video");
    expect((await eventOf())?.delay).toBeNull();
  });
});

describe("the scheduled sweep", () => {
  it("removes readings older than a day and keeps the rest", async () => {
    const now = Date.now();
    const put = (session: string, at: number) =>
      env.DB.prepare("INSERT INTO live_delay_samples (stream_session, asset_id, run, at, behind_ms) VALUES (?1, ?2, 1, ?3, 5000)").bind(session, PRESS, at).run();
    await put("prune-old", now - 86_400_000 - 1000);
    await put("prune-new", now - 60_000);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "*/5 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    const left = await env.DB.prepare("SELECT stream_session FROM live_delay_samples WHERE stream_session LIKE 'prune-%'").all<{ stream_session: string }>();
    expect(left.results.map((r) => r.stream_session)).toEqual(["prune-new"]);
  });
});
