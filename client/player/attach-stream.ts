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
  setCaptions(on: boolean): void;
  destroy(): void;
}

export const BACK_BUFFER_SECONDS = 8;

export async function attachStream(
  video: HTMLMediaElement,
  url: string,
  currentUrl: (requestUrl: string) => string | Promise<string>,
  onFatal: () => void,
): Promise<AttachedStream> {
  const { default: Hls } = await import("hls.js");
  if (!Hls.isSupported()) {
    if (!video.canPlayType("application/vnd.apple.mpegurl")) throw new Error("HLS is not supported in this browser");
    video.src = url;
    const captionTrack = () => Array.from(video.textTracks).find((t) => t.kind === "subtitles" || t.kind === "captions");
    return {
      renditions: [],
      hasCaptions: true,
      setCaptions(on) {
        const track = captionTrack();
        if (track) track.mode = on ? "showing" : "hidden";
      },
      destroy() {
        video.removeAttribute("src");
        video.load();
      },
    };
  }

  const hls = new Hls({
    backBufferLength: BACK_BUFFER_SECONDS,
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
      reject(new Error(data.details));
      onFatal();
    });
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  await ready;
  hls.subtitleDisplay = false;
  return {
    renditions: hls.levels.map((level) => `${level.height}p`),
    hasCaptions: hls.allSubtitleTracks.length > 0,
    setCaptions(on) {
      hls.subtitleDisplay = on;
      hls.subtitleTrack = on ? 0 : -1;
    },
    destroy() {
      hls.destroy();
    },
  };
}
