import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Identity } from "../../worker/accounts/identity";
import { DEV_DEFAULTS } from "../../worker/dev-secrets";
import { signPlaybackToken } from "../../worker/media/playback-token";
import { sessionGreeting } from "../../src/domain/stream-socket";
import { browser, devToken, freshIdentity, signInWithToken, type Browser } from "./auth-test-app";
import { invalidateCache } from "../../worker/cache/kv-cache";
import { goLive } from "./live-media";

/** Live streams through the worker's one app: session check codes, live tokens, live HLS, devices, the socket. */

const MEN_AUDIO = "men-audio-commentary"; // roverstv+ / vip
const PRESS = "press-conference"; // roverstv and up, active video
const WOMEN = "women-live"; // idle
const TOP = ["roverstv+"];
const MID = ["roverstv"];

type Flags = { bypassed?: boolean; blocked?: "administrator" | "country" };

async function signIn(identity: Identity, vars: Record<string, string> = {}): Promise<Browser> {
  const b = browser(vars);
  const res = await signInWithToken(b, (nonce) => devToken(identity, { nonce }));
  if (res.status !== 302) throw new Error(`sign-in answered ${res.status}`);
  return b;
}

async function account(entitlements: string[], flags: Flags = {}) {
  const identity = freshIdentity("live");
  const b = await signIn(identity);
  await env.DB.prepare("UPDATE accounts SET entitlements = ?2, bypassed = ?3, blocked = ?4, blocked_reason = ?5 WHERE sso_id = ?1")
    .bind(identity.ssoID, JSON.stringify(entitlements), flags.bypassed ? 1 : 0, flags.blocked ? 1 : 0, flags.blocked ?? null)
    .run();
  return { b, identity };
}

function check(b: Browser, attributes: Record<string, unknown>, headers: Record<string, string> = {}) {
  return b.fetch("/api/session/check", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ data: { attributes } }),
  });
}

async function expectCode(res: Response, code: string) {
  expect(res.status).toBe(403);
  expect(await res.json()).toMatchObject({ errors: [{ code }] });
}

type Granted = { token: string; bypassed: boolean; url: string };
async function granted(res: Response): Promise<Granted> {
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { attributes: Granted } }).data.attributes;
}

// The two on-air streams carry the ingest's media (tests/worker/live-media.ts), as a push leaves them.
beforeEach(async () => {
  await goLive(MEN_AUDIO, "audio");
  await goLive(PRESS, "video");
});

afterEach(async () => {
  await env.DB.prepare("UPDATE live_stream_assets SET allowed_countries = NULL, status = CASE id WHEN ?1 THEN 'idle' ELSE status END").bind(WOMEN).run();
});

describe("POST /api/session/check", () => {
  it("answers 400 INVALID_INPUT to a malformed body", async () => {
    const { b } = await account(TOP);
    for (const body of ["nope", "{}", JSON.stringify({ data: { attributes: { videoID: MEN_AUDIO } } }), JSON.stringify({ data: { attributes: { videoID: "../x", mediaType: "audio" } } })]) {
      const res = await b.fetch("/api/session/check", { method: "POST", headers: { "content-type": "application/json" }, body });
      expect(res.status, body).toBe(400);
      expect(await res.json()).toMatchObject({ errors: [{ code: "INVALID_INPUT" }] });
    }
  });

  it("refuses a cross-site check (CSRF)", async () => {
    const { b } = await account(TOP);
    const res = await check(b, { videoID: MEN_AUDIO, mediaType: "audio" }, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ errors: [{ code: "CSRF" }] });
  });

  it("ERR_3684853_1 when not logged in, or when the body names another user", async () => {
    await expectCode(await check(browser(), { videoID: MEN_AUDIO, mediaType: "audio" }), "ERR_3684853_1");
    const { b } = await account(TOP);
    await expectCode(await check(b, { videoID: MEN_AUDIO, mediaType: "audio", userID: "someone-else" }), "ERR_3684853_1");
  });

  it("ERR_3684853_2 for an unknown, idle, disabled stream or the wrong media type", async () => {
    const { b } = await account(TOP);
    await expectCode(await check(b, { videoID: "no-such-stream", mediaType: "audio" }), "ERR_3684853_2");
    await expectCode(await check(b, { videoID: WOMEN, mediaType: "video" }), "ERR_3684853_2");
    await expectCode(await check(b, { videoID: "women-audio-archive", mediaType: "audio" }), "ERR_3684853_2");
    await expectCode(await check(b, { videoID: MEN_AUDIO, mediaType: "video" }), "ERR_3684853_2");
  });

  it("ERR_3684853_3: men's live audio needs roverstv+, the live video roverstv", async () => {
    const free = await account(["freemium"]);
    await expectCode(await check(free.b, { videoID: MEN_AUDIO, mediaType: "audio" }), "ERR_3684853_3");
    await expectCode(await check(free.b, { videoID: PRESS, mediaType: "video" }), "ERR_3684853_3");
    const tv = await account(MID);
    await expectCode(await check(tv.b, { videoID: MEN_AUDIO, mediaType: "audio" }), "ERR_3684853_3");
    await granted(await check(tv.b, { videoID: PRESS, mediaType: "video" }));
    const plus = await account(TOP);
    await granted(await check(plus.b, { videoID: MEN_AUDIO, mediaType: "audio" }));
  });

  it("ERR_56882466_1 blocked by an administrator, ERR_56882466_2 for a blocked country or one off the stream's list", async () => {
    const blocked = await account(TOP, { blocked: "administrator" });
    await expectCode(await check(blocked.b, { videoID: MEN_AUDIO, mediaType: "audio" }), "ERR_56882466_1");
    const abroad = await account(TOP, { blocked: "country" });
    await expectCode(await check(abroad.b, { videoID: MEN_AUDIO, mediaType: "audio" }), "ERR_56882466_2");

    await env.DB.prepare("UPDATE live_stream_assets SET allowed_countries = ?2 WHERE id = ?1").bind(MEN_AUDIO, JSON.stringify(["GB", "IE"])).run();
    const plus = await account(TOP);
    await expectCode(await check(plus.b, { videoID: MEN_AUDIO, mediaType: "audio" }, { "cf-ipcountry": "FR" }), "ERR_56882466_2");
    await expectCode(await check(plus.b, { videoID: MEN_AUDIO, mediaType: "audio" }), "ERR_56882466_2");
    await granted(await check(plus.b, { videoID: MEN_AUDIO, mediaType: "audio" }, { "cf-ipcountry": "gb" }));
  });

  it("ERR_54648_1 for a third session; bypassed accounts are exempt and told so", async () => {
    const { b } = await account(TOP);
    await granted(await check(b, { videoID: MEN_AUDIO, mediaType: "audio" }));
    await granted(await check(b, { videoID: PRESS, mediaType: "video" }));
    await expectCode(await check(b, { videoID: MEN_AUDIO, mediaType: "audio" }), "ERR_54648_1");

    const bypass = await account([], { bypassed: true });
    for (let i = 0; i < 3; i += 1) expect((await granted(await check(bypass.b, { videoID: MEN_AUDIO, mediaType: "audio" }))).bypassed).toBe(true);
  });

  it("never admits more than the limit from 50 parallel checks of one account", async () => {
    const { b, identity } = await account(TOP);
    const answers = await Promise.all(Array.from({ length: 50 }, () => check(b, { videoID: MEN_AUDIO, mediaType: "audio" })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBe(2);
    expect(statuses.filter((s) => s === 403).length).toBe(48);
    const stub = env.STREAM_SESSIONS.get(env.STREAM_SESSIONS.idFromName(identity.ssoID));
    expect((await stub.sessions()).length).toBe(2);
  });
});

describe("live upgrade data (spec §3) in the session check", () => {
  async function setLoginEntitlement(value: string) {
    await env.DB.prepare("INSERT INTO settings (key, value) VALUES ('liveUpgrade.requireLoginEntitlement', ?1) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
      .bind(value)
      .run();
    await invalidateCache(env);
  }
  afterEach(() => setLoginEntitlement("*"));

  it("'*' lets any logged-in user past the login stage; another code asks for it (bypassed accounts pass)", async () => {
    const plus = await account(TOP);
    await granted(await check(plus.b, { videoID: MEN_AUDIO, mediaType: "audio" }));

    await setLoginEntitlement("freemium");
    await expectCode(await check(plus.b, { videoID: MEN_AUDIO, mediaType: "audio" }), "ERR_3684853_1");
    const both = await account(["freemium", "roverstv+"]);
    await granted(await check(both.b, { videoID: MEN_AUDIO, mediaType: "audio" }));
    const bypass = await account([], { bypassed: true });
    await granted(await check(bypass.b, { videoID: MEN_AUDIO, mediaType: "audio" }));
    // Past the login stage, the stream's entitlements still decide.
    const free = await account(["freemium"]);
    await expectCode(await check(free.b, { videoID: MEN_AUDIO, mediaType: "audio" }), "ERR_3684853_3");
  });
});

describe("live media /media/live/{assetID}/…", () => {
  it("serves the ingest's latest playlist and its segments from R2 for the live token", async () => {
    const { b } = await account(TOP);
    const { url, token } = await granted(await check(b, { videoID: MEN_AUDIO, mediaType: "audio" }));
    const res = await b.fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const text = await res.text();
    expect(text).toMatch(/#EXT-X-TARGETDURATION:\d+/);
    expect(text).toMatch(/#EXT-X-MEDIA-SEQUENCE:\d+/);
    expect(text).not.toContain("ENDLIST");
    expect(text).toMatch(/#EXT-X-PROGRAM-DATE-TIME:/);
    const segments = text.split("\n").filter((l) => /^r\d+-seg\d+\.m4s\?/.test(l));
    expect(segments.length).toBeGreaterThanOrEqual(3);
    expect(segments[0]).toContain(`token=${encodeURIComponent(token)}`);
    const segment = await b.fetch(`/media/live/${MEN_AUDIO}/${segments[0]}`);
    expect(segment.status).toBe(200);
    expect(segment.headers.get("content-type")).toBe("audio/mp4");
    expect((await segment.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it("refuses a token of one stream for another, an on-demand token, no token, and another session", async () => {
    const { b, identity } = await account(["roverstv+", "roverstv"]);
    const { token } = await granted(await check(b, { videoID: PRESS, mediaType: "video" }));
    const other = await b.fetch(`/media/live/${MEN_AUDIO}/index.m3u8?token=${encodeURIComponent(token)}`);
    expect(other.status).toBe(403);
    expect(await other.json()).toMatchObject({ errors: [{ code: "TOKEN_WRONG_ENTRY" }] });
    const vodLike = await signPlaybackToken(DEV_DEFAULTS.SESSION_SECRET, { entryId: PRESS, ssoID: identity.ssoID, sid: "x" });
    expect((await b.fetch(`/media/live/${PRESS}/index.m3u8?token=${vodLike.token}`)).status).toBe(403);
    expect((await b.fetch(`/media/live/${PRESS}/index.m3u8`)).status).toBe(401);
    // The same account signed in on another device cannot carry this device's token there.
    const elsewhere = await signIn(identity);
    const carried = await elsewhere.fetch(`/media/live/${PRESS}/index.m3u8?token=${encodeURIComponent(token)}`);
    expect(carried.status).toBe(403);
    expect(await carried.json()).toMatchObject({ errors: [{ code: "TOKEN_WRONG_USER" }] });
  });

  it("stops a released session's token at its next playlist request (sign out other devices)", async () => {
    const { b, identity } = await account(TOP);
    const phone = await signIn(identity);
    const { url } = await granted(await check(phone, { videoID: MEN_AUDIO, mediaType: "audio" }));
    await granted(await check(b, { videoID: MEN_AUDIO, mediaType: "audio" }));
    expect((await phone.fetch(url)).status).toBe(200);

    const devices = (await (await b.fetch("/api/session/devices")).json()) as { data: { attributes: { thisDevice: boolean; device: string } }[] };
    expect(devices.data.map((d) => d.attributes.thisDevice).sort()).toEqual([false, true]);
    const out = await b.fetch("/api/session/devices/sign-out-others", { method: "POST" });
    expect(await out.json()).toMatchObject({ data: { attributes: { released: 1 } } });

    const after = await phone.fetch(url);
    expect(after.status).toBe(403);
    expect(await after.json()).toMatchObject({ errors: [{ code: "STREAM_SESSION_RELEASED" }] });
    // A slot is free again for another device.
    await granted(await check(phone, { videoID: MEN_AUDIO, mediaType: "audio" }));
  });
});

describe("GET /api/streams/{assetID} and the admin status", () => {
  it("answers the stream asset of spec §3 without a media locator", async () => {
    const res = await browser().fetch(`/api/streams/${MEN_AUDIO}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({
      data: {
        attributes: {
          mediaType: "audio",
          imageData: { offlineImageKey: expect.any(String), posterImageKey: expect.any(String) },
          assetData: { status: "active" },
        },
      },
    });
    expect(text).not.toMatch(/playback/i);
    expect((await browser().fetch("/api/streams/nope")).status).toBe(404);
  });

  it("is active while the ingest's media arrives, which the session check follows; the admin's status alone puts nothing on air", async () => {
    const admin = browser({ ADMIN_TOKEN: "an-admin-token-long-enough-for-tests" });
    const auth = { authorization: "Bearer an-admin-token-long-enough-for-tests", "content-type": "application/json" };
    expect((await admin.fetch(`/api/admin/streams/${WOMEN}`, { method: "PUT", headers: auth, body: JSON.stringify({ status: "live" }) })).status).toBe(400);
    const put = await admin.fetch(`/api/admin/streams/${WOMEN}`, { method: "PUT", headers: auth, body: JSON.stringify({ status: "active" }) });
    expect(put.status).toBe(200);
    // No media yet: viewers are told it has not started.
    expect(await put.json()).toMatchObject({ data: { attributes: { status: "idle" } } });
    const { b } = await account(MID);
    await expectCode(await check(b, { videoID: WOMEN, mediaType: "video" }), "ERR_3684853_2");
    await goLive(WOMEN, "video");
    await invalidateCache(env);
    expect(await (await browser().fetch(`/api/streams/${WOMEN}`)).json()).toMatchObject({ data: { attributes: { assetData: { status: "active" } } } });
    await granted(await check(b, { videoID: WOMEN, mediaType: "video" }));
  });
});

describe("/ws/streams", () => {
  it("checks the session and the token before handing the socket to the user's object", async () => {
    const { b, identity } = await account(TOP);
    const { token } = await granted(await check(b, { videoID: MEN_AUDIO, mediaType: "audio" }));
    const path = `/ws/streams?token=${encodeURIComponent(token)}`;
    expect((await b.fetch(path)).status).toBe(426);
    const upgrade = { upgrade: "websocket" };
    expect((await browser().fetch(path, { headers: upgrade })).status).toBe(401);
    expect((await b.fetch("/ws/streams?token=forged", { headers: upgrade })).status).toBe(401);
    expect((await b.fetch(path, { headers: { ...upgrade, origin: "https://evil.example" } })).status).toBe(403);

    const res = await b.fetch(path, { headers: upgrade });
    expect(res.status).toBe(101);
    const ws = res.webSocket;
    if (!ws) throw new Error("no socket");
    ws.accept();
    const answer = new Promise<string>((resolve) => ws.addEventListener("message", (e) => resolve(String(e.data)), { once: true }));
    ws.send(JSON.stringify({ action: "session", data: sessionGreeting(identity.ssoID, MEN_AUDIO) }));
    expect(JSON.parse(await answer)).toEqual({ action: "session", status: "ok" });
    ws.close();
  });

  it("answers the player's close, so its socket ends closed rather than waiting in closing", async () => {
    const { b, identity } = await account(TOP);
    const { token } = await granted(await check(b, { videoID: MEN_AUDIO, mediaType: "audio" }));
    const res = await b.fetch(`/ws/streams?token=${encodeURIComponent(token)}`, { headers: { upgrade: "websocket" } });
    const ws = res.webSocket;
    if (!ws) throw new Error("no socket");
    ws.accept();
    const greeted = new Promise<void>((resolve) => ws.addEventListener("message", () => resolve(), { once: true }));
    ws.send(JSON.stringify({ action: "session", data: sessionGreeting(identity.ssoID, MEN_AUDIO) }));
    await greeted;
    // The close event fires only when the object's own close frame comes back.
    const closed = new Promise<number>((resolve) => ws.addEventListener("close", (e) => resolve(e.code), { once: true }));
    ws.close(1000, "Player closed");
    const answer = await Promise.race([closed, new Promise<"none">((resolve) => setTimeout(() => resolve("none"), 3_000))]);
    expect(answer).toBe(1000);
  });
});
