import "../videos/videos.css";
import { Link, useLoaderData } from "react-router";
import type { livePlayerLoader } from "./live.loader";
import { club } from "../../config/club";
import { useAppState } from "../../state/store";
import { DocumentTitle } from "../../components/DocumentTitle";
import { LockedPanel } from "../../components/video/LockedPanel";
import { TvNav } from "../../components/video/TvNav";
import { Picture } from "../../components/Picture";
import { MediaIcon } from "../../components/video/MediaIcon";
import { LiveStatusText } from "../../components/live/LiveCard";
import { useLiveUpgrade } from "../../components/live/use-live-upgrade";
import { LiveUpgradeOffer } from "../../components/live/LiveUpgradeOffer";
import { StreamOffline } from "../../components/live/StreamOffline";
import { sitePaths } from "../paths";

/** /live/{mediaType}/{assetID}: poster and start button; the players themselves open as overlays. */
export default function LivePlayer() {
  const { asset } = useLoaderData<typeof livePlayerLoader>();
  const { state, dispatch } = useAppState();
  // The live upgrade data (spec §3) decides: who has not passed its login stage sees the login
  // prompt; anyone past it may start the stream, the session check decides and the player shows
  // its answer (spec §4 'Audio player (live stream)', §8), and a viewer the stream is locked for
  // sees the upgrade offer when the data offers it to them.
  const lock = useLiveUpgrade().lockOf(asset.entitlements);
  const locked = lock.kind === "login";
  const isAudio = asset.mediaType === "audio";
  const image = asset.status === "active" ? asset.posterImageKey : asset.offlineImageKey;
  // The audio plays in the bar at the bottom of every page; this page says that it is this stream.
  const inAudioBar = isAudio && state.audioPlayer.modalOpen && state.audioPlayer.entryID === asset.id;

  function start() {
    if (isAudio) dispatch({ type: "audioPlayer/open", entryID: asset.id, title: asset.title });
    else dispatch({ type: "mediaPlayer/open", mediaType: "DrmLiveVideo", videoID: asset.id, videoName: asset.title, section: "live" });
  }

  return (
    <div className="tv tv--live-player">
      <DocumentTitle page={`${asset.title} | ${club.tvName}`} />
      <div className="theatre">
        <div className="theatre__inner theatre__inner--single">
          <div className="theatre__main">
            <div className={`theatre__screen${locked ? " is-locked" : ""}`}>
              <Picture imageKey={image} w={1280} h={720} alt="" loading="eager" fetchPriority="high" />
              <span className={`live-card__status live-card__status--${asset.status} theatre__status`}>
                {asset.status === "active" ? <span className="live-dot" aria-hidden="true" /> : null}
                <LiveStatusText asset={asset} />
              </span>
              {locked ? (
                <LockedPanel label="Locked stream" entitlements={asset.entitlements} />
              ) : asset.status === "active" ? (
                <button type="button" className="theatre__play" onClick={start}>
                  <span className="theatre__play-icon">
                    <MediaIcon name={isAudio ? "headphones" : "play"} />
                  </span>
                  <span className="visually-hidden">{isAudio ? "Play stream" : `Watch ${asset.title}`}</span>
                </button>
              ) : (
                <StreamOffline status={asset.status} />
              )}
            </div>
            <div className="theatre__details">
              <span className="theatre__category">{isAudio ? "Live Audio" : "Live Video"}</span>
              <h1 className="theatre__title">{asset.title}</h1>
              {asset.description ? <p className="theatre__description">{asset.description}</p> : null}
              <p className="theatre__now-playing" role="status">
                {inAudioBar ? (
                  <>
                    <MediaIcon name="headphones" /> Now playing in the Live Audio bar below
                  </>
                ) : null}
              </p>
              {lock.kind === "upgrade" && asset.status !== "disabled" ? <LiveUpgradeOffer className="live-upgrade--panel" offer={lock.offer} /> : null}
              <p className="theatre__meta">
                <Link to={sitePaths.live}>← All live coverage</Link>
              </p>
            </div>
          </div>
        </div>
      </div>
      <TvNav />
    </div>
  );
}
