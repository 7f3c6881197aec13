import { splitQuery } from "../../src/domain/path-builder";

/**
 * HLS playlists name their children (variant playlists, the init segment, media segments,
 * captions) by relative URL. A player resolves those against the playlist's own URL but drops
 * its query, so the worker adds the playback token to every child it serves; without it the
 * next request would be refused. Pure: text in, text out.
 */
const URI_ATTRIBUTE = /URI="([^"]*)"/g;

/**
 * Adds `token` as a query parameter to one relative URI, keeping any query it already has, and
 * `extra` parameters (a live playlist's segment token) beside it.
 */
export function withToken(uri: string, token: string, extra: Readonly<Record<string, string>> = {}): string {
  const trimmed = uri.trim();
  // Absolute URLs and data: URIs point elsewhere; they never get our token.
  if (trimmed === "" || /^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith("//")) return uri;
  const hashAt = trimmed.indexOf("#");
  const base = hashAt === -1 ? trimmed : trimmed.slice(0, hashAt);
  const hash = hashAt === -1 ? "" : trimmed.slice(hashAt);
  const { base: path, query } = splitQuery(base);
  const params = new URLSearchParams(query);
  params.set("token", token);
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  return `${path}?${params.toString()}${hash}`;
}

/** Parameters to add beside the token: the same for every URI, or each URI's own (its segment token). */
export type ExtraParams = Readonly<Record<string, string>> | ((uri: string) => Readonly<Record<string, string>>);

/** Rewrites every child URI of a master or media playlist (URI lines and URI="..." attributes). */
export function rewritePlaylist(text: string, token: string, extra: ExtraParams = {}): string {
  const paramsOf = (uri: string) => (typeof extra === "function" ? extra(uri) : extra);
  return text
    .split(/\r?\n/)
    .map((line) => {
      if (line.startsWith("#")) return line.replace(URI_ATTRIBUTE, (_, uri: string) => `URI="${withToken(uri, token, paramsOf(uri))}"`);
      return line.trim() === "" ? line : withToken(line, token, paramsOf(line));
    })
    .join("\n");
}

/**
 * The files a media playlist lists (its EXT-X-MAP init and its segments), as written, so each can
 * be given its own segment token. Absolute URIs are left out: they never get our tokens.
 */
export function mediaUris(text: string): string[] {
  const uris: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const uri = line.startsWith("#EXT-X-MAP:") ? /URI="([^"]*)"/.exec(line)?.[1] : line.startsWith("#") || line === "" ? undefined : line;
    if (uri !== undefined && withToken(uri, "x") !== uri) uris.push(uri.trim());
  }
  return uris;
}

/** A relative URI's file path, without query or fragment ('seg3.m4s?x=1' → 'seg3.m4s'). */
export function uriPath(uri: string): string {
  return uri.trim().split(/[?#]/, 1)[0] ?? "";
}

/**
 * A media playlist with the token on every child and, on each init and segment, its own segment
 * token (`seg`), signed by `sign` for that file's path (worker/media/segment-token.ts).
 */
export async function rewriteMediaPlaylist(text: string, token: string, sign: (file: string) => Promise<string>): Promise<string> {
  const files = [...new Set(mediaUris(text).map(uriPath))];
  const tokens = new Map(await Promise.all(files.map(async (file) => [file, await sign(file)] as const)));
  return rewritePlaylist(text, token, (uri): Record<string, string> => {
    const seg = tokens.get(uriPath(uri));
    return seg === undefined ? {} : { seg };
  });
}
