import { env, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SignJWT } from "jose";
import { DEV_DEFAULTS } from "../../worker/dev-secrets";
import { PLAYBACK_TOKEN_TTL_SECONDS, signPlaybackToken } from "../../worker/media/playback-token";
import { browser, devToken, freshIdentity, signInWithToken, type Browser, withDirectLogin } from "./auth-test-app";

/** The playback gate (POST /api/playback) and the token check of /media/vod/*, through the worker's one app. */

type Attributes = {
  entryId: string;
  url: string;
  posterUrl: string;
  token: string;
  expiresAt: string;
  renewAfterSeconds: number;
  resumeAt: number | null;
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
    await expectRefused(await b.fetch(`/media/vod/${entry}/720p/seg0.m4s`), 401, "TOKEN_MISSING");
    await expectRefused(await b.fetch(`/media/vod/${entry}/720p/seg0.m4s?token=`), 401, "TOKEN_MISSING");
    // the clip folders are not entry ids that were ever granted
    await expectRefused(await b.fetch("/media/vod/clip-1/720p/seg0.m4s"), 401, "TOKEN_MISSING");
    for (const path of ["/media/audio/loop/seg0.m4s", "/media/vod/clip-1/../clip-2/master.m3u8", "/media/vod/x/secret.txt", "/media/"]) {
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
    await expectRefused(await b.fetch(`/media/vod/${entry}/720p/seg0.m4s?token=${old.token}`), 401, "TOKEN_EXPIRED");
    // the same claims, fresh: accepted (so the refusal above was the expiry)
    const fresh = await signPlaybackToken(DEV_DEFAULTS.SESSION_SECRET, { entryId: entry, ssoID: identity.ssoID, sid });
    expect((await b.fetch(`/media/vod/${entry}/720p/seg0.m4s?token=${fresh.token}`)).status).toBe(200);
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
   * Segments read no session, so the bound of a logout or a block for a segment URL the
   * player already holds is its token's own life (5 minutes from the gate), and the gate, which
   * the player's renewal goes through, refuses a new token at once.
   */
  it.each(["logout", "block"] as const)("after a %s, a segment plays on its token alone until the token expires, never after; the renewal is refused", async (loss) => {
    const { b, identity } = await account(["roverstv"]);
    const entry = await replay();
    const { url, token } = await grant(b, entry);
    const segment = `/media/vod/${entry}/720p/seg0.m4s?token=${encodeURIComponent(token)}`;
    const cookie = b.jar.header();
    if (loss === "logout") await b.fetch("/auth/logout", { method: "POST", headers: { accept: "application/json" } });
    else await env.DB.prepare("UPDATE accounts SET blocked = 1, blocked_reason = 'administrator' WHERE sso_id = ?1").bind(identity.ssoID).run();

    // The playlist reads the session: refused at once.
    await expectRefused(await b.fetch(url, { headers: { cookie } }), loss === "logout" ? 401 : 403, loss === "logout" ? "SESSION_REQUIRED" : "BLOCKED");
    const renewal = await play(b, entry);
    expect(renewal.status).toBe(loss === "logout" ? 401 : 403);
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    // Token expiries are whole seconds: 2 s before is the latest moment always inside the token's life.
    vi.setSystemTime(start + (PLAYBACK_TOKEN_TTL_SECONDS - 2) * 1000);
    const served = await b.fetch(segment, { headers: { cookie } });
    expect(served.status).toBe(200);
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    vi.setSystemTime(start + PLAYBACK_TOKEN_TTL_SECONDS * 1000);
    await expectRefused(await b.fetch(segment, { headers: { cookie } }), 401, "TOKEN_EXPIRED");
  });

  it("plays the whole ladder: master, renditions, captions, init and segments all carry the token", async () => {
    const { b } = await account(["roverstv"]);
    const entry = await replay();
    const { url, token, posterUrl } = await grant(b, entry);
    const master = await b.fetch(url);
    expect(master.status).toBe(200);
    expect(master.headers.get("content-type")).toBe("application/vnd.apple.mpegurl");
    expect(master.headers.get("cache-control")).toContain("no-store");
    const text = await master.text();
    const variants = text.split("\n").filter((l) => l && !l.startsWith("#"));
    expect(variants).toEqual([`360p/index.m3u8?token=${token}`, `720p/index.m3u8?token=${token}`]);
    expect(text).toContain(`URI="captions.m3u8?token=${token}"`);
    expect(text).toMatch(/TYPE=SUBTITLES/);

    const base = `/media/vod/${entry}/`;
    const media = await (await b.fetch(base + variants[1])).text();
    const rendition = `${base}720p/`;
    expect(media).toContain(`#EXT-X-MAP:URI="init.mp4?token=${token}"`);
    const segments = media.split("\n").filter((l) => l && !l.startsWith("#"));
    expect(segments.length).toBeGreaterThanOrEqual(2);
    for (const s of segments) expect(s).toMatch(new RegExp(`^seg\\d+\\.m4s\\?token=${token.replace(/\./g, "\\.")}$`));

    const segment = await b.fetch(rendition + segments[0]);
    expect(segment.status).toBe(200);
    expect(segment.headers.get("content-type")).toBe("video/mp4");
    expect(segment.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect(segment.headers.get("accept-ranges")).toBe("bytes");
    const bytes = new Uint8Array(await segment.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(10_000);
    // an fMP4 fragment starts with a styp or moof box
    expect(new TextDecoder().decode(bytes.slice(4, 8))).toMatch(/styp|moof/);

    const captions = await (await b.fetch(`${base}captions.m3u8?token=${token}`)).text();
    expect(captions).toContain(`captions.vtt?token=${token}`);
    const vtt = await b.fetch(`${base}captions.vtt?token=${token}`);
    expect(vtt.headers.get("content-type")).toContain("text/vtt");
    expect(await vtt.text()).toMatch(/^WEBVTT/);
    const poster = await b.fetch(posterUrl);
    expect(poster.headers.get("content-type")).toBe("image/jpeg");
  });

  it("answers Range requests on segments with 206 and the right bytes, 416 past the end", async () => {
    const { b } = await account(["roverstv"]);
    const entry = await replay();
    const { token } = await grant(b, entry);
    const path = `/media/vod/${entry}/360p/seg1.m4s?token=${token}`;
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
