import { Link } from "react-router";
import type { LiveAsset } from "../../schemas/videos";
import { livePath } from "../../routes/paths";
import ClubTime from "../ClubTime";
import { Picture } from "../Picture";
import { MediaIcon } from "../video/MediaIcon";

/** 'Live now', 'Unavailable', or when it starts ('5 Oct 2024 · 15:00'; 'Coming up' without a time). */
export function LiveStatusText({ asset }: { asset: LiveAsset }) {
  if (asset.status === "active") return "Live now";
  if (asset.status === "disabled") return "Unavailable";
  if (!asset.startsAt) return "Coming up";
  return (
    <>
      <ClubTime iso={asset.startsAt} format="date" /> · <ClubTime iso={asset.startsAt} format="kickOff" />
    </>
  );
}

/** A live stream or live audio commentary teaser. */
export function LiveCard({ asset, locked }: { asset: LiveAsset; locked: boolean }) {
  const image = asset.status === "active" ? asset.posterImageKey : asset.offlineImageKey;
  return (
    <article className={`live-card live-card--${asset.status}`}>
      <Link className="live-card__link" to={livePath(asset.mediaType, asset.id)}>
        <div className="live-card__media">
          <Picture imageKey={image} w={640} h={360} alt="" />
          <span className={`live-card__status live-card__status--${asset.status}`}>
            {asset.status === "active" ? <span className="live-dot" aria-hidden="true" /> : null}
            <LiveStatusText asset={asset} />
          </span>
          <span className="live-card__type">
            <MediaIcon name={asset.mediaType === "audio" ? "headphones" : "live"} />
            {asset.mediaType === "audio" ? "Audio" : "Video"}
          </span>
          {locked ? (
            <span className="live-card__lock">
              <MediaIcon name="padlock" />
              <span className="visually-hidden">Locked</span>
            </span>
          ) : null}
        </div>
        <div className="live-card__body">
          <h3 className="live-card__title">{asset.title}</h3>
          {asset.description ? <p className="live-card__text">{asset.description}</p> : null}
        </div>
      </Link>
    </article>
  );
}
