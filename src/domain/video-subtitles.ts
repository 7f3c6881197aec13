/**
 * Uploaded captions in a video's HLS ladder: the media gate adds one SUBTITLES rendition per
 * language to the master playlist (the transcoder's master knows nothing of captions, which can be
 * added or replaced after the transcode), each a one-entry media playlist over the language's
 * single WebVTT file. hls.js then lists them as subtitle tracks; Safari's native player likewise.
 * Names: `subtitles/{language}.m3u8` and `subtitles/{language}.vtt` (a clip's own captions are
 * `captions.*`, so the two never meet).
 */
export const SUBTITLES_GROUP = "subs";

export interface SubtitleTrack {
  language: string;
  label: string;
}

const SUBTITLE_FILE = /^subtitles\/([a-z]{2,3}(?:-[A-Z]{2}|-[A-Za-z]{4})?)\.(m3u8|vtt)$/;

/** A subtitle file's language and kind by its name; null for any other name. */
export function subtitleFile(name: string): { language: string; kind: "playlist" | "captions" } | null {
  const m = SUBTITLE_FILE.exec(name);
  return m ? { language: m[1]!, kind: m[2] === "m3u8" ? "playlist" : "captions" } : null;
}

const quoted = (text: string) => text.replace(/["\r\n]/g, "'");

/** The master with an EXT-X-MEDIA line per track and every variant naming the group; unchanged without tracks. */
export function withSubtitles(master: string, tracks: readonly SubtitleTrack[]): string {
  if (tracks.length === 0) return master;
  const media = tracks.map(
    (t) =>
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="${SUBTITLES_GROUP}",NAME="${quoted(t.label)}",LANGUAGE="${t.language}",DEFAULT=NO,AUTOSELECT=NO,URI="subtitles/${t.language}.m3u8"`,
  );
  const lines = master.split(/\r?\n/).map((line) => (line.startsWith("#EXT-X-STREAM-INF:") && !line.includes("SUBTITLES=") ? `${line},SUBTITLES="${SUBTITLES_GROUP}"` : line));
  const firstVariant = lines.findIndex((line) => line.startsWith("#EXT-X-STREAM-INF:"));
  lines.splice(firstVariant === -1 ? lines.length : firstVariant, 0, ...media);
  return lines.join("\n");
}

/** A language's media playlist: its one WebVTT file spanning the whole video. */
export function subtitlePlaylist(language: string, durationSeconds: number): string {
  const seconds = Math.max(1, durationSeconds);
  return [
    "#EXTM3U",
    "#EXT-X-VERSION:7",
    `#EXT-X-TARGETDURATION:${Math.ceil(seconds)}`,
    "#EXT-X-PLAYLIST-TYPE:VOD",
    "#EXT-X-MEDIA-SEQUENCE:0",
    `#EXTINF:${seconds.toFixed(3)},`,
    `${language}.vtt`,
    "#EXT-X-ENDLIST",
    "",
  ].join("\n");
}
