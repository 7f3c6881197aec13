import { lazy, Suspense, type ComponentType, type RefObject } from "react";
import type { LiveAsset } from "../../schemas/videos";
import { useAppState } from "../../state/store";

/**
 * Where the video player overlay (spec §2 'Video player overlay') mounts. Its code (and hls.js)
 * lives in client/player and loads only when a player opens: the browser entry registers the
 * loader, the worker never does, so server bundles and first visits carry none of it.
 */
let LazyPlayer: ComponentType | null = null;
let LazyAudioPlayer: ComponentType | null = null;

export function registerVideoPlayer(load: () => Promise<{ default: ComponentType }>): void {
  LazyPlayer = lazy(load);
}

/** The live audio bar (spec §2 'Audio player'), registered the same way: its own chunk with hls.js. */
export function registerAudioPlayer(load: () => Promise<{ default: ComponentType }>): void {
  LazyAudioPlayer = lazy(load);
}

export function AudioPlayerSlot() {
  const { state } = useAppState();
  if (!LazyAudioPlayer || !state.audioPlayer.modalOpen) return null;
  return (
    <Suspense fallback={null}>
      <LazyAudioPlayer key={state.audioPlayer.entryID} />
    </Suspense>
  );
}

export function MediaPlayerSlot() {
  const { state } = useAppState();
  const { modalOpen } = state.mediaPlayer;
  // On demand and live video (DrmLiveVideo) play in the same overlay.
  if (!LazyPlayer || !modalOpen) return null;
  return (
    <Suspense
      fallback={
        <div className="video-overlay video-overlay--loading" role="status">
          Loading the player
        </div>
      }
    >
      <LazyPlayer />
    </Suspense>
  );
}

/** What the match centre hands its live video player. */
export interface MatchVideoPlayerProps {
  stream: LiveAsset;
  /** the video's place on the page: it keeps its size while the video is docked */
  place: RefObject<HTMLDivElement | null>;
  onClose(): void;
}
let LazyMatchVideoPlayer: ComponentType<MatchVideoPlayerProps> | null = null;

/**
 * The match centre's live video (client/player/MatchVideoPlayer.tsx), registered the same way: its
 * chunk, the live player's code and hls.js load only when a viewer starts a match's stream.
 */
export function registerMatchVideoPlayer(load: () => Promise<{ default: ComponentType<MatchVideoPlayerProps> }>): void {
  LazyMatchVideoPlayer = lazy(load);
}

export function MatchVideoPlayerSlot(props: MatchVideoPlayerProps) {
  if (!LazyMatchVideoPlayer) return null;
  return (
    <Suspense
      fallback={
        <p className="video-overlay__status" role="status">
          Loading video
        </p>
      }
    >
      <LazyMatchVideoPlayer {...props} />
    </Suspense>
  );
}
