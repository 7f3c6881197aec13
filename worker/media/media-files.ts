/**
 * The files a clip has (scripts/make-media.sh) and how each is served. Only these names are
 * ever looked up in static assets, so /media/vod/{entryId}/{file} cannot reach anything else.
 */
const CLIP_FILE = /^(master\.m3u8|captions\.m3u8|captions\.vtt|poster\.jpg|(360p|720p)\/(index\.m3u8|init\.mp4|seg\d{1,3}\.m4s))$/;

export type MediaFileKind = "playlist" | "segment" | "captions" | "poster";

export interface MediaFile {
  /** path inside the clip's folder */
  name: string;
  kind: MediaFileKind;
  contentType: string;
}

export function mediaFile(name: string): MediaFile | null {
  if (!CLIP_FILE.test(name)) return null;
  if (name.endsWith(".m3u8")) return { name, kind: "playlist", contentType: "application/vnd.apple.mpegurl" };
  if (name.endsWith(".vtt")) return { name, kind: "captions", contentType: "text/vtt; charset=utf-8" };
  if (name.endsWith(".jpg")) return { name, kind: "poster", contentType: "image/jpeg" };
  return { name, kind: "segment", contentType: "video/mp4" };
}

/** Where the clip's files sit in the static assets (public/media/vod/{clip}/). */
export function assetPath(clip: string, file: MediaFile): string {
  return `/media/vod/${clip}/${file.name}`;
}

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
