import "./videos.css";
import { Link, useLoaderData } from "react-router";
import type { videoLoader } from "./videos.loader";
import { club } from "../../config/club";
import { useAppState } from "../../state/store";
import { DocumentTitle } from "../../components/DocumentTitle";
import { LockedPanel } from "../../components/video/LockedPanel";
import { TvNav } from "../../components/video/TvNav";
import { Picture } from "../../components/Picture";
import { MediaIcon } from "../../components/video/MediaIcon";
import { formatDuration } from "../../components/format";
import ClubTime from "../../components/ClubTime";
import { VideoMeta } from "../../components/video/VideoMeta";
import { useVideoLock } from "../../components/video/use-video-lock";
import { videoBrowsePath, videoPath } from "../paths";
import { useSiteOrigin } from "../../app/site-origin";
import { JsonLd } from "../../components/JsonLd";
import { videoObject } from "../../structured-data/video-object";
import { breadcrumbList } from "../../structured-data/breadcrumb-list";
import { chapterTimeText } from "../../domain/video-chapters";

/** Spec §9: sidebar page size. */
const RELATED_COUNT = 10;

export default function Video() {
  const { video, related, chapters } = useLoaderData<typeof videoLoader>();
  const { dispatch } = useAppState();
  const origin = useSiteOrigin();
  const isLocked = useVideoLock();
  const locked = isLocked(video.entitlements);

  return (
    <div className="tv tv--video">
      <DocumentTitle page={`${video.title} | ${club.tvName}`} description={video.description} imageKey={video.thumbnailKey} type="video.other" />
      <JsonLd data={[videoObject(origin, video), breadcrumbList(origin, [{ name: club.tvName, path: "/videos" }, { name: video.title, path: videoPath(video.entryId) }])]} />
      <div className="theatre">
        <div className="theatre__inner">
          <div className="theatre__main">
            <div className={`theatre__screen${locked ? " is-locked" : ""}`}>
              <Picture imageKey={video.thumbnailKey} w={1280} h={720} alt="" loading="eager" fetchPriority="high" />
              {locked ? (
                <LockedPanel label="Locked video" entitlements={video.entitlements} />
              ) : (
                <button
                  type="button"
                  className="theatre__play"
                  onClick={() => dispatch({ type: "mediaPlayer/open", mediaType: "OnDemand", videoID: video.entryId, videoName: video.title, section: video.categorySlug })}
                >
                  <span className="theatre__play-icon">
                    <MediaIcon name="play" />
                  </span>
                  <span className="visually-hidden">Play {video.title}</span>
                </button>
              )}
            </div>
            <div className="theatre__details">
              <Link className="theatre__category" to={videoBrowsePath(video.categorySlug)}>
                {video.categorySlug.replace(/-/g, " ")}
              </Link>
              <h1 className="theatre__title">{video.title}</h1>
              <VideoMeta video={video} className="theatre__meta" />
              {video.description ? <p className="theatre__description">{video.description}</p> : null}
              {chapters.length > 0 ? (
                // A list here; the player overlay shows the same chapters as seek buttons (client/player/ChapterList.tsx).
                <section className="theatre__chapters" aria-labelledby="chapters-title">
                  <h2 id="chapters-title" className="theatre__chapters-title">Chapters</h2>
                  <ol className="theatre__chapter-list">
                    {chapters.map((c) => (
                      <li key={c.startSeconds}>
                        <span className="theatre__chapter-time">{chapterTimeText(c.startSeconds)}</span> {c.title}
                      </li>
                    ))}
                  </ol>
                </section>
              ) : null}
            </div>
          </div>
          {related.length > 0 ? (
            <aside className="playlist" aria-labelledby="playlist-title">
              <h2 className="playlist__title" id="playlist-title">Related</h2>
              <ol className="playlist__items">
                {related.slice(0, RELATED_COUNT).map((item) => {
                  const itemLocked = isLocked(item.entitlements);
                  return (
                    <li key={item.entryId}>
                      <Link className="playlist__item" to={videoPath(item.entryId)}>
                        <span className="playlist__thumb">
                          <Picture imageKey={item.thumbnailKey} w={200} h={113} alt="" />
                          <span className="playlist__duration">{formatDuration(item.durationSeconds)}</span>
                        </span>
                        <span className="playlist__text">
                          <span className="playlist__item-title">{item.title}</span>
                          <span className="playlist__meta">
                            <MediaIcon name={itemLocked ? "padlock" : "play"} />
                            <ClubTime iso={item.createdAt} format="date" />
                          </span>
                        </span>
                      </Link>
                    </li>
                  );
                })}
              </ol>
            </aside>
          ) : null}
        </div>
      </div>
      <TvNav />
    </div>
  );
}
