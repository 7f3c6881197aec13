import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Identity } from "../../worker/accounts/identity";
import { DEV_DEFAULTS } from "../../worker/dev-secrets";
import { LIVE_TOKEN_TTL_SECONDS, signPlaybackToken, verifyPlaybackToken } from "../../worker/media/playback-token";
import { signSegmentToken } from "../../worker/media/segment-token";
import { MEDIA_TOKEN_GRACE_SECONDS } from "../../src/domain/timings";
import { browser, devToken, freshIdentity, signInWithToken, type Browser } from "./auth-test-app";
import { AUDIO_SEGMENT_SECONDS, expectSegmentBound, VIDEO_SEGMENT_SECONDS } from "./live-bound";
import { goLive, stillLive } from "./live-media";

/**
 * Live streams, through the worker's one app: every live playlist and init file re-proves its
 * right (released sessions, lost entitlements, blocks, sign-outs), segments need the segment token
 * their playlist signed for that file (that token alone), live tokens are short and
 * renewed, and the account's losses stop running tokens at their next playlist, the segments
 * already signed within the segment token's life.
 */

const MEN_AUDIO = "men-audio-commentary"; // roverstv+ / vip, 6 s segments (target duration 6)
const PRESS = "press-conference"; // roverstv and up, 2 s video segments
const ADMIN_TOKEN = "an-admin-token-long-enough-for-tests";
const SECRET = DEV_DEFAULTS.SESSION_SECRET;

// Both streams on air with the ingest's media (tests/worker/live-media.ts), as a push leaves them.
beforeEach(async () => {
  await goLive(MEN_AUDIO, "audio");
  await goLive(PRESS, "video");
});

async function signIn(identity: Identity): Promise<Browser> {
  const b = browser();
  const res = await signInWithToken(b, (nonce) => devToken(identity, { nonce }));
  if (res.status !== 302) throw new Error(`sign-in answered ${res.status}`);
  return b;
}

/** An account whose entitlements came from payments (paid_entitlements), as the Stripe webhook leaves them. */
async function paidAccount(paid: string[]) {
  const identity = freshIdentity("rights");
  const b = await signIn(identity);
  await env.DB.prepare("UPDATE accounts SET entitlements = '[]', paid_entitlements = ?2 WHERE sso_id = ?1").bind(identity.ssoID, JSON.stringify(paid)).run();
  return { b, identity };
}

/** What a webhook does when a subscription ends: the paid entitlements go. */
async function losePaidEntitlements(ssoID: string) {
  await env.DB.prepare("UPDATE accounts SET paid_entitlements = '[]' WHERE sso_id = ?1").bind(ssoID).run();
}

type Granted = { token: string; url: string; expiresAt: string; renewAfterSeconds: number };

async function start(b: Browser, videoID: string, mediaType: "audio" | "video"): Promise<Granted> {
  const res = await b.fetch("/api/session/check", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ data: { attributes: { videoID, mediaType } } }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { attributes: Granted } }).data.attributes;
}

function renew(b: Browser, token: string) {
  return b.fetch("/api/session/renew", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ data: { attributes: { token } } }),
  });
}

/** A live playlist, and the init and first segment URLs it lists (each with its tokens). */
async function playlist(b: Browser, url: string) {
  const res = await b.fetch(url);
  expect(res.status).toBe(200);
  const text = await res.text();
  const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(text)?.[1];
  const segment = text.split("\n").find((l) => /^r\d+-seg/.test(l));
  if (!init || !segment) throw new Error(`no init or segment in ${text}`);
  const base = url.slice(0, url.lastIndexOf("/") + 1);
  return { text, init: base + init, segment: base + segment };
}

/** A refusal: JSON with the code, never media bytes. */
async function expectRefused(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toContain("application/json");
  expect(await res.json()).toMatchObject({ errors: [{ code }] });
}

async function expectBytes(res: Response) {
  expect(res.status).toBe(200);
  expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);
}

function admin(path: string) {
  return browser({ ADMIN_TOKEN }).fetch(`/api/admin${path}`, { method: "POST", headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
}

function sessionsOf(ssoID: string) {
  return env.STREAM_SESSIONS.get(env.STREAM_SESSIONS.idFromName(ssoID)).sessions();
}

async function vodEntry(entitlements: string[]): Promise<string> {
  const row = await env.DB.prepare("SELECT entry_id FROM videos WHERE entitlements = ?1 ORDER BY id LIMIT 1")
    .bind(JSON.stringify(entitlements))
    .first<{ entry_id: string }>();
  if (!row) throw new Error("no seeded video");
  return row.entry_id;
}

function vodGate(b: Browser, entryId: string) {
  return b.fetch("/api/playback", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ entryId }) });
}

/** Moves the clock of the worker code (Date only) on by `seconds`; the encoders keep pushing meanwhile. */
async function later(seconds: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + seconds * 1000);
  await stillLive(MEN_AUDIO);
  await stillLive(PRESS);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("segment tokens: a released session gets no init or segment byte", () => {
  it("after 'Sign out other devices' the playlist, init and segments refuse the released session's token", async () => {
    const { b, identity } = await paidAccount(["roverstv+"]);
    const phone = await signIn(identity);
    const live = await start(phone, MEN_AUDIO, "audio");
    const before = await playlist(phone, live.url);
    await expectBytes(await phone.fetch(before.init));
    await expectBytes(await phone.fetch(before.segment));

    const out = await b.fetch("/api/session/devices/sign-out-others", { method: "POST" });
    expect(await out.json()).toMatchObject({ data: { attributes: { released: 1 } } });

    await expectRefused(await phone.fetch(live.url), 403, "STREAM_SESSION_RELEASED");
    // The init file checks the released list as the playlist does: refused at once, token or not.
    await expectRefused(await phone.fetch(before.init), 403, "STREAM_SESSION_RELEASED");
    // The token alone, without a segment token: nothing.
    const bare = (u: string) => u.replace(/&seg=[^&]*/, "");
    await expectRefused(await phone.fetch(bare(before.segment)), 403, "SEGMENT_TOKEN_INVALID");
    // A made-up or altered segment token: nothing.
    const withSeg = (u: string, seg: string) => u.replace(/seg=[^&]*/, `seg=${encodeURIComponent(seg)}`);
    const [expiry = "", mac = ""] = decodeURIComponent(/seg=([^&]*)/.exec(before.segment)?.[1] ?? "").split(".");
    await expectRefused(await phone.fetch(withSeg(before.segment, `${Number(expiry) + 3600}.${mac}`)), 403, "SEGMENT_TOKEN_INVALID");
    // A genuine one for this session, expired: nothing.
    const stream = (await verifyPlaybackToken(SECRET, live.token)) as { ok: true; grant: { stream: string } };
    const segmentFile = /([^/?]+)\?/.exec(before.segment)?.[1] ?? "";
    const old = await signSegmentToken(SECRET, { holder: stream.grant.stream, assetID: MEN_AUDIO, file: segmentFile }, "audio", Math.floor(Date.now() / 1000) - 1);
    await expectRefused(await phone.fetch(withSeg(before.segment, old)), 403, "SEGMENT_TOKEN_EXPIRED");
    // The last one it got runs out three target durations after its playlist (18 s: the audio target is 6 s).
    await later(22);
    await expectRefused(await phone.fetch(before.segment), 403, "SEGMENT_TOKEN_EXPIRED");
    // And the released session cannot be renewed into a fresh token.
    await expectRefused(await renew(phone, live.token), 403, "STREAM_SESSION_RELEASED");
  });

  it("a segment token is bound to its stream session and stream", async () => {
    const { b } = await paidAccount(["roverstv+"]);
    const first = await start(b, MEN_AUDIO, "audio");
    const second = await start(b, MEN_AUDIO, "audio");
    const one = await playlist(b, first.url);
    // The second session's token with the first session's segment token.
    const swapped = one.segment.replace(/token=[^&]*/, `token=${encodeURIComponent(second.token)}`);
    await expectRefused(await b.fetch(swapped), 403, "SEGMENT_TOKEN_INVALID");
    await expectBytes(await b.fetch(one.segment));
  });

  it("a segment token fetches its own file and no other: not the next segment, not one the window has not reached, not the init", async () => {
    const { b } = await paidAccount(["roverstv+"]);
    const live = await start(b, MEN_AUDIO, "audio");
    const { segment, init } = await playlist(b, live.url);
    const number = Number(/seg(\d+)\.m4s/.exec(segment)?.[1]);
    const seg = /[?&]seg=([^&]*)/.exec(segment)?.[1] ?? "";
    const script = browser();
    for (const other of [number + 1, number + 2, number + 40]) {
      await expectRefused(await script.fetch(segment.replace(`seg${number}.m4s`, `seg${other}.m4s`)), 403, "SEGMENT_TOKEN_INVALID");
    }
    // the init's token is the init's: not a segment's, nor the reverse
    await expectRefused(await script.fetch(segment.replace(/([?&]seg=)[^&]*/, `$1${/[?&]seg=([^&]*)/.exec(init)?.[1] ?? ""}`)), 403, "SEGMENT_TOKEN_INVALID");
    await expectRefused(await b.fetch(init.replace(/([?&]seg=)[^&]*/, `$1${seg}`)), 403, "SEGMENT_TOKEN_INVALID");
    await expectBytes(await script.fetch(segment));
  });

  it("the live video's segments take a fresh segment token from each playlist (2 s segments, 12 s floor)", async () => {
    const { b } = await paidAccount(["roverstv"]);
    const live = await start(b, PRESS, "video");
    const first = await playlist(b, live.url);
    await expectBytes(await b.fetch(first.segment));
    await later(13);
    await expectRefused(await b.fetch(first.segment), 403, "SEGMENT_TOKEN_EXPIRED");
    const next = await playlist(b, live.url);
    await expectBytes(await b.fetch(next.segment));
  });
});

describe("losing the right stops a running live token at its next playlist; its signed segments run out within the segment token's life", () => {
  it("a removed entitlement (as the webhook leaves it): ERR_3684853_3 on playlist, init and renewal, signed segments for 18 s; VOD renewal refused", async () => {
    const { b, identity } = await paidAccount(["roverstv+"]);
    const vod = await vodEntry(["roverstv+", "vip"]);
    expect((await vodGate(b, vod)).status).toBe(200);
    const live = await start(b, MEN_AUDIO, "audio");
    const current = await playlist(b, live.url);
    await expectBytes(await b.fetch(current.segment));

    await losePaidEntitlements(identity.ssoID);

    await expectRefused(await b.fetch(live.url), 403, "ERR_3684853_3");
    await expectRefused(await b.fetch(current.init), 403, "ERR_3684853_3");
    await expectSegmentBound((u) => b.fetch(u), current.segment, AUDIO_SEGMENT_SECONDS);
    await expectRefused(await renew(b, live.token), 403, "ERR_3684853_3");
    // The on-demand player's renewal is the gate again: refused too.
    const again = await vodGate(b, vod);
    expect(again.status).toBe(403);
  });

  it("an administrator's block: ERR_56882466_1 at the next playlist, signed segments for 18 s, the sessions are released, and an unblock does not revive the old token", async () => {
    const { b, identity } = await paidAccount(["roverstv+"]);
    const vod = await vodEntry(["roverstv+", "vip"]);
    const live = await start(b, MEN_AUDIO, "audio");
    const current = await playlist(b, live.url);
    expect(await sessionsOf(identity.ssoID)).toHaveLength(1);

    expect((await admin(`/accounts/${identity.ssoID}/block`)).status).toBe(200);
    expect(await sessionsOf(identity.ssoID)).toHaveLength(0);
    await expectRefused(await b.fetch(live.url), 403, "ERR_56882466_1");
    await expectRefused(await b.fetch(current.init), 403, "ERR_56882466_1");
    await expectSegmentBound((u) => b.fetch(u), current.segment, AUDIO_SEGMENT_SECONDS);
    await expectRefused(await renew(b, live.token), 403, "ERR_56882466_1");
    await expectRefused(await vodGate(b, vod), 403, "BLOCKED");

    expect((await admin(`/accounts/${identity.ssoID}/unblock`)).status).toBe(200);
    await expectRefused(await b.fetch(live.url), 403, "STREAM_SESSION_RELEASED");
    await expectRefused(await renew(b, live.token), 403, "STREAM_SESSION_RELEASED");
    await later(22);
    await expectRefused(await b.fetch(current.segment), 403, "SEGMENT_TOKEN_EXPIRED");
    vi.useRealTimers();
    // The account itself may watch again, with a new session.
    const fresh = await start(b, MEN_AUDIO, "audio");
    await expectBytes(await b.fetch((await playlist(b, fresh.url)).segment));
    expect((await vodGate(b, vod)).status).toBe(200);
  });

  it("a logged-out site session: ERR_3684853_1 at the next playlist, signed segments for 18 s, and its Log Out frees its stream slots at once", async () => {
    const { b, identity } = await paidAccount(["roverstv+"]);
    const phone = await signIn(identity);
    await start(b, MEN_AUDIO, "audio");
    const live = await start(phone, MEN_AUDIO, "audio");
    const current = await playlist(phone, live.url);
    const cookie = phone.jar.header();
    expect(await sessionsOf(identity.ssoID)).toHaveLength(2);

    expect((await phone.fetch("/auth/logout", { method: "POST" })).status).toBe(303);
    expect(await sessionsOf(identity.ssoID)).toHaveLength(1);
    // The old cookie replayed with the old token: not logged in.
    await expectRefused(await phone.fetch(live.url, { headers: { cookie } }), 403, "ERR_3684853_1");
    await expectRefused(await phone.fetch(current.init, { headers: { cookie } }), 403, "ERR_3684853_1");
    await expectSegmentBound((u) => phone.fetch(u, { headers: { cookie } }), current.segment, AUDIO_SEGMENT_SECONDS);
    await expectRefused(await renew(browser(), live.token), 403, "ERR_3684853_1");
  });
});

describe("POST /api/admin/accounts/:ssoID/sign-out (sign out everywhere)", () => {
  it("ends every site session and live token of the account (signed segments within 12 s); a new sign-in works at once; audited", async () => {
    const { b, identity } = await paidAccount(["roverstv+", "roverstv"]);
    const phone = await signIn(identity);
    const other = await paidAccount(["roverstv+"]);
    const audio = await start(b, MEN_AUDIO, "audio");
    const video = await start(phone, PRESS, "video");
    vi.useFakeTimers({ toFake: ["Date"] }); // frozen: the bound below counts from the playlist
    const segment = (await playlist(phone, video.url)).segment;

    const res = await admin(`/accounts/${identity.ssoID}/sign-out`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ data: { id: identity.ssoID, attributes: { sessionsValidAfter: expect.any(String) } } });

    expect(await sessionsOf(identity.ssoID)).toHaveLength(0);
    for (const device of [b, phone]) expect((await device.fetch("/api/session/devices")).status).toBe(401);
    await expectRefused(await b.fetch(audio.url), 403, "ERR_3684853_1");
    await expectRefused(await phone.fetch(video.url), 403, "ERR_3684853_1");
    // The live video's segment the phone already holds: 12 s at most (the segment token's floor).
    await expectSegmentBound((u) => phone.fetch(u), segment, VIDEO_SEGMENT_SECONDS);
    await expectRefused(await renew(phone, video.token), 403, "ERR_3684853_1");
    // Another account is untouched.
    expect((await other.b.fetch("/api/session/devices")).status).toBe(200);
    // Signing in again, even within the same second, gives a session that counts.
    const back = await signIn(identity);
    expect((await back.fetch("/api/session/devices")).status).toBe(200);
    await start(back, MEN_AUDIO, "audio");

    const audit = await browser({ ADMIN_TOKEN }).fetch("/api/admin/audit?limit=5", { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    const rows = ((await audit.json()) as { data: { action: string; target: string; status: number }[] }).data;
    expect(rows).toEqual(expect.arrayContaining([expect.objectContaining({ action: "accounts.sign-out", target: identity.ssoID, status: 200 })]));
  });

  it("answers 404 for an unknown account and 400 for a bad ssoID", async () => {
    await expectRefused(await admin("/accounts/nobody-here/sign-out"), 404, "ACCOUNT_NOT_FOUND");
    expect((await admin("/accounts/bad%20id!/sign-out")).status).toBe(400);
  });
});

describe("POST /api/session/renew", () => {
  it("renews a live token for the same stream session, keeping its start for the playlist's numbering", async () => {
    const { b } = await paidAccount(["roverstv+"]);
    const live = await start(b, MEN_AUDIO, "audio");
    expect(live.renewAfterSeconds).toBe(LIVE_TOKEN_TTL_SECONDS - 60);
    expect(Date.parse(live.expiresAt) - Date.now()).toBeLessThanOrEqual(LIVE_TOKEN_TTL_SECONDS * 1000);
    await later(60);
    const res = await renew(b, live.token);
    expect(res.status).toBe(200);
    const renewed = ((await res.json()) as { data: { attributes: Granted } }).data.attributes;
    expect(renewed.token).not.toBe(live.token);
    const [a, c] = await Promise.all([verifyPlaybackToken(SECRET, live.token), verifyPlaybackToken(SECRET, renewed.token)]);
    if (!a.ok || !c.ok) throw new Error("tokens do not verify");
    expect(c.grant.stream).toBe(a.grant.stream);
    expect(c.grant.streamStart).toBe(a.grant.streamStart);
    expect(c.grant.issuedAt).toBeGreaterThan(a.grant.issuedAt ?? 0);
    // Same numbering with either token at the same moment.
    const seq = (text: string) => /#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1];
    const [one, two] = [await playlist(b, live.url), await playlist(b, renewed.url)];
    expect(seq(two.text)).toBe(seq(one.text));
    // The old token's segment URL plays with the renewed token in it (what the player sends).
    await expectBytes(await b.fetch(one.segment.replace(/token=[^&]*/, `token=${encodeURIComponent(renewed.token)}`)));
  });

  it("refuses an expired token, another session's token, an on-demand token, a 6 h live token and a bad body", async () => {
    const { b, identity } = await paidAccount(["roverstv+"]);
    const live = await start(b, MEN_AUDIO, "audio");
    const elsewhere = await signIn(identity);
    await expectRefused(await renew(elsewhere, live.token), 403, "TOKEN_WRONG_USER");
    const vod = await signPlaybackToken(SECRET, { entryId: MEN_AUDIO, ssoID: identity.ssoID, sid: "x".repeat(32) });
    await expectRefused(await renew(b, vod.token), 401, "TOKEN_INVALID");
    const verified = await verifyPlaybackToken(SECRET, live.token);
    if (!verified.ok) throw new Error("token does not verify");
    const long = await signPlaybackToken(SECRET, verified.grant, undefined, 6 * 60 * 60);
    await expectRefused(await renew(b, long.token), 401, "TOKEN_INVALID");
    await expectRefused(await b.fetch(`/media/live/${MEN_AUDIO}/index.m3u8?token=${encodeURIComponent(long.token)}`), 401, "TOKEN_INVALID");
    const res = await b.fetch("/api/session/renew", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    await expectRefused(res, 400, "INVALID_INPUT");
    await later(LIVE_TOKEN_TTL_SECONDS + 1);
    await expectRefused(await renew(b, live.token), 401, "TOKEN_EXPIRED");
    // The playlist re-proves the whole right, so it still reads the token (a native player's
    // reloads, below); past the grace it does not.
    expect((await b.fetch(live.url)).status).toBe(200);
    await later(MEDIA_TOKEN_GRACE_SECONDS);
    await expectRefused(await b.fetch(live.url), 401, "TOKEN_EXPIRED");
  });
});
