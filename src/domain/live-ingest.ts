/**
 * The rules of live ingest, shared by the worker's ingest API (worker/live-ingest/), the live
 * media gate (worker/live/live-media-routes.ts) and the ingest service (ingest/). Pure.
 *
 * The ingest packages each push ("run") as CMAF HLS: one init file, numbered segments and a
 * rolling media playlist. Every file of run N is named `r{N}-…`, so a new push never overwrites
 * the last one's segments (all of them are kept for the replay) and a segment URL can never
 * fetch another push's file of the same number.
 */

export type LiveMediaKind = "audio" | "video";

/** An active event with no media for this long is idle (read lazily: nothing has to run to notice). */
export const LIVE_IDLE_AFTER_SECONDS = 30;

/** The largest file the ingest may upload: a 2 s video segment at the ladder's top rate is well under 4 MB; 6 s of audio far less. */
export const INGEST_MAX_SEGMENT_BYTES = 8 * 1024 * 1024;
export const INGEST_MAX_INIT_BYTES = 64 * 1024;
export const INGEST_MAX_PLAYLIST_BYTES = 32 * 1024;

/** Segment lengths the ingest packages: 2 s for video (a keyframe every 2 s), 6 s for audio. */
export const INGEST_SEGMENT_SECONDS: Record<LiveMediaKind, number> = { video: 2, audio: 6 };

/** A run number: 1 and up (0 means no push yet). */
const RUN = "[1-9][0-9]{0,5}";
export const LIVE_INIT_FILE = new RegExp(`^r(${RUN})-init\\.mp4$`);
export const LIVE_SEGMENT_FILE = new RegExp(`^r(${RUN})-seg([0-9]{1,7})\\.m4s$`);
export const LIVE_PLAYLIST_FILE = "index.m3u8";

export type IngestFile =
  | { kind: "playlist"; name: string; contentType: "application/vnd.apple.mpegurl"; maxBytes: number }
  | { kind: "init"; name: string; run: number; contentType: "video/mp4" | "audio/mp4"; maxBytes: number }
  | { kind: "segment"; name: string; run: number; number: number; contentType: "video/mp4" | "audio/mp4"; maxBytes: number };

const PLAYLIST_TYPES = new Set(["application/vnd.apple.mpegurl", "application/x-mpegurl"]);

/**
 * What an uploaded file is, from its name and Content-Type, or why it is refused: only the
 * playlist, the run's init and its segments, each with its own type and size bound.
 */
export function ingestFile(name: string, contentType: string | undefined, media: LiveMediaKind): IngestFile | { refused: "name" | "type" } {
  const type = (contentType ?? "").split(";", 1)[0]?.trim().toLowerCase() ?? "";
  const mediaType = media === "audio" ? "audio/mp4" : "video/mp4";
  if (name === LIVE_PLAYLIST_FILE) {
    return PLAYLIST_TYPES.has(type) ? { kind: "playlist", name, contentType: "application/vnd.apple.mpegurl", maxBytes: INGEST_MAX_PLAYLIST_BYTES } : { refused: "type" };
  }
  const init = LIVE_INIT_FILE.exec(name);
  if (init) return type === mediaType ? { kind: "init", name, run: Number(init[1]), contentType: mediaType, maxBytes: INGEST_MAX_INIT_BYTES } : { refused: "type" };
  const segment = LIVE_SEGMENT_FILE.exec(name);
  if (segment) {
    return type === mediaType
      ? { kind: "segment", name, run: Number(segment[1]), number: Number(segment[2]), contentType: mediaType, maxBytes: INGEST_MAX_SEGMENT_BYTES }
      : { refused: "type" };
  }
  return { refused: "name" };
}

export interface IngestPlaylist {
  targetDuration: number;
  mediaSequence: number;
  /** how far the playlist reaches: its media sequence plus the segments it lists */
  position: number;
  /** the files it names (init and segments), as written */
  files: string[];
  /** EXT-X-PROGRAM-DATE-TIME of its first segment, unix ms, or null */
  programDateTime: number | null;
}

/**
 * A media playlist from the ingest, checked: HLS, a target duration, only files of this run
 * (the init and segments, by bare name), at least one segment, no ENDLIST (the push's end is
 * said by the stop call, and a live player must keep reloading until then). Null: refused.
 */
export function parseIngestPlaylist(text: string, run: number): IngestPlaylist | null {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  if (lines[0] !== "#EXTM3U") return null;
  let targetDuration = 0;
  let mediaSequence = 0;
  let programDateTime: number | null = null;
  let segments = 0;
  const files: string[] = [];
  for (const line of lines) {
    if (line === "") continue;
    if (line.startsWith("#EXT-X-TARGETDURATION:")) targetDuration = Number(line.slice("#EXT-X-TARGETDURATION:".length));
    else if (line.startsWith("#EXT-X-MEDIA-SEQUENCE:")) mediaSequence = Number(line.slice("#EXT-X-MEDIA-SEQUENCE:".length));
    else if (line.startsWith("#EXT-X-ENDLIST")) return null;
    else if (line.startsWith("#EXT-X-PROGRAM-DATE-TIME:")) {
      if (programDateTime === null && segments === 0) {
        const at = Date.parse(line.slice("#EXT-X-PROGRAM-DATE-TIME:".length));
        programDateTime = Number.isFinite(at) ? at : null;
      }
    } else if (line.startsWith("#EXT-X-MAP:")) {
      const uri = /URI="([^"]*)"/.exec(line)?.[1] ?? "";
      const init = LIVE_INIT_FILE.exec(uri);
      if (!init || Number(init[1]) !== run) return null;
      files.push(uri);
    } else if (!line.startsWith("#")) {
      const segment = LIVE_SEGMENT_FILE.exec(line);
      if (!segment || Number(segment[1]) !== run) return null;
      files.push(line);
      segments += 1;
    }
  }
  if (!Number.isInteger(targetDuration) || targetDuration < 1 || targetDuration > 30) return null;
  if (!Number.isInteger(mediaSequence) || mediaSequence < 0 || segments === 0) return null;
  return { targetDuration, mediaSequence, position: mediaSequence + segments, files, programDateTime };
}

export type LiveStatus = "idle" | "active" | "disabled";

/**
 * The status viewers see: the stored one, except that an active event whose media stopped
 * arriving (no segment or playlist for LIVE_IDLE_AFTER_SECONDS, or none ever) is idle: an
 * encoder that vanished without the ingest saying so must not leave the player on a frozen
 * playlist. `disabled` (ended) is final whatever the ingest says.
 */
export function liveStatusNow(stored: LiveStatus, lastMediaAt: number | null, nowMs: number): LiveStatus {
  if (stored !== "active") return stored;
  if (lastMediaAt === null || nowMs - lastMediaAt > LIVE_IDLE_AFTER_SECONDS * 1000) return "idle";
  return "active";
}

/** The status change a start or stop of media makes; null: none (an ended event stays ended). */
export function ingestTransition(stored: LiveStatus, event: "start" | "stop"): LiveStatus | null {
  if (stored === "disabled") return null;
  return event === "start" ? "active" : "idle";
}

/** The SRT address of an event's slot, given the service's public host and base port. */
export function srtAddress(host: string, basePort: number, slot: number): { host: string; port: number; url: string } {
  const port = basePort + slot;
  return { host, port, url: `srt://${host}:${port}` };
}

/**
 * The RTMP address for every event (its stream key, sent as the stream name, picks the event).
 * An encoder's Server field; RTMP is not encrypted, so SRT is the one recommended.
 */
export function rtmpAddress(host: string, port: number): { host: string; port: number; url: string } {
  return { host, port, url: `rtmp://${host}:${port}/live` };
}

/** What an encoder is told to push to: the address and its stream key as the SRT passphrase (AES-256). */
export function srtPushUrl(host: string, basePort: number, slot: number, key: string): string {
  return `${srtAddress(host, basePort, slot).url}?passphrase=${key}&pbkeylen=32`;
}
