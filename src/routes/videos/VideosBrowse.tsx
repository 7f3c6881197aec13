import "./videos.css";
import { Link, useLoaderData } from "react-router";
import type { videoBrowseLoader } from "./videos.loader";
import { club } from "../../config/club";
import { DocumentTitle } from "../../components/DocumentTitle";
import { PageHead } from "../../components/PageHead";
import { Pagination } from "../../components/Pagination";
import { TvNav } from "../../components/video/TvNav";
import { VideoCard } from "../../components/video/VideoCard";
import { useVideoLock } from "../../components/video/use-video-lock";
import { videoBrowsePath } from "../paths";
import Button from "../../components/Button";
import { VideoFilters } from "../../components/video/VideoFilters";
import { videoFilterQuery } from "../../data/video-filter";
import { FamilyModeNotice } from "../../components/family/FamilyModeNotice";

export default function VideosBrowse() {
  const { items, total, categories, category, page, pageSize, filter, filters, familyHidden } = useLoaderData<typeof videoBrowseLoader>();
  const listPath = videoBrowsePath(category?.slug);
  const filterQuery = videoFilterQuery(filter);
  const isLocked = useVideoLock();
  const heading = category ? category.name : "Browse";
  const sorted = [...categories].sort((a, b) => a.orderPosition - b.orderPosition);
  const countText = total === 0 ? "No videos" : total === 1 ? "1 video" : `${total} videos`;

  return (
    <div className="tv tv--browse">
      <DocumentTitle page={`${heading} | ${club.tvName}`} />
      <PageHead title={heading} eyebrow={club.tvName} lead={countText} size="compact">
        <nav className="page-pills page-pills--scroll" aria-label="Video categories">
          <Link className={`page-pill${category === null ? " is-active" : ""}`} to={videoBrowsePath()} aria-current={category === null ? "page" : undefined}>
            All Videos
          </Link>
          {sorted.map((c) => (
            <Link key={c.slug} className={`page-pill${category?.slug === c.slug ? " is-active" : ""}`} to={videoBrowsePath(c.slug)} aria-current={category?.slug === c.slug ? "page" : undefined}>
              {c.name}
            </Link>
          ))}
        </nav>
      </PageHead>
      <TvNav />
      <section className="page-section">
        <VideoFilters key={filterQuery} action={listPath} filter={filter} filters={filters} />
        <FamilyModeNotice hidden={familyHidden} />
        {items.length === 0 ? (
          <div className="empty-state">
            <h2 className="empty-state__title">No videos found</h2>
            <p>{filterQuery ? "No videos match these filters." : "There are no videos in this category yet."}</p>
            <Button type="primary-dark" inline href={videoBrowsePath()} text="Browse all videos" />
          </div>
        ) : (
          <div className="video-grid">
            <h2 className="visually-hidden">Videos</h2>
            {items.map((video) => (
              <VideoCard key={video.entryId} video={video} locked={isLocked(video.entitlements)} />
            ))}
          </div>
        )}
        <Pagination basePath={filterQuery ? `${listPath}?${filterQuery}` : listPath} page={page} pageSize={pageSize} total={total} />
      </section>
    </div>
  );
}
