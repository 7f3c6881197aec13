import { pageHandle, VIDEO_BROWSE_QUERY } from "../../layouts/page-handle";
import { STREAMER_ROUTE_ID } from "../../layouts/RootLayout";
import { pages } from "../lazy-pages";
import { loaderFrom, type PageRoute } from "../page-route";

const videos = () => import("./videos.loader");
const streamer = () => import("./streamer.loader");

/** Rovers TV: its home, browsing, categories, FAQs, subscriptions and the on-demand player. */
export const videosRoutes: PageRoute[] = [
  { path: "videos", page: pages.VideosHome, handle: pageHandle("video-listing"), loader: loaderFrom(videos, "videoHomeLoader") },
  { path: "videos/browse", page: pages.VideosBrowse, handle: pageHandle("video-category", VIDEO_BROWSE_QUERY), loader: loaderFrom(videos, "videoBrowseLoader") },
  { path: "videos/categories", page: pages.VideoCategories, handle: pageHandle("video-category"), loader: loaderFrom(videos, "videoCategoriesLoader") },
  { path: "videos/faqs", page: pages.VideoFaqs, handle: pageHandle("faqs"), loader: loaderFrom(videos, "faqsLoader") },
  { path: "videos/subscriptions", page: pages.VideoSubscriptions, handle: pageHandle("video-listing"), loader: loaderFrom(videos, "packagesLoader") },
  { path: "videos/channel", page: pages.VideoCategories, handle: pageHandle("video-category"), loader: loaderFrom(videos, "videoCategoriesLoader") },
  { path: "videos/channel/:slug", page: pages.VideosBrowse, handle: pageHandle("video-category", VIDEO_BROWSE_QUERY), loader: loaderFrom(videos, "videoBrowseLoader") },
  { path: "videos/player", page: pages.Video, handle: pageHandle("video-single"), loader: loaderFrom(videos, "videoLoader") },
  { path: "videos/player/:slug", page: pages.Video, handle: pageHandle("video-single"), loader: loaderFrom(videos, "videoLoader") },
  { path: "videos/:videoID", page: pages.Video, handle: pageHandle("video-single"), loader: loaderFrom(videos, "videoLoader") },
];

/** /streamer, the Rovers TV landing page in the streamer layout (src/layouts/StreamerLayout.tsx; RootLayout picks it by this id). */
export const streamerRoutes: PageRoute[] = [
  { id: STREAMER_ROUTE_ID, path: "streamer", page: pages.Streamer, handle: pageHandle("video-listing"), loader: loaderFrom(streamer, "streamerLoader") },
];
