import { SEGMENT_TOKEN_MIN_SECONDS } from "./timings";

/**
 * How a player with a per-request hook (hls.js, client/player/segment-tokens.ts) keeps the segment
 * tokens of an on-demand rendition fresh: the worker signs each init and segment file of a media
 * playlist with a token that lives SEGMENT_TOKEN_MIN_SECONDS at least (worker/media/segment-token.ts),
 * and hls.js loads an on-demand playlist only once. So before it fetches a file whose playlist
 * was loaded longer ago than that, less a margin for the request itself, it loads the playlist
 * again (which re-proves the right) and takes that file's new token. Counted on the player's own
 * clock from when it asked, so a device whose clock is off changes nothing.
 */
export const SEGMENT_REFRESH_MARGIN_SECONDS = 4;

/** Whether tokens from a playlist asked for at `loadedAtMs` may be past their life at `nowMs`. */
export function segmentTokensStale(loadedAtMs: number, nowMs: number): boolean {
  return nowMs - loadedAtMs >= (SEGMENT_TOKEN_MIN_SECONDS - SEGMENT_REFRESH_MARGIN_SECONDS) * 1000;
}

/** Each file a media playlist lists (init and segments, by path) and the segment token it carries. */
export function segmentTokensOf(playlist: string): Map<string, string> {
  const tokens = new Map<string, string>();
  for (const raw of playlist.split(/\r?\n/)) {
    const line = raw.trim();
    const uri = line.startsWith("#EXT-X-MAP:") ? /URI="([^"]*)"/.exec(line)?.[1] : line === "" || line.startsWith("#") ? undefined : line;
    if (!uri) continue;
    const [path = "", query = ""] = uri.split("?", 2);
    const seg = new URLSearchParams(query).get("seg");
    if (path && seg) tokens.set(path, seg);
  }
  return tokens;
}

/** An on-demand file URL split into its rendition folder and file name, or null for anything else (live, playlists, captions). */
export function vodSegmentFile(pathname: string): { folder: string; file: string } | null {
  const match = /^(\/media\/vod\/[^/]+\/[^/]+)\/((?:init\.mp4)|(?:seg\d+\.m4s))$/.exec(pathname);
  return match?.[1] && match[2] ? { folder: match[1], file: match[2] } : null;
}
