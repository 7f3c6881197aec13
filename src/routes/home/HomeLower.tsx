import { Link, useLoaderData } from "react-router";
import type { homeLoader } from "./home.loader";
import { club } from "../../config/club";
import { matchesPath, sitePaths } from "../paths";
import { PRESEASON_MESSAGE } from "../../domain/preseason";
import { DeferredRail } from "../../components/DeferredRail";
import { FixtureRow } from "../../components/match/MatchParts";
import { SubscribePromo } from "../../components/packages/SubscribePromo";
import { VideoCard, VideoCardSpace } from "../../components/video/VideoCard";
import { useVideoLock } from "../../components/video/use-video-lock";

/**
 * The home page below its news: the Rovers TV strip and the upcoming fixtures. A lower region
 * (Home.tsx): it reads the page's data and the viewer's entitlements itself.
 */
export default function HomeLower() {
  const { videos, upcoming, preseason } = useLoaderData<typeof homeLoader>();
  const isLocked = useVideoLock();
  return (
    <>
      {videos.length > 0 ? (
        <section className="tv-strip" aria-labelledby="home-tv-title">
          <div className="tv-strip__inner">
            <div className="page-section__head page-section__head--light">
              <h2 className="page-section__title" id="home-tv-title">
                <span className="tv-strip__brand">{club.tvName}</span>
              </h2>
              <Link className="page-section__more" to={sitePaths.videos}>Watch more <span aria-hidden="true">→</span></Link>
            </div>
            {/* Its cards render as the reader comes near: they were an eighth of the page's HTML. */}
            <DeferredRail
              eager={false}
              className="tv-strip__rail"
              placeholder={videos.map((video) => (
                <VideoCardSpace key={video.entryId} title={video.title} />
              ))}
            >
              {videos.map((video) => (
                <VideoCard key={video.entryId} video={video} locked={isLocked(video.entitlements)} />
              ))}
            </DeferredRail>
            <SubscribePromo />
          </div>
        </section>
      ) : null}
      {upcoming.length > 0 || preseason ? (
        <section className="page-section">
          <div className="page-section__head">
            <h2 className="page-section__title">Upcoming Fixtures</h2>
            <Link className="page-section__more" to={matchesPath("")}>All fixtures <span aria-hidden="true">→</span></Link>
          </div>
          {upcoming.length > 0 ? (
            <ol className="fixture-list">
              {upcoming.map((match) => (
                <FixtureRow key={match.id} match={match} />
              ))}
            </ol>
          ) : (
            // Preseason (spec §4): the season's fixtures are not out yet.
            <div className="preseason">
              <p className="preseason__title">{PRESEASON_MESSAGE}</p>
            </div>
          )}
        </section>
      ) : null}
    </>
  );
}
