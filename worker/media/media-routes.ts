import { Hono, type Context } from "hono";
import type { AppEnv } from "../env";
import { getAuthConfig } from "../auth/config";
import { ApiError } from "../http/api-error";
import { MEDIA_TOKEN_GRACE_SECONDS } from "../../src/domain/timings";
import { parseRange } from "./byte-range";
import { cacheControl } from "./media-files";
import { outputFile } from "../../src/domain/video-ladder";
import { mediaBucket } from "../media-library/media-objects";
import { mediaStateOf, memoisedMediaStateOf } from "./media-state";
import { r2File, r2Span } from "./r2-media";
import { checkSession, checkToken, refuseSegment, type Refusal } from "./token-check";
import { sessionMiddleware } from "../auth/session-middleware";
import { rewriteMediaPlaylist, rewritePlaylist } from "./playlist-rewrite";
import { ENTRY_ID } from "./entry-id";
import { playbackRight, refusePlayback } from "./playback-right";
import { segmentTokenSeconds, signSegmentToken, verifySegmentToken, vodHolder } from "./segment-token";
import type { PlaybackGrant } from "./playback-token";
import { withToken } from "./playlist-rewrite";
import { subtitleFile, subtitlePlaylist, withSubtitles } from "../../src/domain/video-subtitles";
import { subtitleFileOf, subtitleTracks } from "./subtitles";
import { countPlay } from "./play-count";

/**
 * GET /media/vod/{entryId}/{file}?token=...[&seg=...] (mount at /media). A video's files are its
 * transcoded media in R2 (worker/video-pipeline/), which only ever leave through here:
 *
 * - Every playlist, master and media level, re-proves the whole right: the playback token (401
 *   TOKEN_MISSING / TOKEN_INVALID / TOKEN_EXPIRED, 403 TOKEN_WRONG_ENTRY) belongs to the session
 *   cookie that comes with it (401 SESSION_REQUIRED, 403 TOKEN_WRONG_USER), and the account as D1
 *   has it now passes the on-demand access rule the playback gate applies (playback-right.ts: 401
 *   LOGIN_REQUIRED, 403 NO_SUBSCRIPTION / NOT_SUBSCRIBED / BLOCKED / COUNTRY_BLOCKED with the
 *   spec's text). A media playlist then signs a segment token for each of its init and segment
 *   files (segment-token.ts), valid 3 target durations (12 s at least).
 * - Init and segment files are served on their two tokens: the playback token's signature and the
 *   segment token's HMAC for that very file, no session and no D1 (403 SEGMENT_TOKEN_INVALID /
 *   SEGMENT_TOKEN_EXPIRED). A player with a per-request hook (hls.js, client/player/) fetches the
 *   media playlist again before its segment tokens run out. A native HLS player loads an on-demand
 *   media playlist once and has no hook, so past its segment token (or its 5-minute playback
 *   token) a segment re-proves the whole right as a playlist does, from the session cookie it
 *   sends, and is served while the right holds.
 * - Posters, the storyboard sprite and its track: the playback token alone (the track's sprite
 *   line is given the viewer's token, so the sprite it names loads under the same rule).
 *
 * So the bound after a lost right is the segment token's life after the last playlist answered,
 * as for live (docs/media-and-live.md). Errors are small JSON bodies: never a byte of media.
 * Files answer Range requests with 206.
 *
 * Which files (media-state.ts): a video linked to an uploaded source plays its transcoded media
 * from R2 once ready (names: src/domain/video-ladder.ts; the small files from memory, r2-media.ts);
 * a video with no source, or whose source is not transcoded yet, answers 409 MEDIA_PROCESSING.
 * The checks come first, and a refused request reads nothing.
 */
export const mediaRoutes = new Hono<AppEnv>();

const NO_STORE = { "Cache-Control": "no-store" };
const refuse = (denied: Refusal): never => {
  throw new ApiError(denied.status, denied.code, denied.detail, NO_STORE);
};

/** The rule of a request that carries the session: the token is its session's, the account may watch; else a thrown refusal. */
async function reprove(c: Context<AppEnv>, entryId: string, grant: PlaybackGrant): Promise<void> {
  const denied = checkSession(c, grant);
  if (denied) refuse(denied);
  const right = await playbackRight(c, entryId);
  if (!right.entry) throw new ApiError(404, "NOT_FOUND", "No such media", NO_STORE);
  if (right.refusal) refusePlayback(right.refusal, NO_STORE);
}

function targetDurationOf(playlist: string): number {
  const value = Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(playlist)?.[1] ?? "");
  return Number.isFinite(value) && value > 0 ? value : 1;
}

mediaRoutes.get("/vod/:entryId/:file{.+\\.m3u8}", sessionMiddleware, async (c) => {
  const entryId = c.req.param("entryId");
  const name = c.req.param("file");
  const subtitles = subtitleFile(name);
  if (!ENTRY_ID.test(entryId) || (kindOf(name) !== "playlist" && subtitles?.kind !== "playlist")) throw new ApiError(404, "NOT_FOUND", "No such media");
  const { refusal, grant } = await checkToken(c, entryId);
  if (refusal) return refuse(refusal);
  await reprove(c, entryId, grant);
  const token = c.req.query("token") ?? "";
  const headers = { "Content-Type": "application/vnd.apple.mpegurl", "Cache-Control": cacheControl({ kind: "playlist" }), "X-Content-Type-Options": "nosniff" };
  if (subtitles) {
    // An uploaded captions language (src/domain/video-subtitles.ts): one WebVTT file, on the playback token.
    const file = await subtitleFileOf(c.env.DB, entryId, subtitles.language);
    if (!file) throw new ApiError(404, "NOT_FOUND", "No such media", NO_STORE);
    return c.body(rewritePlaylist(subtitlePlaylist(subtitles.language, file.durationSeconds), token), 200, headers);
  }
  const at = await locate(c, entryId, name, "fresh");
  const source = await playlistText(c, at);
  if (name === "master.m3u8") {
    // A play: counted once per token, after the answer (worker/media/play-count.ts).
    afterAnswer(c, countPlay(c.env.DB, entryId, token).catch(() => undefined));
    // Uploaded captions join the transcoded ladder.
    return c.body(rewritePlaylist(withSubtitles(source, await subtitleTracks(c.env.DB, entryId)), token), 200, headers);
  }
  // A rendition's media playlist (360p/index.m3u8): each of its files gets its own segment token.
  const folder = /^(.+)\/index\.m3u8$/.exec(name)?.[1];
  if (!folder) return c.body(rewritePlaylist(source, token), 200, headers);
  const secret = getAuthConfig(c.env).sessionSecret;
  const expiresAt = Math.floor(Date.now() / 1000) + segmentTokenSeconds(targetDurationOf(source));
  const holder = vodHolder(grant.ssoID, grant.sid);
  const text = await rewriteMediaPlaylist(source, token, (file) => signSegmentToken(secret, { holder, assetID: entryId, file: `${folder}/${file}` }, "vod", expiresAt));
  return c.body(text, 200, headers);
});

type FileKind = "playlist" | "segment" | "poster" | "storyboard" | "storyboard-track";

/** A file's kind by its name (only the ladder's names exist). */
function kindOf(name: string): FileKind | null {
  return outputFile(name)?.kind ?? null;
}

type Located = { bucket: R2Bucket; key: string; contentType: string };

/**
 * Where this video's file is in R2 once its media is ready; 409 MEDIA_PROCESSING before.
 * 'fresh' (a playlist) reads D1; a segment or poster may use this isolate's memo of it.
 */
async function locate(c: Context<AppEnv>, entryId: string, name: string, read: "fresh" | "memo"): Promise<Located> {
  const state = read === "fresh" ? await mediaStateOf(c.env.DB, entryId) : await memoisedMediaStateOf(c.env.DB, entryId);
  if (!state) throw new ApiError(404, "NOT_FOUND", "No such media", NO_STORE);
  if (state.kind === "processing") throw new ApiError(409, "MEDIA_PROCESSING", "This video is still being processed", NO_STORE);
  const file = outputFile(name);
  if (!file) throw new ApiError(404, "NOT_FOUND", "No such media");
  return { bucket: mediaBucket(c.env), key: `${state.prefix}${file.name}`, contentType: file.contentType };
}

async function playlistText(c: Context<AppEnv>, at: Located): Promise<string> {
  const file = await r2File(at.bucket, at.key);
  if (file?.kind !== "bytes") throw new ApiError(404, "NOT_FOUND", "No such media");
  return new TextDecoder().decode(file.bytes);
}

/** Init and segment files: their segment token, or (a native player past it) the whole right again. */
async function segmentRight(c: Context<AppEnv>, entryId: string, name: string): Promise<void> {
  const { refusal, grant } = await checkToken(c, entryId, MEDIA_TOKEN_GRACE_SECONDS);
  if (refusal) return refuse(refusal);
  const scope = { holder: vodHolder(grant.ssoID, grant.sid), assetID: entryId, file: name };
  const check = await verifySegmentToken(getAuthConfig(c.env).sessionSecret, c.req.query("seg"), scope);
  if (check.status === "invalid") return refuseSegment(check, NO_STORE);
  const tokenAlive = (grant.expiresAt ?? 0) > Math.floor(Date.now() / 1000);
  if (check.status === "ok" && tokenAlive) return;
  // Past a token's life: only with the session cookie, re-read from D1, and the rule passed again.
  if (grant.ssoID !== "" && !c.req.header("cookie")) {
    if (check.status === "expired") refuseSegment(check, NO_STORE);
    refuse({ status: 401, code: "TOKEN_EXPIRED", detail: "The playback token has expired" });
  }
  await sessionMiddleware(c, () => reprove(c, entryId, grant));
}

mediaRoutes.get("/vod/:entryId/:file{.+}", async (c) => {
  const entryId = c.req.param("entryId");
  const name = c.req.param("file");
  const subtitles = subtitleFile(name);
  if (ENTRY_ID.test(entryId) && subtitles?.kind === "captions") return subtitleAnswer(c, entryId, subtitles.language);
  const kind = kindOf(name);
  if (!ENTRY_ID.test(entryId) || !kind || kind === "playlist") throw new ApiError(404, "NOT_FOUND", "No such media");
  if (kind === "segment") {
    await segmentRight(c, entryId, name);
  } else {
    const { refusal } = await checkToken(c, entryId);
    if (refusal) return refuse(refusal);
  }

  const at = await locate(c, entryId, name, "memo");
  const headers = { "Content-Type": at.contentType, "Cache-Control": cacheControl({ kind }), "X-Content-Type-Options": "nosniff" };
  const file = await r2File(at.bucket, at.key);
  if (!file) throw new ApiError(404, "NOT_FOUND", "No such media");
  if (file.kind === "bytes") {
    // The storyboard's track names its sprite: the sprite needs the viewer's token too.
    if (kind === "storyboard-track") return c.body(storyboardWithToken(new TextDecoder().decode(file.bytes), c.req.query("token") ?? ""), 200, headers);
    return bytesAnswer(c, file.bytes, headers);
  }
  const range = parseRange(c.req.header("range"), file.size);
  if (range === "unsatisfiable") return c.body(null, 416, { ...headers, "Content-Range": `bytes */${file.size}` });
  const body = await r2Span(at.bucket, at.key, range ?? undefined);
  if (!body) throw new ApiError(404, "NOT_FOUND", "No such media");
  if (range) {
    return c.body(body, 206, { ...headers, "Accept-Ranges": "bytes", "Content-Length": String(range.end - range.start + 1), "Content-Range": `bytes ${range.start}-${range.end}/${file.size}` });
  }
  return c.body(body, 200, { ...headers, "Accept-Ranges": "bytes", "Content-Length": String(file.size) });
});

/** Work that must not hold the answer back; without an execution context (a test's in-process request) it runs unawaited. */
function afterAnswer(c: Context<AppEnv>, work: Promise<unknown>): void {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    void work;
  }
}

/** An uploaded captions file: the playback token alone, as a clip's captions. */
async function subtitleAnswer(c: Context<AppEnv>, entryId: string, language: string): Promise<Response> {
  const { refusal } = await checkToken(c, entryId);
  if (refusal) return refuse(refusal);
  const found = await subtitleFileOf(c.env.DB, entryId, language);
  const file = found ? await r2File(mediaBucket(c.env), found.key) : null;
  if (file?.kind !== "bytes") throw new ApiError(404, "NOT_FOUND", "No such media");
  return bytesAnswer(c, file.bytes, { "Content-Type": "text/vtt; charset=utf-8", "Cache-Control": cacheControl({ kind: "captions" }), "X-Content-Type-Options": "nosniff" });
}

function storyboardWithToken(track: string, token: string): string {
  return track.replace(/^(storyboard\.jpg#xywh=\d+,\d+,\d+,\d+)$/gm, (line) => withToken(line, token));
}

/** A whole file, or its Range (206; 416 outside it). */
function bytesAnswer(c: Context<AppEnv>, bytes: Uint8Array<ArrayBuffer>, headers: Record<string, string>): Response {
  const range = parseRange(c.req.header("range"), bytes.length);
  if (range === "unsatisfiable") {
    return c.body(null, 416, { ...headers, "Content-Range": `bytes */${bytes.length}` });
  }
  if (range) {
    return c.body(bytes.slice(range.start, range.end + 1), 206, {
      ...headers,
      "Accept-Ranges": "bytes",
      "Content-Range": `bytes ${range.start}-${range.end}/${bytes.length}`,
    });
  }
  return c.body(bytes, 200, { ...headers, "Accept-Ranges": "bytes" });
}

mediaRoutes.all("*", () => {
  throw new ApiError(404, "NOT_FOUND", "No such media");
});
