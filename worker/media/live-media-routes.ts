import { Hono } from "hono";
import type { AuthEnv } from "../auth/auth-env";
import { isReleased } from "../data/released-stream-sessions";
import { apiError } from "../routes/api-errors";
import { liveStream } from "../data/live-streams";
import { ENTRY_ID } from "./entry-id";
import { checkToken } from "./token-check";
import { livePlaylist, parseLoop, type Loop } from "./live-playlist";
import { rewritePlaylist } from "./playlist-rewrite";

/**
 * GET /media/live/{assetID}/{index.m3u8 | init.mp4 | segN.m4s}?token=... (mount at /media/live;
 * issue 10). The live token of POST /api/session/check is checked like an on-demand one
 * (worker/media/token-check.ts); the playlist, which the player reloads every segment or so,
 * also checks that the token's stream session has not been released (D1's list, written by the
 * user's StreamSessions object before it forgets a session): a released session (timed out,
 * socket closed, or signed out from another device) gets 403
 * STREAM_SESSION_RELEASED there, so its playback stops within one reload. Segments skip that
 * question: they are useless without a fresh playlist.
 *
 * The media is the committed loop of the stream's type (public/media/): the 60 s audio loop, or
 * the first clip's 360p rendition for video, served as a sliding window (live-playlist.ts).
 */
export const liveMediaRoutes = new Hono<AuthEnv>();

const LOOPS = { audio: "/media/audio/loop", video: "/media/vod/clip-1/360p" } as const;
const LIVE_FILE = /^(index\.m3u8|init\.mp4|seg\d{1,3}\.m4s)$/;
const loops = new Map<string, Promise<Loop>>();

function loopOf(env: Env, requestUrl: string, folder: string): Promise<Loop> {
  let loop = loops.get(folder);
  if (!loop) {
    loop = env.ASSETS.fetch(new URL(`${folder}/index.m3u8`, requestUrl)).then(async (res) => {
      if (!res.ok) throw new Error(`live loop ${folder} missing`);
      return parseLoop(await res.text());
    });
    loop.catch(() => loops.delete(folder));
    loops.set(folder, loop);
  }
  return loop;
}

liveMediaRoutes.get("/:assetID/:file", async (c) => {
  const assetID = c.req.param("assetID");
  const file = c.req.param("file");
  if (!ENTRY_ID.test(assetID) || !LIVE_FILE.test(file)) return apiError(c, 404, "NOT_FOUND", "No such media");
  const noStore = { "Cache-Control": "no-store" };
  const { refusal, grant } = await checkToken(c, assetID, "live");
  if (refusal) return apiError(c, refusal.status, refusal.code, refusal.detail, noStore);
  const stream = await liveStream(c.env.DB, assetID);
  if (!stream || stream.status !== "active") return apiError(c, 404, "STREAM_OFFLINE", "This stream is not live", noStore);
  const folder = LOOPS[stream.mediaType];
  const segmentType = stream.mediaType === "audio" ? "audio/mp4" : "video/mp4";

  if (file === "index.m3u8") {
    // D1's list of released sessions, not the user's object: asking the object at every reload
    // would keep it awake all the time it is watched (README 'Cost of the Durable Object').
    const held = grant.stream !== undefined && !(await isReleased(c.env.DB, grant.stream));
    if (!held) return apiError(c, 403, "STREAM_SESSION_RELEASED", "This stream session has ended", noStore);
    const text = livePlaylist(await loopOf(c.env, c.req.url, folder), Date.now(), (grant.issuedAt ?? 0) * 1000);
    return c.body(rewritePlaylist(text, c.req.query("token") ?? ""), 200, {
      "Content-Type": "application/vnd.apple.mpegurl",
      "Cache-Control": "private, no-store",
    });
  }
  const asset = await c.env.ASSETS.fetch(new URL(`${folder}/${file}`, c.req.url));
  if (!asset.ok) return apiError(c, 404, "NOT_FOUND", "No such media");
  const length = asset.headers.get("content-length");
  return c.body(asset.body ?? "", 200, {
    "Content-Type": segmentType,
    "Cache-Control": "private, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    ...(length ? { "Content-Length": length } : {}),
  });
});

liveMediaRoutes.all("*", (c) => apiError(c, 404, "NOT_FOUND", "No such media"));
