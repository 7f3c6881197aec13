import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { browser, envWith, signedIn } from "./auth-test-app";
import { DEV_DEFAULTS } from "../../worker/dev-secrets";
import { signPlaybackToken } from "../../worker/media/playback-token";
import { signSegmentToken, vodHolder } from "../../worker/media/segment-token";
import { mediaStateOf } from "../../worker/media/media-state";
import { goLive } from "./live-media";

import { tinyLadderVideo } from "./video-pipeline-fixtures";
/** One app, middleware where it is needed, pages without sessions, the signed-in hint. */
async function call(target: Env, path: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`http://localhost${path}`, { redirect: "manual", ...init }), target, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** The env with a D1 binding that counts its queries, or refuses every one. */
/** A catalogue video playing a real (tiny) ladder from R2, as every video plays its own media. */
async function catalogueVideo(offset: number): Promise<string> {
  const row = await env.DB.prepare("SELECT entry_id FROM videos ORDER BY id LIMIT 1 OFFSET ?1").bind(offset).first<{ entry_id: string }>();
  const media = await env.DB.prepare("SELECT m.prefix FROM videos v JOIN video_media m ON m.source_id = v.source_id WHERE v.entry_id = ?1").bind(row!.entry_id).first();
  if (!media) await tinyLadderVideo(row!.entry_id);
  return row!.entry_id;
}

function withDb(mode: "count" | "throw") {
  const calls: string[] = [];
  const DB = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "prepare" || prop === "batch" || prop === "exec") {
        return (...args: unknown[]) => {
          calls.push(String(prop));
          if (mode === "throw") throw new Error("D1 must not be touched here");
          return (Reflect.get(target, prop) as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { env: { ...envWith(), DB } as Env, calls };
}

const headerLabel = (html: string) => /<span class="header-action__label">([^<]*)<\/span>/.exec(html)?.[1];

describe("the page path", () => {
  it("a page-cache hit reads no session and makes no D1 query", async () => {
    const { b } = await signedIn();
    const warm = await call(envWith(), "/videos/categories", { headers: { cookie: b.jar.header() } });
    expect(warm.status).toBe(200);
    const { env: noDb, calls } = withDb("throw");
    const hit = await call(noDb, "/videos/categories", { headers: { cookie: b.jar.header() } });
    expect(hit.status).toBe(200);
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    expect(calls).toEqual([]);
    expect(hit.headers.getSetCookie()).toEqual([]);
  });

  it("a rendered page makes the same D1 queries with or without a session cookie", async () => {
    const { b } = await signedIn();
    const visitor = withDb("count");
    await call(visitor.env, "/teams?fresh=1", { headers: { "cache-control": "no-cache" } });
    const member = withDb("count");
    // the session cookie but not the hint: the same (visitor) page, rendered again
    const session = b.jar.header().split("; ").filter((c) => c.startsWith("rovers_session=")).join("; ");
    const res = await call(member.env, "/teams", { headers: { "cache-control": "no-cache", cookie: session } });
    expect(res.headers.get("x-page-cache")).toBe("miss");
    expect(member.calls.length).toBe(visitor.calls.length);
  });
});

describe("the signed-in hint", () => {
  it("is set at sign-in without identity, and not HttpOnly", async () => {
    const { b } = await signedIn();
    expect(b.jar.cookies.get("rovers_signed_in")).toBe("1");
    expect(b.jar.cookies.has("rovers_session")).toBe(true);
  });

  it("selects the signed-in variant of a page: 'Profile' instead of 'Log In' in the server HTML", async () => {
    const visitor = await (await call(envWith(), "/category")).text();
    const member = await (await call(envWith(), "/category", { headers: { cookie: "rovers_signed_in=1" } })).text();
    expect(headerLabel(visitor)).toBe("Log In");
    expect(headerLabel(member)).toBe("Profile");
    expect(member).toContain('data-signed-in="true"');
    // both variants are cached, each under its own key
    const again = await call(envWith(), "/category", { headers: { cookie: "rovers_signed_in=1" } });
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(headerLabel(await again.text())).toBe("Profile");
    expect(headerLabel(await (await call(envWith(), "/category")).text())).toBe("Log In");
  });

  it("grants nothing: /api/session still decides, and clears a hint without a session", async () => {
    const b = browser();
    b.jar.cookies.set("rovers_signed_in", "1");
    const res = await b.fetch("/api/session");
    expect(await res.json()).toMatchObject({ data: null });
    expect(b.jar.cookies.has("rovers_signed_in")).toBe(false);
  });

  it("is cleared at logout and when the session is refused", async () => {
    const { b } = await signedIn();
    await b.fetch("/auth/logout", { method: "POST" });
    expect(b.jar.cookies.has("rovers_signed_in")).toBe(false);

    const second = await signedIn();
    second.b.jar.cookies.set("rovers_session", "forged.session.cookie");
    await second.b.fetch("/api/session");
    expect(second.b.jar.cookies.has("rovers_signed_in")).toBe(false);
  });
});

describe("one app", () => {
  it("mounts CSRF on /auth, /sso and /api but not in front of pages", async () => {
    const cross = { method: "POST", headers: { origin: "https://evil.example" } };
    expect((await call(envWith(), "/auth/logout", cross)).status).toBe(403);
    expect((await call(envWith(), "/sso/login", cross)).status).toBe(403);
    expect((await call(envWith(), "/api/session", cross)).status).toBe(403);
    // webhooks authenticate by signature, never by Origin
    expect((await call(envWith(), "/webhooks/stripe", cross)).status).not.toBe(403);
  });
});

describe("the session is read only where it is used", () => {
  const SECRET = DEV_DEFAULTS.SESSION_SECRET;
  const forged = { cookie: "rovers_session=forged.cookie.value; rovers_signed_in=1" };
  const clears = (res: Response) => res.headers.getSetCookie().some((c) => c.startsWith("rovers_session=;"));

  it("a forged session cookie is cleared where the user is read, and not even looked at elsewhere", async () => {
    for (const path of ["/api/session", "/api/users/entitlements", "/api/session/devices"]) {
      expect(clears(await call(envWith(), path, { headers: forged })), path).toBe(true);
    }
    for (const path of ["/api/content/videos?pageSize=1", "/api/news/search?query=rovers", "/api/videos/search", "/api/streams/press-conference"]) {
      const res = await call(envWith(), path, { headers: forged });
      expect(res.status, path).toBe(200);
      expect(res.headers.getSetCookie(), path).toEqual([]);
    }
  });

  it("a content API call and a search make the same D1 queries with or without a session", async () => {
    const { b } = await signedIn();
    const session = b.jar.header().split("; ").filter((c) => c.startsWith("rovers_session=")).join("; ");
    for (const path of ["/api/content/videos?pageSize=2", "/api/news/search?query=rovers"]) {
      await call(envWith(), path); // warms the isolate's caches
      const visitor = withDb("count");
      expect((await call(visitor.env, path)).status).toBe(200);
      const member = withDb("count");
      expect((await call(member.env, path, { headers: { cookie: session } })).status).toBe(200);
      expect(member.calls.length, path).toBe(visitor.calls.length);
    }
  });

  it("on-demand segments (after their playlist) and live segments are served on their tokens alone, with no D1 query", async () => {
    const { run } = await goLive("press-conference", "video");
    const { env: noDb, calls } = withDb("throw");
    const now = Math.floor(Date.now() / 1000);
    // A player reads the playlist first; that read (from D1) leaves where the video's media lives
    // in this isolate's memo (worker/media/media-state.ts), so its segments need no D1 after it.
    const entryId = await catalogueVideo(0);
    expect(await mediaStateOf(env.DB, entryId)).toMatchObject({ kind: "ready" });
    // The playlist's request also left the site lock's settings in this isolate (the setup above,
    // a transcode's completion and a live push, moved the cache generations since).
    expect((await call(envWith(), "/api/content/videos?pageSize=1")).status).toBe(200);
    const vod = await signPlaybackToken(SECRET, { entryId, ssoID: "someone", sid: "a".repeat(32) });
    const vodSeg = await signSegmentToken(SECRET, { holder: vodHolder("someone", "a".repeat(32)), assetID: entryId, file: "480p/seg0.m4s" }, "vod", now + 12);
    const onDemand = await call(noDb, `/media/vod/${entryId}/480p/seg0.m4s?token=${vod.token}&seg=${vodSeg}`, { headers: forged });
    expect(onDemand.status).toBe(200);
    expect((await onDemand.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    const live = await signPlaybackToken(SECRET, { entryId: "press-conference", ssoID: "someone", sid: "a".repeat(32), stream: "stream-session-1", streamStart: now });
    const seg = await signSegmentToken(SECRET, { holder: "stream-session-1", assetID: "press-conference", file: `r${run}-seg0.m4s` }, "video", now + 12);
    const segment = await call(noDb, `/media/live/press-conference/r${run}-seg0.m4s?token=${live.token}&seg=${seg}`, { headers: forged });
    expect(segment.status).toBe(200);
    expect(segment.headers.get("content-type")).toBe("video/mp4");
    expect((await segment.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    // The media type is signed: the segment with a token claiming audio is refused.
    const swapped = seg.replace(".video.", ".audio.");
    expect((await call(noDb, `/media/live/press-conference/r${run}-seg0.m4s?token=${live.token}&seg=${swapped}`)).status).toBe(403);
    expect(calls).toEqual([]);
    expect(segment.headers.getSetCookie()).toEqual([]);
  });
  it("a media file is read from R2 once, then served from memory (whole or a range)", async () => {
    const reads: string[] = [];
    const base = envWith();
    const entryId = await catalogueVideo(1);
    const MEDIA = new Proxy(base.MEDIA, {
      get(target, prop) {
        const value = Reflect.get(target, prop) as unknown;
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          if (prop === "get" || prop === "head") reads.push(`${prop} ${String(args[0])}`);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const target = { ...base, MEDIA } as Env;
    const vod = await signPlaybackToken(SECRET, { entryId, ssoID: "someone", sid: "a".repeat(32) });
    const seg = (file: string) =>
      signSegmentToken(SECRET, { holder: vodHolder("someone", "a".repeat(32)), assetID: entryId, file }, "vod", Math.floor(Date.now() / 1000) + 12);
    // the audio rendition's last segment: no other test reads it, so this isolate has not kept it yet.
    const path = `/media/vod/${entryId}/audio/seg2.m4s?token=${vod.token}&seg=${await seg("audio/seg2.m4s")}`;
    const first = new Uint8Array(await (await call(target, path)).arrayBuffer());
    const second = new Uint8Array(await (await call(target, path)).arrayBuffer());
    const ranged = await call(target, path, { headers: { Range: "bytes=10-19" } });
    expect(reads.filter((r) => r.startsWith("get"))).toHaveLength(1);
    expect(first.byteLength).toBeGreaterThan(100);
    expect(second).toEqual(first);
    expect(ranged.status).toBe(206);
    expect(new Uint8Array(await ranged.arrayBuffer())).toEqual(first.slice(10, 20));
    // A file R2 does not have is a 404, and is never kept.
    const missing = `/media/vod/${entryId}/audio/seg999.m4s?token=${vod.token}&seg=${await seg("audio/seg999.m4s")}`;
    const before = reads.length;
    expect((await call(target, missing)).status).toBe(404);
    expect((await call(target, missing)).status).toBe(404);
    expect(reads.length - before).toBe(2);
  });

  it("a live match is looked up in D1 once for many readers, and an unknown one each time", async () => {
    const { env: counted, calls } = withDb("count");
    // 513: a fixture of the demo data no other test of this file reads.
    for (let i = 0; i < 3; i += 1) expect((await call(counted, "/api/matches/513/live")).status).toBe(200);
    expect(calls).toHaveLength(1);
    for (let i = 0; i < 2; i += 1) expect((await call(counted, "/api/matches/999999/live")).status).toBe(404);
    expect(calls).toHaveLength(3);
  });
});
