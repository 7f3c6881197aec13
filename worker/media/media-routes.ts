import { Hono } from "hono";
import type { AuthEnv } from "../auth/auth-env";
import { apiError } from "../http/api-error";
import { clipForEntry } from "../../src/domain/media-clip";
import { parseRange } from "./byte-range";
import { assetPath, cacheControl, mediaFile } from "./media-files";
import { checkToken } from "./token-check";
import { rewritePlaylist } from "./playlist-rewrite";
import { ENTRY_ID } from "./entry-id";

/**
 * GET /media/vod/{entryId}/{file}?token=... (mount at /media; issue 9 part 2). The media files
 * sit in static assets under public/media/, but wrangler.toml sends every /media/* request to
 * the worker first, so they only ever leave through here, after the token check:
 *   401 TOKEN_MISSING / TOKEN_INVALID / TOKEN_EXPIRED / SESSION_REQUIRED (the token's session
 *       cookie is missing, expired or logged out)
 *   403 TOKEN_WRONG_ENTRY (a token of another video) / TOKEN_WRONG_USER (another account or session)
 *   404 NOT_FOUND for any other path.
 * Errors are small JSON bodies: never a byte of media. Playlists come back with their child URLs
 * carrying the token (no-store); segments, captions and posters are immutable and answer Range
 * requests with 206.
 */
export const mediaRoutes = new Hono<AuthEnv>();

mediaRoutes.get("/vod/:entryId/:file{.+}", async (c) => {
  const entryId = c.req.param("entryId");
  const file = mediaFile(c.req.param("file"));
  if (!ENTRY_ID.test(entryId) || !file) return apiError(c, 404, "NOT_FOUND", "No such media");
  const { refusal } = await checkToken(c, entryId, "vod");
  if (refusal) return apiError(c, refusal.status, refusal.code, refusal.detail, { "Cache-Control": "no-store" });

  const asset = await c.env.ASSETS.fetch(new URL(assetPath(clipForEntry(entryId), file), c.req.url));
  if (!asset.ok) return apiError(c, 404, "NOT_FOUND", "No such media");
  const headers = { "Content-Type": file.contentType, "Cache-Control": cacheControl(file), "X-Content-Type-Options": "nosniff" };

  if (file.kind === "playlist") {
    const text = rewritePlaylist(await asset.text(), c.req.query("token") ?? "");
    return c.body(text, 200, headers);
  }
  const rangeHeader = c.req.header("range");
  if (!rangeHeader) {
    // The common case streams straight from static assets, never held in the worker's memory.
    const length = asset.headers.get("content-length");
    return c.body(asset.body ?? "", 200, { ...headers, "Accept-Ranges": "bytes", ...(length ? { "Content-Length": length } : {}) });
  }
  const bytes = new Uint8Array(await asset.arrayBuffer());
  const range = parseRange(rangeHeader, bytes.length);
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
