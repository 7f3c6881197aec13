import { useEffect, useRef } from "react";
import type { LiveAsset } from "../../schemas/videos";
import { useAppState } from "../../state/store";
import { Picture } from "../Picture";
import { LockedPanel } from "../video/LockedPanel";
import { MediaIcon } from "../video/MediaIcon";
import { LiveUpgradeOffer } from "../live/LiveUpgradeOffer";
import { StreamOffline } from "../live/StreamOffline";
import { LiveStatusText } from "../live/LiveCard";
import { useLiveUpgrade } from "../live/use-live-upgrade";
import { MatchVideoPlayerSlot } from "../player/MediaPlayerSlot";

/**
 * The match's live video in the match centre (spec §3 `matchCentre.videoOpen`,
 * `dockedVideo`). The server renders its place: the poster and a play button for a viewer the
 * stream is open to, the locked texts (spec §6, §8, the same rules as every locked video) for
 * anyone else, or the offline panel while the club has not started the stream. Play loads the
 * player (its own chunk, with the live player's session check, concurrency socket and hls.js),
 * which docks as a mini player while its place is scrolled out of view. This module is itself a
 * chunk of its own (lazy-match-video.ts): a match centre without a stream loads none of it.
 */
export default function MatchVideo({ stream }: { stream: LiveAsset }) {
  const { state, dispatch } = useAppState();
  const lock = useLiveUpgrade().lockOf(stream.entitlements);
  const place = useRef<HTMLDivElement>(null);
  const playButton = useRef<HTMLButtonElement>(null);
  const locked = lock.kind !== "open";
  const playable = !locked && stream.status === "active";
  const open = state.matchCentre.videoOpen && playable;
  const closedHere = useRef(false);

  // A viewer who signs out, or a stream the club stops, closes the player; so does leaving the page.
  useEffect(() => {
    if (state.matchCentre.videoOpen && !playable) dispatch({ type: "matchCentre/video", videoOpen: false, docked: false });
  }, [state.matchCentre.videoOpen, playable, dispatch]);
  useEffect(() => () => dispatch({ type: "matchCentre/video", videoOpen: false, docked: false }), [dispatch]);
  // Closing the player gives the focus back to the play button it came from.
  useEffect(() => {
    if (!open && closedHere.current) {
      closedHere.current = false;
      playButton.current?.focus({ preventScroll: true });
    }
  }, [open]);

  const close = () => {
    closedHere.current = true;
    dispatch({ type: "matchCentre/video", videoOpen: false, docked: false });
  };
  const image = stream.status === "active" ? stream.posterImageKey : stream.offlineImageKey;
  return (
    <section className="page-section match-video" aria-labelledby="match-video-title">
      <div className="match-video__head">
        <h2 className="page-section__title" id="match-video-title">
          Watch live
        </h2>
        <p className="match-video__status"><LiveStatusText asset={stream} /></p>
      </div>
      <div ref={place} className={`theatre__screen match-video__place${locked ? " is-locked" : ""}${open && state.matchCentre.dockedVideo ? " is-docked" : ""}`}>
        <Picture imageKey={image} w={1280} h={720} alt="" />
        {open && state.matchCentre.dockedVideo ? <p className="match-video__elsewhere">Playing in the mini player</p> : null}
        {open ? (
          <MatchVideoPlayerSlot stream={stream} place={place} onClose={close} />
        ) : locked ? (
          <LockedPanel label="Locked stream" entitlements={stream.entitlements} />
        ) : playable ? (
          <button type="button" className="theatre__play" ref={playButton} onClick={() => dispatch({ type: "matchCentre/video", videoOpen: true, docked: false })}>
            <span className="theatre__play-icon">
              <MediaIcon name="play" />
            </span>
            <span className="visually-hidden">{`Watch ${stream.title}`}</span>
          </button>
        ) : (
          <StreamOffline status={stream.status} />
        )}
      </div>
      {lock.kind === "upgrade" ? <LiveUpgradeOffer className="live-upgrade--panel" offer={lock.offer} /> : null}
    </section>
  );
}
