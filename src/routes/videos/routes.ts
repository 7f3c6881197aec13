import { pageHandle, VIDEO_BROWSE_QUERY } from "../../layouts/page-handle";
import { STREAMER_ROUTE_ID } from "../../layouts/RootLayout";
import { StreamerLayout } from "../../layouts/LazyStreamerLayout";
import { lazyPage, page } from "../lazy-page";
import type { PageRoute } from "../page-route";

const VideosBrowse = page("VideosBrowse", () => import("./VideosBrowse"));
const VideoCategories = page("VideoCategories", () => import("./VideoCategories"));
const Video = page("Video", () => import("./Video"));
const browse = pageHandle("video-category", VIDEO_BROWSE_QUERY);

/** Rovers TV: its home, browsing, categories, FAQs, subscriptions and the on-demand player. */
export const videosRoutes: PageRoute[] = [
  { path: "videos", page: page("VideosHome", () => import("./VideosHome")), handle: pageHandle("video-listing"), data: true },
  { path: "videos/browse", page: VideosBrowse, handle: browse, data: true },
  { path: "videos/categories", page: VideoCategories, handle: pageHandle("video-category"), data: true },
  { path: "videos/faqs", page: page("VideoFaqs", () => import("./VideoFaqs")), handle: pageHandle("faqs"), data: true },
  { path: "videos/subscriptions", page: page("VideoSubscriptions", () => import("./VideoSubscriptions")), handle: pageHandle("video-listing"), data: true },
  { path: "videos/channel", page: VideoCategories, handle: pageHandle("video-category"), data: true },
  { path: "videos/channel/:slug", page: VideosBrowse, handle: browse, data: true },
  { path: "videos/player", page: Video, handle: pageHandle("video-single"), data: true },
  { path: "videos/player/:slug", page: Video, handle: pageHandle("video-single"), data: true },
  { path: "videos/:videoID", page: Video, handle: pageHandle("video-single"), data: true },
];

/** The streamer layout's chunk comes with the page, so RootLayout has it before it renders. */
const Streamer = lazyPage(["Streamer"], async () => {
  const [{ default: Component }] = await Promise.all([import("./Streamer"), StreamerLayout.preload()]);
  return Component;
});

/** /streamer, the Rovers TV landing page in the streamer layout (src/layouts/StreamerLayout.tsx; RootLayout picks it by this id). */
export const streamerRoutes: PageRoute[] = [{ id: STREAMER_ROUTE_ID, path: "streamer", page: Streamer, handle: pageHandle("video-listing"), data: true }];
