import { lazyComponent } from "../lazy-component";

/**
 * The match centre's live video (MatchVideo.tsx) as a chunk of its own, so that a match without a
 * live video stream downloads none of its code (locked panel, upgrade offer, player slot). The
 * match centre's loader preloads it when the match has a stream: the server then renders it
 * without suspending, and a navigation in the browser fetches it beside the data; on a first
 * visit the boundary keeps the server's HTML until the chunk arrives.
 */
export const LazyMatchVideo = lazyComponent(() => import("./MatchVideo"));
