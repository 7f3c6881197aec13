/** Playlists (and a storyboard's track) change with the token they carry; the rest never changes for its URL. */
export function cacheControl(file: { kind: string }): string {
  return file.kind === "playlist" || file.kind === "storyboard-track" ? "private, no-store" : "private, max-age=31536000, immutable";
}

/** The URL the player starts from. */
export function masterPlaylistPath(entryId: string, token: string): string {
  return `/media/vod/${encodeURIComponent(entryId)}/master.m3u8?token=${encodeURIComponent(token)}`;
}

export function posterPath(entryId: string, token: string): string {
  return `/media/vod/${encodeURIComponent(entryId)}/poster.jpg?token=${encodeURIComponent(token)}`;
}
