import { pageHandle } from "../../layouts/page-handle";
import { page } from "../lazy-page";
import type { PageRoute } from "../page-route";

/** Live streams and the live player (video or audio). */
export const liveRoutes: PageRoute[] = [
  { path: "live", page: page("Live", () => import("./Live")), handle: pageHandle("video-listing"), data: true },
  { path: "live/:mediaType/:assetID?", page: page("LivePlayer", () => import("./LivePlayer")), handle: pageHandle("video-single"), data: true },
];
