/**
 * Plays an HLS master playlist in a <video>: hls.js (its own chunk, imported only here, so only
 * when a player opens) with the spec's back buffer of 8 s (spec §9), or the browser's native HLS
 * where hls.js is unsupported (older Safari on iOS: it follows the playlists, which the worker keeps
 * re-issuing tokens in, docs/media-and-live.md). Every request hls.js makes carries the newest
 * playback token, so playback goes on across token renewals, and `currentUrl` may also give an
 * on-demand file a fresh segment token.
 */
export interface AttachedStream {
  /** renditions of the master playlist (e.g. 360p and 720p) */
  renditions: string[];
  hasCaptions: boolean;
  /** the subtitle tracks' names, in order (uploaded captions: one per language); a native player's are not known up front */
  captionLabels: string[];
  /** shows subtitle track `index`, or none with null */
  setCaptions(index: number | null): void;
  /** plays rendition `index` of `renditions` from the next segment on, or chooses by bandwidth again with null */
  setRendition(index: number | null): void;
  /**
   * When the frame showing now was live (ms since the epoch), from the playlist's
   * EXT-X-PROGRAM-DATE-TIME; null when the stream carries none ('Sync with my stream' needs it).
   */
  pictureTime(): number | null;
  destroy(): void;
}

export const BACK_BUFFER_SECONDS = 8;

/** The error a stream fails with when the gate answers 409: the video has no media yet (still transcoding). */
export const MEDIA_PROCESSING = "MEDIA_PROCESSING";
export type FatalReason = "processing" | "failed";

export async function attachStream(
  video: HTMLMediaElement,
  url: string,
  currentUrl: (requestUrl: string) => string | Promise<string>,
  onFatal: (reason: FatalReason) => void,
): Promise<AttachedStream> {
  const { default: Hls } = await import("hls.js");
  if (!Hls.isSupported()) {
    if (!video.canPlayType("application/vnd.apple.mpegurl")) throw new Error("HLS is not supported in this browser");
    video.src = url;
    const captionTracks = () => Array.from(video.textTracks).filter((t) => t.kind === "subtitles" || t.kind === "captions");
    return {
      renditions: [],
      hasCaptions: true,
      captionLabels: [],
      // A native player chooses its rendition itself.
      setRendition() {},
      // Safari's native HLS: the date of the stream's start, plus the time played.
      pictureTime() {
        const start = (video as HTMLMediaElement & { getStartDate?: () => Date }).getStartDate?.().getTime();
        return start !== undefined && Number.isFinite(start) ? start + video.currentTime * 1000 : null;
      },
      setCaptions(index) {
        const tracks = captionTracks();
        tracks.forEach((track, i) => {
          track.mode = i === (index ?? -1) ? "showing" : "hidden";
        });
      },
      destroy() {
        video.removeAttribute("src");
        video.load();
      },
    };
  }

  const hls = new Hls({
    backBufferLength: BACK_BUFFER_SECONDS,
    // The automatic choice stops at the rendition the player's size (and the screen's pixel ratio)
    // can show: a phone never downloads 1080p to draw it 375 px wide. The viewer's own Quality
    // choice still reaches every rendition.
    capLevelToPlayerSize: true,
    // A live stream has no end: the controls show the time played, not the window's 10 s as a length.
    liveDurationInfinity: true,
    // hls.js waits for a promise here: an on-demand file may first need a fresh segment token (segment-tokens.ts).
    async xhrSetup(xhr, requestUrl) {
      xhr.open("GET", await currentUrl(requestUrl), true);
    },
  });
  const ready = new Promise<void>((resolve, reject) => {
    hls.once(Hls.Events.MANIFEST_PARSED, () => resolve());
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (!data.fatal) return;
      // 409 MEDIA_PROCESSING from the gate (worker/media/media-routes.ts): not a failure of the service.
      const processing = data.response?.code === 409;
      reject(new Error(processing ? MEDIA_PROCESSING : data.details));
      onFatal(processing ? "processing" : "failed");
    });
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  await ready;
  hls.subtitleDisplay = false;
  return {
    renditions: hls.levels.map((level) => `${level.height}p`),
    hasCaptions: hls.allSubtitleTracks.length > 0,
    captionLabels: hls.allSubtitleTracks.map((track) => track.name || track.lang || "Captions"),
    setCaptions(index) {
      hls.subtitleDisplay = index !== null;
      hls.subtitleTrack = index ?? -1;
    },
    setRendition(index) {
      // nextLevel switches at the next segment without flushing what is buffered; -1 is hls.js's automatic choice.
      hls.nextLevel = index ?? -1;
    },
    pictureTime() {
      return hls.playingDate?.getTime() ?? null;
    },
    destroy() {
      hls.destroy();
    },
  };
}
