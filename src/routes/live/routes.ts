import { pageHandle } from "../../layouts/page-handle";
import { pages } from "../lazy-pages";
import { loaderFrom, type PageRoute } from "../page-route";

const live = () => import("./live.loader");

/** Live streams and the live player (video or audio). */
export const liveRoutes: PageRoute[] = [
  { path: "live", page: pages.Live, handle: pageHandle("video-listing"), loader: loaderFrom(live, "liveLoader") },
  { path: "live/:mediaType/:assetID?", page: pages.LivePlayer, handle: pageHandle("video-single"), loader: loaderFrom(live, "livePlayerLoader") },
];
