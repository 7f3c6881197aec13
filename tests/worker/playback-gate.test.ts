import { env, SELF } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SignJWT } from "jose";
import { DEV_DEFAULTS } from "../../worker/dev-secrets";
import { signPlaybackToken } from "../../worker/media/playback-token";
import { browser, devToken, freshIdentity, signInWithToken, type Browser, withDirectLogin } from "./auth-test-app";
import { MEDIA_TOKEN_GRACE_SECONDS } from "../../src/domain/timings";
import { expectSegmentBound, VOD_SEGMENT_SECONDS } from "./live-bound";
import { tinyLadderVideo } from "./video-pipeline-fixtures";

/** The playback gate (POST /api/playback) and the token check of /media/vod/*, through the worker's one app. */

type Attributes = {
  entryId: string;
  url: string;
  posterUrl: string;
  token: string;
  expiresAt: string;
  renewAfterSeconds: number;
  resumeAt: number | null;
  chapters: { startSeconds: number; title: string }[];
};

async function entryWith(entitlements: string[]): Promise<string> {
  const row = await env.DB.prepare("SELECT entry_id FROM videos WHERE entitlements = ?1 ORDER BY id LIMIT 1")
    .bind(JSON.stringify(entitlements))
    .first<{ entry_id: string }>();
  if (!row) throw new Error(`no seeded video with ${JSON.stringify(entitlements)}`);
  return row.entry_id;
}
const replay = () => entryWith(["roverstv", "roverstv+", "vip"]);
const topTier = () => entryWith(["roverstv+", "vip"]);
const everyone = () => entryWith(["?"]);

/** A signed-in browser whose account holds `entitlements` (and flags). */
async function account(entitlements: string[], flags: { bypassed?: boolean; blocked?: boolean } = {}) {
  const b = browser();
  const identity = freshIdentity("play");
  const res = await signInWithToken(b, (nonce) => devToken(identity, { nonce }));
  if (res.status !== 302) throw new Error(`sign-in answered ${res.status}`);
  await env.DB.prepare("UPDATE accounts SET entitlements = ?2, bypassed = ?3, blocked = ?4, blocked_reason = ?5 WHERE sso_id = ?1")
    .bind(identity.ssoID, JSON.stringify(entitlements), flags.bypassed ? 1 : 0, flags.blocked ? 1 : 0, flags.blocked ? "administrator" : null)
    .run();
  return { b, identity };
}

afterEach(() => {
  vi.useRealTimers();
});

// The videos these tests play, each with a real (tiny) ladder in R2: a video plays its own media or nothing.
beforeAll(async () => {
  for (const entry of new Set([await replay(), await topTier(), await everyone()])) await tinyLadderVideo(entry);
});

async function play(b: Browser, entryId: unknown) {
  return b.fetch("/api/playback", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ entryId }) });
}

async function grant(b: Browser, entryId: string): Promise<Attributes> {
  const res = await play(b, entryId);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { attributes: Attributes } }).data.attributes;
}

/** An error answer of /media: JSON, never a playlist or media bytes. */
async function expectRefused(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toContain("application/json");
  const text = await res.text();
  expect(text).not.toContain("#EXTM3U");
  expect(JSON.parse(text)).toMatchObject({ errors: [{ code }] });
}

/** A rendition's media playlist and the URLs of the files it lists, each with its own segment token. */
async function renditionFiles(b: Browser, entry: string, token: string, rendition = "480p") {
  const base = `/media/vod/${entry}/${rendition}/`;
  const res = await b.fetch(`${base}index.m3u8?token=${encodeURIComponent(token)}`);
  expect(res.status).toBe(200);
  const text = await res.text();
  const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(text)?.[1];
  const segments = text.split("\n").filter((l) => l && !l.startsWith("#")).map((l) => base + l);
  if (!init || segments.length === 0) throw new Error(`no init or segments in ${text}`);
  return { text, init: base + init, segments };
}

describe("POST /api/playback", () => {
  it("refuses bad input with 400 INVALID_INPUT and an unknown video with 404", async () => {
    const b = browser();
    for (const body of ["not json", "{}", JSON.stringify({ entryId: "../etc" }), JSON.stringify({ entryId: "x", more: 1 }), JSON.stringify({ entryId: 5 })]) {
      const res = await b.fetch("/api/playback", { method: "POST", headers: { "content-type": "application/json" }, body });
      expect(res.status, body).toBe(400);
      expect(await res.json()).toMatchObject({ errors: [{ code: "INVALID_INPUT" }] });
    }
    const missing = await play(b, "1_nosuchid");
    expect(missing.status).toBe(404);
  });

  it("refuses a cross-site request (CSRF)", async () => {
    const { b } = await account(["roverstv"]);
    const res = await b.fetch("/api/playback", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify({ entryId: await replay() }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ errors: [{ code: "CSRF" }] });
  });

  it("a visitor plays a video open to everyone but gets 401 'Please Log In to access this' on a locked one", async () => {
    const b = browser();
    const open = await grant(b, await everyone());
    expect(open.url).toMatch(/^\/media\/vod\/[\w-]+\/master\.m3u8\?token=/);
    const res = await play(b, await replay());
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ errors: [{ code: "LOGIN_REQUIRED", detail: "Please Log In to access this", status: 0 }] });
  });

  it("applies the seeded tiers: freemium is refused a replay, Rovers TV plays it, and not a top-tier one", async () => {
    const fan = await account(["freemium"]);
    const refused = await play(fan.b, await replay());
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ errors: [{ code: "NOT_SUBSCRIBED", detail: "Sorry but you are not subscribed to this stream", status: 2 }] });

    const tv = await account(["roverstv"]);
    const ok = await grant(tv.b, await replay());
    const lifetime = (Date.parse(ok.expiresAt) - Date.now()) / 1000;
    expect(lifetime).toBeGreaterThan(60);
    expect(lifetime).toBeLessThanOrEqual(600);
    expect(ok.renewAfterSeconds).toBeLessThan(lifetime);
    expect((await play(tv.b, await topTier())).status).toBe(403);
  });

  it("an account without entitlements hears 'Sorry but you do not have any subscriptions'", async () => {
    const { b } = await account([]);
    const res = await play(b, await replay());
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ errors: [{ code: "NO_SUBSCRIPTION", detail: "Sorry but you do not have any subscriptions", status: 1 }] });
  });

  it("a bypassed account passes every lock; a blocked one is refused even a free video", async () => {
    const bypassed = await account([], { bypassed: true });
    await grant(bypassed.b, await topTier());
    const blocked = await account(["vip"], { blocked: true });
    for (const entry of [await topTier(), await everyone()]) {
      const res = await play(blocked.b, entry);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ errors: [{ code: "BLOCKED", detail: "Your account has been blocked by an administrator", status: 3 }] });
    }
  });

  it("the demo accounts get their seeded entitlements: tv@rovers.test plays a replay", async () => {
    const b = browser();
    await withDirectLogin(() => b.fetch("/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ username: "tv@rovers.test", password: "rovers-demo" }),
    }));
    await grant(b, await replay());
  });
});

describe("the grant's chapters", () => {
  it("carries the video's chapters earliest first, none for a video without", async () => {
    const entry = await everyone();
    const id = (await env.DB.prepare("SELECT id FROM videos WHERE entry_id = ?1").bind(entry).first<{ id: number }>())!.id;
    await env.DB.prepare("DELETE FROM video_chapters WHERE video_id = ?1").bind(id).run();
    expect((await grant(browser(), entry)).chapters).toEqual([]);
    await env.DB.batch([
      env.DB.prepare("INSERT INTO video_chapters (video_id, start_seconds, title) VALUES (?1, 90, 'Second half')").bind(id),
      env.DB.prepare("INSERT INTO video_chapters (video_id, start_seconds, title) VALUES (?1, 0, 'Kick-off')").bind(id),
    ]);
    try {
      expect((await grant(browser(), entry)).chapters).toEqual([
        { startSeconds: 0, title: "Kick-off" },
        { startSeconds: 90, title: "Second half" },
      ]);
    } finally {
      await env.DB.prepare("DELETE FROM video_chapters WHERE video_id = ?1").bind(id).run();
    }
  });
});

describe("PUT /api/playback/position (resume on the account)", () => {
  const put = (b: Browser, body: unknown) =>
    b.fetch("/api/playback/position", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  it("keeps a signed-in viewer's place per video, and the gate answers it as resumeAt", async () => {
    const { b } = await account(["roverstv"]);
    const other = await account(["roverstv"]);
    const entry = await replay();
    expect((await grant(b, entry)).resumeAt).toBeNull();
    expect((await put(b, { entryId: entry, seconds: 42 })).status).toBe(204);
    expect((await grant(b, entry)).resumeAt).toBe(42);
    expect((await put(b, { entryId: entry, seconds: 3 })).status).toBe(204);
    expect((await grant(b, entry)).resumeAt).toBe(3);
    // another account's place is its own; a visitor's grant has none
    expect((await grant(other.b, entry)).resumeAt).toBeNull();
    expect((await grant(browser(), await everyone())).resumeAt).toBeNull();
  });

  it("refuses visitors (401), bad input (400) and unknown videos (404)", async () => {
    const entry = await replay();
    expect((await put(browser(), { entryId: entry, seconds: 5 })).status).toBe(401);
    const { b } = await account(["roverstv"]);
    for (const body of [{ entryId: entry }, { entryId: entry, seconds: -1 }, { entryId: entry, seconds: 1.5 }, { entryId: "../x", seconds: 1 }, { entryId: entry, seconds: 1, x: 1 }]) {
      expect((await put(b, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await put(b, { entryId: "1_nosuchid", seconds: 1 })).status).toBe(404);
    const cross = await b.fetch("/api/playback/position", {
      method: "PUT",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify({ entryId: entry, seconds: 1 }),
    });
    expect(cross.status).toBe(403);
  });
});

describe("GET /media/vod/{entryId}/...", () => {
  it("serves nothing without a token, and nothing at the files' own asset paths", async () => {
    const b = browser();
    const entry = await replay();
    await expectRefused(await b.fetch(`/media/vod/${entry}/master.m3u8`), 401, "TOKEN_MISSING");
    await expectRefused(await b.fetch(`/media/vod/${entry}/480p/seg0.m4s`), 401, "TOKEN_MISSING");
    await expectRefused(await b.fetch(`/media/vod/${entry}/480p/seg0.m4s?token=`), 401, "TOKEN_MISSING");
    for (const path of ["/media/audio/loop/seg0.m4s", "/media/vod/1_abc/../1_def/master.m3u8", "/media/vod/x/secret.txt", "/media/"]) {
      const res = await b.fetch(path);
      expect([401, 404], path).toContain(res.status);
      expect(res.headers.get("content-type"), path).toContain("application/json");
    }
  });

  it("refuses a forged token and an expired one with 401", async () => {
    const { b, identity } = await account(["roverstv"]);
    const entry = await replay();
    const forged = await new SignJWT({ ent: entry, sid: "x".repeat(32) })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("northbridge-rovers-site")
      .setAudience("rovers-media")
      .setSubject(identity.ssoID)
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode("an-attacker-guessed-secret-0123456789abcdef"));
    await expectRefused(await b.fetch(`/media/vod/${entry}/master.m3u8?token=${forged}`), 401, "TOKEN_INVALID");
    const alg = (await grant(b, entry)).token.split(".");
    const none = `${btoa(JSON.stringify({ alg: "none" })).replace(/=+$/, "")}.${alg[1]}.`;
    await expectRefused(await b.fetch(`/media/vod/${entry}/master.m3u8?token=${none}`), 401, "TOKEN_INVALID");

    const session = b.jar.cookies.get("rovers_session") ?? "";
    const sid = JSON.parse(atob((session.split(".")[1] ?? "").replace(/-/g, "+").replace(/_/g, "/"))).sid as string;
    const old = await signPlaybackToken(DEV_DEFAULTS.SESSION_SECRET, { entryId: entry, ssoID: identity.ssoID, sid }, Math.floor(Date.now() / 1000) - 3600);
    await expectRefused(await b.fetch(`/media/vod/${entry}/master.m3u8?token=${old.token}`), 401, "TOKEN_EXPIRED");
    await expectRefused(await b.fetch(`/media/vod/${entry}/480p/index.m3u8?token=${old.token}`), 401, "TOKEN_EXPIRED");
    // A segment reads an expired token only within the grace a native player needs (and re-proves the right then).
    const older = await signPlaybackToken(DEV_DEFAULTS.SESSION_SECRET, { entryId: entry, ssoID: identity.ssoID, sid }, Math.floor(Date.now() / 1000) - MEDIA_TOKEN_GRACE_SECONDS - 600);
    await expectRefused(await b.fetch(`/media/vod/${entry}/480p/seg0.m4s?token=${older.token}`), 401, "TOKEN_EXPIRED");
    // the same claims, fresh: accepted (so the refusal above was the expiry)
    const fresh = await signPlaybackToken(DEV_DEFAULTS.SESSION_SECRET, { entryId: entry, ssoID: identity.ssoID, sid });
    expect((await b.fetch(`/media/vod/${entry}/master.m3u8?token=${fresh.token}`)).status).toBe(200);
  });

  it("refuses a token of another video with 403", async () => {
    const { b } = await account(["roverstv"]);
    const { token } = await grant(b, await replay());
    await expectRefused(await b.fetch(`/media/vod/${await everyone()}/master.m3u8?token=${token}`), 403, "TOKEN_WRONG_ENTRY");
  });

  it("refuses a token used by another user (403) or without its session (401)", async () => {
    const owner = await account(["roverstv"]);
    const other = await account(["roverstv"]);
    const entry = await replay();
    const { url } = await grant(owner.b, entry);
    await expectRefused(await other.b.fetch(url), 403, "TOKEN_WRONG_USER");
    await expectRefused(await browser().fetch(url), 401, "SESSION_REQUIRED");
    expect((await owner.b.fetch(url)).status).toBe(200);
  });

  it("stops serving once the session is logged out (revoked)", async () => {
    const { b } = await account(["roverstv"]);
    const entry = await replay();
    const { url } = await grant(b, entry);
    const cookie = b.jar.header();
    expect((await b.fetch(url)).status).toBe(200);
    await b.fetch("/auth/logout", { method: "POST", headers: { accept: "application/json" } });
    await expectRefused(await b.fetch(url, { headers: { cookie } }), 401, "SESSION_REQUIRED");
  });

  it("a blocked account's earlier token stops working", async () => {
    const { b, identity } = await account(["roverstv"]);
    const { url } = await grant(b, await replay());
    await env.DB.prepare("UPDATE accounts SET blocked = 1, blocked_reason = 'administrator' WHERE sso_id = ?1").bind(identity.ssoID).run();
    await expectRefused(await b.fetch(url), 403, "BLOCKED");
  });

  /**
   * Segments read no session while their segment token lives, so the bound of a logout or a block
   * for a segment URL the player already holds is that token's life (12 s for the clips' 2 s
   * segments) after its playlist; the playlists and the gate, which the player's renewal goes
   * through, refuse at once. After the bound a script without the cookie gets
   * SEGMENT_TOKEN_EXPIRED, and the browser the rule's refusal.
   */
  it.each(["logout", "block"] as const)("after a %s, a listed segment plays for its segment token's life, never after; playlists and the renewal are refused at once", async (loss) => {
    const { b, identity } = await account(["roverstv"]);
    const entry = await replay();
    const { url, token } = await grant(b, entry);
    vi.useFakeTimers({ toFake: ["Date"] }); // frozen: the bound below counts from the playlist
    const files = await renditionFiles(b, entry, token);
    const cookie = b.jar.header();
    if (loss === "logout") await b.fetch("/auth/logout", { method: "POST", headers: { accept: "application/json" } });
    else await env.DB.prepare("UPDATE accounts SET blocked = 1, blocked_reason = 'administrator' WHERE sso_id = ?1").bind(identity.ssoID).run();

    const refusal = loss === "logout" ? { status: 401, code: "SESSION_REQUIRED" } : { status: 403, code: "BLOCKED" };
    await expectRefused(await b.fetch(url, { headers: { cookie } }), refusal.status, refusal.code);
    await expectRefused(await b.fetch(`/media/vod/${entry}/480p/index.m3u8?token=${token}`, { headers: { cookie } }), refusal.status, refusal.code);
    const renewal = await play(b, entry);
    expect(renewal.status).toBe(refusal.status);
    await expectSegmentBound((u) => b.fetch(u, { headers: { cookie } }), files.segments[0]!, VOD_SEGMENT_SECONDS, refusal);
    await expectSegmentBound((u) => browser().fetch(u), files.segments[1]!, VOD_SEGMENT_SECONDS);
  });

  it("a segment token fetches its own file and no other: not the next segment, not another rendition's, not the init", async () => {
    const { b } = await account(["roverstv"]);
    const entry = await replay();
    const { token } = await grant(b, entry);
    const high = await renditionFiles(b, entry, token, "480p");
    const low = await renditionFiles(b, entry, token, "360p");
    const segOf = (u: string) => /[?&]seg=([^&]*)/.exec(u)?.[1] ?? "";
    const withSeg = (u: string, seg: string) => u.replace(/([?&]seg=)[^&]*/, `$1${seg}`);
    for (const u of [high.init, ...high.segments, low.init, ...low.segments]) expect((await b.fetch(u)).status, u).toBe(200);
    const script = browser();
    await expectRefused(await script.fetch(withSeg(high.segments[1]!, segOf(high.segments[0]!))), 403, "SEGMENT_TOKEN_INVALID");
    await expectRefused(await script.fetch(withSeg(low.segments[0]!, segOf(high.segments[0]!))), 403, "SEGMENT_TOKEN_INVALID");
    await expectRefused(await script.fetch(withSeg(high.init, segOf(high.segments[0]!))), 403, "SEGMENT_TOKEN_INVALID");
    // Another account's playlist signs for its own holder: its segment tokens are no use with this token.
    const other = await account(["roverstv"]);
    const theirs = await renditionFiles(other.b, entry, (await grant(other.b, entry)).token);
    await expectRefused(await script.fetch(withSeg(high.segments[0]!, segOf(theirs.segments[0]!))), 403, "SEGMENT_TOKEN_INVALID");
    // and without one at all
    await expectRefused(await script.fetch(high.segments[0]!.replace(/&seg=[^&]*/, "")), 403, "SEGMENT_TOKEN_INVALID");
  });

  it("an ended pass refuses the next on-demand playlist, master and media level, with the gate's code", async () => {
    const { b, identity } = await account([]);
    const endsAt = new Date(Date.now() + 60_000).toISOString();
    await env.DB.prepare("UPDATE accounts SET paid_entitlements = ?2, paid_entitlement_ends = ?3 WHERE sso_id = ?1")
      .bind(identity.ssoID, JSON.stringify(["roverstv"]), JSON.stringify({ roverstv: endsAt }))
      .run();
    const entry = await replay();
    const { url, token } = await grant(b, entry);
    const files = await renditionFiles(b, entry, token);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 61_000);
    const expected = { code: "NO_SUBSCRIPTION", detail: "Sorry but you do not have any subscriptions", status: 1 };
    for (const playlist of [url, `/media/vod/${entry}/480p/index.m3u8?token=${token}`]) {
      const res = await b.fetch(playlist);
      expect(res.status, playlist).toBe(403);
      expect(await res.json()).toEqual({ errors: [expected] });
    }
    // Its segment tokens ran out long ago (61 s > 12 s); with the cookie the rule answers.
    await expectRefused(await b.fetch(files.segments[0]!), 403, "NO_SUBSCRIPTION");
    expect((await play(b, entry)).status).toBe(403);
  });

  it("plays the whole ladder: master, renditions, init, segments and the storyboard all carry the token", async () => {
    const { b } = await account(["roverstv"]);
    const entry = await replay();
    const { url, token, posterUrl } = await grant(b, entry);
    const master = await b.fetch(url);
    expect(master.status).toBe(200);
    expect(master.headers.get("content-type")).toBe("application/vnd.apple.mpegurl");
    expect(master.headers.get("cache-control")).toContain("no-store");
    const text = await master.text();
    const variants = text.split("\n").filter((l) => l && !l.startsWith("#"));
    expect(variants).toEqual([`480p/index.m3u8?token=${token}`, `360p/index.m3u8?token=${token}`, `audio/index.m3u8?token=${token}`]);

    const base = `/media/vod/${entry}/`;
    const media = await (await b.fetch(base + variants[0])).text();
    const rendition = `${base}480p/`;
    const escaped = token.replace(/\./g, "\\.");
    expect(media).toMatch(new RegExp(`#EXT-X-MAP:URI="init_0\\.mp4\\?token=${escaped}&seg=\\d+\\.vod\\.[\\w-]{43}"`));
    const segments = media.split("\n").filter((l) => l && !l.startsWith("#"));
    expect(segments.length).toBeGreaterThanOrEqual(2);
    for (const s of segments) expect(s).toMatch(new RegExp(`^seg\\d+\\.m4s\\?token=${escaped}&seg=\\d+\\.vod\\.[\\w-]{43}$`));
    // each file its own segment token
    expect(new Set(segments.map((s) => s.split("seg=")[1])).size).toBe(segments.length);

    const segment = await b.fetch(rendition + segments[0]);
    expect(segment.status).toBe(200);
    expect(segment.headers.get("content-type")).toBe("video/mp4");
    expect(segment.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect(segment.headers.get("accept-ranges")).toBe("bytes");
    const bytes = new Uint8Array(await segment.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(5_000);
    // an fMP4 fragment starts with a styp or moof box
    expect(new TextDecoder().decode(bytes.slice(4, 8))).toMatch(/styp|moof/);

    // The storyboard's track names its sprite with the viewer's token, so the sprite loads too.
    const vtt = await b.fetch(`${base}storyboard.vtt?token=${token}`);
    expect(vtt.headers.get("content-type")).toContain("text/vtt");
    const track = await vtt.text();
    expect(track).toMatch(/^WEBVTT/);
    expect(track).toContain(`storyboard.jpg?token=${token}#xywh=0,0,160,90`);
    const sprite = await b.fetch(`${base}storyboard.jpg?token=${token}`);
    expect(sprite.status).toBe(200);
    expect(sprite.headers.get("content-type")).toBe("image/jpeg");
    await sprite.arrayBuffer();
    await expectRefused(await b.fetch(`${base}storyboard.jpg`), 401, "TOKEN_MISSING");
    const poster = await b.fetch(posterUrl);
    expect(poster.headers.get("content-type")).toBe("image/jpeg");
  });

  it("answers Range requests on segments with 206 and the right bytes, 416 past the end", async () => {
    const { b } = await account(["roverstv"]);
    const entry = await replay();
    const { token } = await grant(b, entry);
    const path = (await renditionFiles(b, entry, token, "360p")).segments[1]!;
    const whole = new Uint8Array(await (await b.fetch(path)).arrayBuffer());

    const part = await b.fetch(path, { headers: { range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${whole.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(whole.slice(100, 200));

    const tail = await b.fetch(path, { headers: { range: "bytes=-50" } });
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(whole.slice(whole.length - 50));

    const past = await b.fetch(path, { headers: { range: `bytes=${whole.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${whole.length}`);
    expect((await past.arrayBuffer()).byteLength).toBe(0);
  });

  it("a locked video's page carries no media URL", async () => {
    const entry = await replay();
    const { b } = await account(["roverstv"]);
    // Through the whole worker (page cache included), as a visitor and as a subscriber.
    for (const cookie of ["", b.jar.header()]) {
      const page = await SELF.fetch(`http://localhost/videos/${entry}`, { headers: { cookie } });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(`"entryId":"${entry}"`);
      expect(html).not.toMatch(/\/media\/|\.m3u8|token=/);
    }
  });
});
