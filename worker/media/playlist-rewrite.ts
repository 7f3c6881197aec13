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
  const [path, query = ""] = base.split("?", 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set("token", token);
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  return `${path}?${params.toString()}${hash}`;
}

/** Rewrites every child URI of a master or media playlist (URI lines and URI="..." attributes). */
export function rewritePlaylist(text: string, token: string, extra: Readonly<Record<string, string>> = {}): string {
  return text
    .split(/\r?\n/)
    .map((line) => {
      if (line.startsWith("#")) return line.replace(URI_ATTRIBUTE, (_, uri: string) => `URI="${withToken(uri, token, extra)}"`);
      return line.trim() === "" ? line : withToken(line, token, extra);
    })
    .join("\n");
}
