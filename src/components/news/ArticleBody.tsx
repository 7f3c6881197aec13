import { Link } from "react-router";
import { splitBody } from "../../domain/article-embeds";
import type { Video } from "../../schemas/videos";
import { videoPath } from "../../routes/paths";
import { useVideoLock } from "../video/use-video-lock";
import { LockedPanel } from "../video/LockedPanel";
import { VideoCard } from "../video/VideoCard";

/**
 * An article's text as the site shows it: the sanitised HTML (worker/html/sanitize-html.ts) with
 * each embedded Rovers TV video drawn where it stands: for a viewer it is open to, the video's
 * card leading to its page and player; when locked, its title and the spec's locked texts
 * (LockedPanel), never its media.
 */
export function ArticleBody({ html, videos }: { html: string; videos: readonly Video[] }) {
  const isLocked = useVideoLock();
  const byId = new Map(videos.map((v) => [v.entryId, v]));
  return (
    <div className="article__body">
      {splitBody(html).map((part, index) => {
        if (part.kind === "html") return <div key={index} className="rich-text" dangerouslySetInnerHTML={{ __html: part.html }} />;
        const video = byId.get(part.entryId);
        if (!video) return null;
        return (
          <figure key={index} className="article-video" data-video={video.entryId}>
            {isLocked(video.entitlements) ? (
              <>
                <figcaption className="article-video__title">
                  <Link to={videoPath(video.entryId)}>{video.title}</Link>
                </figcaption>
                <LockedPanel label={`${video.title}: locked`} entitlements={video.entitlements} />
              </>
            ) : (
              <VideoCard video={video} locked={false} />
            )}
          </figure>
        );
      })}
    </div>
  );
}
