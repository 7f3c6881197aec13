import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { Video } from "../../src/schemas/videos";
import { Picture } from "../../src/components/Picture";
import { MediaIcon } from "../../src/components/video/MediaIcon";
import { formatDuration } from "../../src/components/format";
import ClubTime from "../../src/components/ClubTime";
import { useVideoLock } from "../../src/components/video/use-video-lock";
import { videoPath } from "../../src/routes/paths";
import { sidebarTitle } from "../../src/domain/sidebar-title";
import { DEFAULT_VIDEO_NAME } from "../../src/state/reducer";
import { useAppState } from "../../src/state/store";
import { sidebarVideos } from "./sidebar-videos";

/** Spec §7/§9: the sidebar reads 10 items from page 0 of its section. */
const SIDEBAR_SIZE = 10;
const THUMB_WIDTH = 200;
const THUMB_HEIGHT = 113;

/**
 * The player's sidebar (spec §2 'Video player overlay'): 'Related' (the current section) when a
 * section is set, 'Latest' otherwise; a section with nothing else in it falls back to the latest
 * videos. Picking an item keeps the player open on that video at /videos/{entryId}, after storing
 * where the viewer came from as the return point.
 */
export function PlayerSidebar({ entryId, section }: { entryId: string; section: string }) {
  const { dispatch } = useAppState();
  const isLocked = useVideoLock();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [items, setItems] = useState<Video[] | null>(null);
  const heading = section ? "Related" : "Latest";

  useEffect(() => {
    let cancelled = false;
    const pick = (list: Video[]) => list.filter((v) => v.entryId !== entryId).slice(0, SIDEBAR_SIZE);
    void (async () => {
      try {
        let list = section ? pick(await sidebarVideos(SIDEBAR_SIZE + 1, section)) : [];
        if (list.length === 0) list = pick(await sidebarVideos(SIDEBAR_SIZE + 1));
        if (!cancelled) setItems(list);
      } catch {
        // spec §8: feed failures are only logged
        console.warn("player sidebar: feed unavailable");
        if (!cancelled) setItems([]);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [entryId, section]);

  const open = (video: Video) => {
    dispatch({ type: "videoPlayer/entryPoint", entryPoint: pathname + search });
    dispatch({ type: "mediaPlayer/open", mediaType: "OnDemand", videoID: video.entryId, videoName: video.title, section });
    navigate(videoPath(video.entryId));
  };

  return (
    // Named with the video's title as well: a video's own page has a 'Related' list of its own
    // behind the dialog, and two landmarks of one name cannot be told apart.
    <aside className="video-overlay__sidebar" aria-labelledby="video-overlay-sidebar-title video-overlay-title">
      <h3 className="video-overlay__sidebar-title" id="video-overlay-sidebar-title">
        {heading}
      </h3>
      {items === null ? <p role="status">Loading</p> : null}
      <ol className="video-overlay__items">
        {(items ?? []).map((video) => {
          const locked = isLocked(video.entitlements);
          return (
            <li key={video.entryId}>
              <a
                className="video-overlay__item"
                href={videoPath(video.entryId)}
                onClick={(event) => {
                  event.preventDefault();
                  open(video);
                }}
              >
                <span className="video-overlay__thumb">
                  <Picture imageKey={video.thumbnailKey} w={THUMB_WIDTH} h={THUMB_HEIGHT} alt="" />
                  <span className="video-overlay__duration">{formatDuration(video.durationSeconds)}</span>
                </span>
                <span className="video-overlay__item-text">
                  <span className="video-overlay__item-title">{sidebarTitle(video.title || DEFAULT_VIDEO_NAME)}</span>
                  <span className="video-overlay__item-meta">
                    <MediaIcon name={locked ? "padlock" : "play"} />
                    <span className="visually-hidden">{locked ? "Locked" : "Video"}</span>
                    <ClubTime iso={video.createdAt} format="date" />
                  </span>
                </span>
              </a>
            </li>
          );
        })}
      </ol>
    </aside>
  );
}
