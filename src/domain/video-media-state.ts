/**
 * What plays for a catalogue video: its own media once its transcode is ready; 'processing' while
 * a source is linked but not yet transcoded (or its transcode failed: staff upload again); the
 * committed demo clip (src/domain/media-clip.ts) for a video with no source, until the demo
 * catalogue goes through the pipeline too.
 */
export type VideoMediaState = { kind: "ready"; prefix: string } | { kind: "processing" } | { kind: "clip" };

export function videoMediaState(sourceId: string | null, readyPrefix: string | null): VideoMediaState {
  if (sourceId === null) return { kind: "clip" };
  return readyPrefix === null ? { kind: "processing" } : { kind: "ready", prefix: readyPrefix };
}

/** How long a transcoder's lease lasts without a heartbeat; a heartbeat every 10 s keeps it. */
export const TRANSCODE_LEASE_SECONDS = 60;
/** Claims of one job before it is failed: a source that crashes ffmpeg three times will not on a fourth. */
export const TRANSCODE_MAX_ATTEMPTS = 3;
