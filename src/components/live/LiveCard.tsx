import { Link } from "react-router";
import type { LiveAsset } from "../../schemas/videos";
import { livePath } from "../../routes/paths";
import { formatDate, formatKickoff } from "../format";
import { Picture } from "../Picture";
import { MediaIcon } from "../video/MediaIcon";

export function liveStatusText(asset: LiveAsset): string {
  if (asset.status === "active") return "Live now";
  if (asset.status === "disabled") return "Unavailable";
  return asset.startsAt ? `${formatDate(asset.startsAt)} · ${formatKickoff(asset.startsAt)}` : "Coming up";
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
            {liveStatusText(asset)}
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
