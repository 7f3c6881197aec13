import { Fragment } from "react";
import { Link, useLoaderData } from "react-router";
import type { videoHomeLoader } from "./videos.loader";
import { videoBrowsePath } from "../paths";
import { Carousel } from "../../components/Carousel";
import { SubscribePromo } from "../../components/packages/SubscribePromo";
import { CategoryCarousel } from "../../components/video/CategoryCarousel";
import { VideoCard } from "../../components/video/VideoCard";
import { useVideoLock } from "../../components/video/use-video-lock";

/**
 * The feed's first video carousels render every slide with the page; the ones below render their
 * first view with it and the rest as the reader scrolls near them (src/components/Carousel.tsx).
 */
const EAGER_RAILS = 2;

/**
 * /videos below its featured and live videos: the feed's carousels and the subscribe promo. A
 * lower region (VideosHome.tsx): it reads the page's data and the viewer's entitlements itself.
 */
export default function VideosHomeLower() {
  const { sections, carousels } = useLoaderData<typeof videoHomeLoader>();
  const isLocked = useVideoLock();
  // The category carousels stand where the feed puts them, between its video sections.
  const carouselsAt = (index: number) =>
    carousels.filter((c) => c.afterSections === index).map((carousel) => <CategoryCarousel key={carousel.key} carousel={carousel} />);
  return (
    <>
      {sections.map((section, index) => (
        <Fragment key={section.key}>
          {carouselsAt(index)}
          {section.videos.length > 0 ? (
            <Carousel
              title={section.title}
              type={section.type}
              style={section.style}
              eager={index < EAGER_RAILS}
              more={<Link className="page-section__more" to={videoBrowsePath(section.category.slug)} aria-label={`View all: ${section.title}`}>View all <span aria-hidden="true">→</span></Link>}
              slides={section.videos.map((video) => ({ key: video.entryId, node: <VideoCard video={video} locked={isLocked(video.entitlements)} /> }))}
            />
          ) : null}
        </Fragment>
      ))}
      {carouselsAt(sections.length)}

      <section className="page-section page-section--dark">
        <SubscribePromo />
      </section>
    </>
  );
}
