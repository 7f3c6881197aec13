import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LIVE_TOKEN_TTL_SECONDS, PLAYBACK_TOKEN_TTL_SECONDS } from "../../worker/media/playback-token";
import { browser, devToken, freshIdentity, signInWithToken, type Browser } from "./auth-test-app";
import { expectSegmentBound, VIDEO_SEGMENT_SECONDS, VOD_SEGMENT_SECONDS } from "./live-bound";
import { PlainHlsClient } from "./plain-hls-client";
import { tinyLadderVideo } from "./video-pipeline-fixtures";
import { FixtureEncoder, goLive } from "./live-media";

/**
 * A player with no per-request hook (Safari's native HLS, any plain HLS client) keeps playing past
 * the 5-minute token's life while the right holds, and stops within the segment token's bound
 * once it goes (docs/media-and-live.md 'Native HLS'). The client follows playlists only
 * (plain-hls-client.ts); the worker's clock moves (Date only), nothing sleeps.
 */

const PRESS = "press-conference"; // live video, roverstv and up, 2 s segments
const ADMIN_TOKEN = "an-admin-token-long-enough-for-tests";

async function viewer(entitlements: string[]): Promise<{ b: Browser; ssoID: string }> {
  const identity = freshIdentity("native");
  const b = browser();
  const res = await signInWithToken(b, (nonce) => devToken(identity, { nonce }));
  expect(res.status).toBe(302);
  await env.DB.prepare("UPDATE accounts SET entitlements = ?2 WHERE sso_id = ?1").bind(identity.ssoID, JSON.stringify(entitlements)).run();
  return { b, ssoID: identity.ssoID };
}

async function block(ssoID: string) {
  const res = await browser({ ADMIN_TOKEN }).fetch(`/api/admin/accounts/${encodeURIComponent(ssoID)}/block`, { method: "POST", headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  expect(res.status).toBe(200);
}

let clock = 0;
function startClock() {
  vi.useFakeTimers({ toFake: ["Date"] });
  clock = Date.now();
}
function advance(seconds: number) {
  clock += seconds * 1000;
  vi.setSystemTime(clock);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("a plain HLS client (no hooks) on a live stream", () => {
  it("plays 8 minutes of clock on the URL it was first given, every file served; after a block the next reload is refused and the files it holds stop within 12 s", async () => {
    const { run } = await goLive(PRESS, "video");
    const encoder = new FixtureEncoder(PRESS, "video", run);
    const { b, ssoID } = await viewer(["roverstv"]);
    // The page's own script asks for the stream (as on an iPhone); the native player gets only the URL.
    const check = await b.fetch("/api/session/check", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: { attributes: { videoID: PRESS, mediaType: "video" } } }),
    });
    expect(check.status).toBe(200);
    const { url } = ((await check.json()) as { data: { attributes: { url: string } } }).data.attributes;

    startClock();
    const player = new PlainHlsClient((u) => b.fetch(u));
    const first = await player.open(url);
    expect(first.status).toBe(200);
    let served = first.files.length;
    // Reload about every target duration... here every 6 s of clock, for 8 minutes (past the 5-minute token).
    const reloads = Math.ceil((8 * 60) / 6);
    for (let i = 0; i < reloads; i += 1) {
      advance(6);
      // The encoder pushed three 2 s segments meanwhile.
      for (let k = 0; k < 3; k += 1) await encoder.next();
      const load = await player.load();
      expect(load.status, `reload ${i} at +${(i + 1) * 6} s`).toBe(200);
      for (const file of load.files) {
        expect(file.status, file.url).toBe(200);
        expect(file.bytes).toBeGreaterThan(100);
      }
      served += load.files.length;
    }
    expect((reloads * 6) > LIVE_TOKEN_TTL_SECONDS + 120).toBe(true);
    // 8 minutes of 2 s segments: every segment the window published was fetched.
    expect(served).toBeGreaterThan(200);

    const held = player.lastFileUrls.at(-1) ?? "";
    await block(ssoID);
    const refused = await player.load();
    expect(refused.status).toBe(403);
    // the moved clock goes on from here: the bound counts from the last playlist answered
    await expectSegmentBound((u) => b.fetch(u), held, VIDEO_SEGMENT_SECONDS);
  });
});

describe("a plain HLS client (no hooks) on an on-demand video", () => {
  it("follows master → media playlist → segments, keeps fetching segments 6 minutes later while entitled (past both tokens), and stops after a block", async () => {
    const { b, ssoID } = await viewer(["roverstv"]);
    const entry = await env.DB.prepare("SELECT entry_id FROM videos WHERE entitlements = ?1 ORDER BY id LIMIT 1")
      .bind(JSON.stringify(["roverstv", "roverstv+", "vip"]))
      .first<{ entry_id: string }>();
    await tinyLadderVideo(entry!.entry_id);
    const gate = await b.fetch("/api/playback", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ entryId: entry!.entry_id }) });
    expect(gate.status).toBe(200);
    const { url } = ((await gate.json()) as { data: { attributes: { url: string } } }).data.attributes;

    startClock();
    const player = new PlainHlsClient((u) => b.fetch(u));
    const opened = await player.open(url, 1);
    expect(opened.files.map((f) => f.status)).toEqual([200, 200]); // init and the first segment
    // A long pause, or a long video: the playlist is never loaded again, and both tokens are past their life.
    advance(PLAYBACK_TOKEN_TTL_SECONDS + 60);
    const later = await player.playOn(1);
    expect(later.files.map((f) => f.status)).toEqual([200]);
    expect(later.files[0]!.bytes).toBeGreaterThan(1000);

    const held = player.lastFileUrls.at(-1) ?? "";
    await block(ssoID);
    // The test's ladder is two segments long, so the segment it holds, fetched again with the
    // session (past its token's life: the right is proved again), stands for the next one.
    expect((await b.fetch(held)).status).toBe(403);
    // A script holding the same URLs without the session cookie gets nothing either.
    expect((await browser().fetch(held)).status).toBe(403);
    // Its next start, through the gate, is refused too.
    const again = await b.fetch(`/api/playback`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ entryId: entry!.entry_id }) });
    expect(again.status).toBe(403);
  });

  it("within its segment token's life a segment is served on its tokens alone; after a block it stops at that bound", async () => {
    const { b, ssoID } = await viewer(["roverstv"]);
    const entry = await env.DB.prepare("SELECT entry_id FROM videos WHERE entitlements = ?1 ORDER BY id LIMIT 1")
      .bind(JSON.stringify(["roverstv", "roverstv+", "vip"]))
      .first<{ entry_id: string }>();
    await tinyLadderVideo(entry!.entry_id);
    const gate = await b.fetch("/api/playback", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ entryId: entry!.entry_id }) });
    const { url } = ((await gate.json()) as { data: { attributes: { url: string } } }).data.attributes;
    startClock(); // frozen: the bound below counts from the playlist
    const player = new PlainHlsClient((u) => b.fetch(u));
    await player.open(url, 1);
    const held = player.lastFileUrls.at(-1) ?? "";
    await block(ssoID);
    await expectSegmentBound((u) => b.fetch(u), held, VOD_SEGMENT_SECONDS, { status: 403, code: "BLOCKED" });
  });
});
