import "./videos.css";
import { Link, useLoaderData } from "react-router";
import type { videoHomeLoader } from "./videos.loader";
import { club } from "../../config/club";
import { DocumentTitle } from "../../components/DocumentTitle";
import { VideoCard } from "../../components/video/VideoCard";
import { LiveCard } from "../../components/live/LiveCard";
import { TvNav } from "../../components/video/TvNav";
import { Picture } from "../../components/Picture";
import { VideoMeta } from "../../components/video/VideoMeta";
import { useVideoLock } from "../../components/video/use-video-lock";
import { videoPath, sitePaths } from "../paths";
import Button from "../../components/Button";
import { SectionSponsor } from "../../components/sponsors/SectionSponsor";
import { lowerRegion } from "../../components/lower-region/lower-region";

/** Below the featured and live videos, the feed's carousels: they hydrate as the reader comes near. */
const Lower = lowerRegion("videos-lower", "tv__lower", () => import("./VideosHomeLower"));

/** /videos: feed 1; the page is named after the TV service (spec §2). */
export default function VideosHome() {
  const { featured, live } = useLoaderData<typeof videoHomeLoader>();
  const isLocked = useVideoLock();
  const [lead, ...more] = featured;
  const leadLocked = lead ? isLocked(lead.entitlements) : false;

  return (
    <div className="tv">
      <DocumentTitle page={club.tvName} />
      <header className="tv-hero">
        {lead ? (
          <div className="tv-hero__media" aria-hidden="true">
            <Picture imageKey={lead.thumbnailKey} w={1920} h={1080} alt="" loading="eager" fetchPriority="high" />
          </div>
        ) : null}
        <div className="tv-hero__inner">
          <h1 className="tv-hero__brand">{club.tvName}</h1>
          {lead ? (
            <div className="tv-hero__feature">
              <span className="tv-hero__eyebrow">Featured</span>
              <h2 className="tv-hero__title">{lead.title}</h2>
              <VideoMeta video={lead} className="tv-hero__meta" />
              <Button type="primary-light" href={videoPath(lead.entryId)} icon={leadLocked ? "padlock" : "play"} text={leadLocked ? "Unlock to Watch" : "Watch Now"} />
            </div>
          ) : (
            <p className="tv-hero__lead">Highlights, interviews, full match replays and live commentary.</p>
          )}
        </div>
      </header>
      <SectionSponsor section="videos" />
      <TvNav />

      {more.length > 0 ? (
        <section className="page-section page-section--dark">
          <div className="page-section__head page-section__head--light">
            <h2 className="page-section__title">Featured</h2>
          </div>
          <div className="video-grid video-grid--three">
            {more.map((video) => (
              <VideoCard key={video.entryId} video={video} locked={isLocked(video.entitlements)} />
            ))}
          </div>
        </section>
      ) : null}

      {live.length > 0 ? (
        <section className="page-section page-section--dark page-section--flush-top">
          <div className="page-section__head page-section__head--light">
            <h2 className="page-section__title">Live</h2>
            <Link className="page-section__more" to={sitePaths.live}>All live <span aria-hidden="true">→</span></Link>
          </div>
          <div className="video-grid">
            {live.map((asset) => (
              <LiveCard key={asset.id} asset={asset} locked={isLocked(asset.entitlements)} />
            ))}
          </div>
        </section>
      ) : null}

      <Lower />
    </div>
  );
}
