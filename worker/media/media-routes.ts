import { Hono } from "hono";
import type { AuthEnv } from "../auth/auth-env";
import { apiError } from "../http/api-error";
import { clipForEntry } from "../../src/domain/media-clip";
import { parseRange } from "./byte-range";
import { assetPath, cacheControl, mediaFile } from "./media-files";
import { checkSession, checkToken } from "./token-check";
import { sessionMiddleware } from "../auth/session-middleware";
import { rewritePlaylist } from "./playlist-rewrite";
import { ENTRY_ID } from "./entry-id";
import { mediaBytes } from "./media-bytes";

/**
 * GET /media/vod/{entryId}/{file}?token=... (mount at /media; issue 9 part 2). The media files
 * sit in static assets under public/media/, but wrangler.toml sends every /media/* request to
 * the worker first, so they only ever leave through here, after the token check
 * (worker/media/token-check.ts):
 *   401 TOKEN_MISSING / TOKEN_INVALID / TOKEN_EXPIRED
 *   403 TOKEN_WRONG_ENTRY (a token of another video)
 *   404 NOT_FOUND for any other path;
 * playlists also read the session (a few requests when a video starts): 401 SESSION_REQUIRED (the
 * token's session cookie is missing, expired or logged out), 403 TOKEN_WRONG_USER (another
 * account or session), 403 BLOCKED. Segments, captions and posters read none (issue 18): their
 * token is the right, for at most its 5 minutes; the player's renewal is the gate again.
 * Errors are small JSON bodies: never a byte of media. Playlists come back with their child URLs
 * carrying the token (no-store); segments, captions and posters are immutable, come from memory
 * after their first read (worker/media/media-bytes.ts) and answer Range requests with 206.
 */
export const mediaRoutes = new Hono<AuthEnv>();

const NO_STORE = { "Cache-Control": "no-store" };

mediaRoutes.get("/vod/:entryId/:file{.+\\.m3u8}", sessionMiddleware, async (c) => {
  const entryId = c.req.param("entryId");
  const file = mediaFile(c.req.param("file"));
  if (!ENTRY_ID.test(entryId) || !file) return apiError(c, 404, "NOT_FOUND", "No such media");
  const { refusal, grant } = await checkToken(c, entryId);
  const denied = refusal ?? checkSession(c, grant);
  if (denied) return apiError(c, denied.status, denied.code, denied.detail, NO_STORE);
  const asset = await c.env.ASSETS.fetch(new URL(assetPath(clipForEntry(entryId), file), c.req.url));
  if (!asset.ok) return apiError(c, 404, "NOT_FOUND", "No such media");
  const text = rewritePlaylist(await asset.text(), c.req.query("token") ?? "");
  return c.body(text, 200, { "Content-Type": file.contentType, "Cache-Control": cacheControl(file), "X-Content-Type-Options": "nosniff" });
});

// Segments, captions and posters: the token alone (no session, no D1).
mediaRoutes.get("/vod/:entryId/:file{.+}", async (c) => {
  const entryId = c.req.param("entryId");
  const file = mediaFile(c.req.param("file"));
  if (!ENTRY_ID.test(entryId) || !file || file.kind === "playlist") return apiError(c, 404, "NOT_FOUND", "No such media");
  const { refusal } = await checkToken(c, entryId);
  if (refusal) return apiError(c, refusal.status, refusal.code, refusal.detail, NO_STORE);

  const bytes = await mediaBytes(c.env.ASSETS, new URL(assetPath(clipForEntry(entryId), file), c.req.url));
  if (!bytes) return apiError(c, 404, "NOT_FOUND", "No such media");
  const headers = { "Content-Type": file.contentType, "Cache-Control": cacheControl(file), "X-Content-Type-Options": "nosniff" };
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
});

mediaRoutes.all("*", (c) => apiError(c, 404, "NOT_FOUND", "No such media"));
