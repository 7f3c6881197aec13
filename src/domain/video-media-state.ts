/**
 * What plays for a catalogue video: its own media once its transcode is ready; otherwise
 * 'processing': a source linked but not yet transcoded (or its transcode failed: staff upload
 * again), or no source yet (a video published before its file, or the demo catalogue while
 * `npm run dev` is still loading it). There is no stand-in: a video plays its own file or nothing.
 */
export type VideoMediaState = { kind: "ready"; prefix: string } | { kind: "processing" };

export function videoMediaState(sourceId: string | null, readyPrefix: string | null): VideoMediaState {
  return sourceId === null || readyPrefix === null ? { kind: "processing" } : { kind: "ready", prefix: readyPrefix };
}

/** How long a transcoder's lease lasts without a heartbeat; a heartbeat every 10 s keeps it. */
export const TRANSCODE_LEASE_SECONDS = 60;
/** Claims of one job before it is failed: a source that crashes ffmpeg three times will not on a fourth. */
export const TRANSCODE_MAX_ATTEMPTS = 3;
