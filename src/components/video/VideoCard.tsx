import { Link } from "react-router";
import type { Video } from "../../schemas/videos";
import { videoPath } from "../../routes/paths";
import { formatDuration } from "../format";
import ClubTime from "../ClubTime";
import { Picture } from "../Picture";
import { MediaIcon } from "./MediaIcon";

/** A video teaser: thumbnail with duration, padlock when locked (else a play mark), date and title. */
export function VideoCard({ video, locked, variant = "default" }: { video: Video; locked: boolean; variant?: "default" | "feature" }) {
  return (
    <article className={`video-card video-card--${variant}${locked ? " is-locked" : ""}`}>
      <Link className="video-card__link" to={videoPath(video.entryId)}>
        <div className="video-card__media">
          <Picture imageKey={video.thumbnailKey} w={variant === "feature" ? 1200 : 640} h={variant === "feature" ? 675 : 360} alt="" />
          <span className="video-card__badge">
            <MediaIcon name={locked ? "padlock" : "play"} />
            <span className="visually-hidden">{locked ? "Locked" : "Watch"}</span>
          </span>
          <span className="video-card__duration">{formatDuration(video.durationSeconds)}</span>
        </div>
        <div className="video-card__body">
          <h3 className="video-card__title">{video.title}</h3>
          <ClubTime className="video-card__date" iso={video.createdAt} format="date" />
        </div>
      </Link>
    </article>
  );
}

/**
 * The room a VideoCard takes, without its picture, link or date code: what a deferred rail
 * (DeferredRail) holds its place with until its cards render. Invisible and hidden from assistive
 * technology; it carries the title only so that it wraps onto as many lines as the card's will.
 */
export function VideoCardSpace({ title }: { title: string }) {
  return (
    <div className="video-card video-card--space" aria-hidden="true">
      <div className="video-card__link">
        <div className="video-card__media" />
        <div className="video-card__body">
          <p className="video-card__title">{title}</p>
          <span className="video-card__date" />
        </div>
      </div>
    </div>
  );
}
