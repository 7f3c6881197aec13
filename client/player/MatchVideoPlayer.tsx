import { useEffect, useRef } from "react";
import Icon from "../../src/components/Icon";
import { useAppState } from "../../src/state/store";
import { shouldDock, UNDOCK_VISIBLE_RATIO } from "../../src/domain/docked-video";
import type { MatchVideoPlayerProps } from "../../src/components/player/MediaPlayerSlot";
import { useLiveVideo } from "./use-live-video";
import { PlayerMessage, StreamOffAir } from "./PlayerMessage";

/**
 * The match centre's live video: the live player's own playback (session check,
 * concurrency socket, renewals, media gate, hls.js: use-live-video.ts) in the match's place on the
 * page. An IntersectionObserver watches that place; while it is mostly out of view the player
 * docks as a mini player in a corner (src/domain/docked-video.ts) and keeps playing: the same
 * <video> element, only its position changes. 'Expand' scrolls back there
 * (which undocks it); 'Close' stops the stream and frees its concurrency slot.
 */
export default function MatchVideoPlayer({ stream, place, onClose }: MatchVideoPlayerProps) {
  const { state, dispatch } = useAppState();
  const video = useRef<HTMLVideoElement>(null);
  const phase = useLiveVideo(video, stream.id, true);
  const docked = state.matchCentre.dockedVideo;
  const dockedNow = useRef(docked);

  useEffect(() => {
    const target = place.current;
    if (!target || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.at(-1);
        if (!entry) return;
        const dock = shouldDock(true, entry.intersectionRatio);
        if (dock === dockedNow.current) return;
        dockedNow.current = dock;
        dispatch({ type: "matchCentre/video", videoOpen: true, docked: dock });
      },
      { threshold: [0, UNDOCK_VISIBLE_RATIO, 1] },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [place, dispatch]);

  // The viewer pressed play: the focus goes to the video, whose controls the keyboard then drives.
  useEffect(() => {
    video.current?.focus({ preventScroll: true });
  }, []);

  const backToPlace = () => {
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    place.current?.scrollIntoView({ block: "center", behavior: smooth ? "smooth" : "auto" });
    video.current?.focus({ preventScroll: true });
  };

  return (
    <div
      className={`match-video__player${docked ? " is-docked" : ""}`}
      data-phase={phase.kind}
      {...(docked ? { role: "region", "aria-label": `Mini player: ${stream.title}` } : {})}
    >
      <div className="match-video__stage">
        <video className="match-video__video" ref={video} controls playsInline aria-label={stream.title} />
        {phase.kind === "starting" ? (
          <p className="video-overlay__status" role="status">
            Loading video
          </p>
        ) : null}
        {phase.kind === "refused" || phase.kind === "failed" ? <PlayerMessage problem={phase} /> : null}
        {phase.kind === "offline" ? <StreamOffAir ended={phase.ended} /> : null}
      </div>
      <div className="match-video__bar">
        <p className="match-video__title">{stream.title}</p>
        {docked ? (
          <button type="button" className="match-video__button" onClick={backToPlace} aria-label="Expand the video back to its place" title="Expand">
            <Icon name="arrow-up" size={18} />
          </button>
        ) : null}
        <button type="button" className="match-video__button" onClick={onClose} aria-label="Close the live video" title="Close">
          <Icon name="close" size={18} />
        </button>
      </div>
    </div>
  );
}
