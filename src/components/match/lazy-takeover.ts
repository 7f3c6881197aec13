import { lazyComponent } from "../lazy-component";

/**
 * The match-day takeover's code (the component, the live socket, the countdown) is a chunk of its
 * own: a first visit to `/` with no match in its window never downloads it. The home page's
 * loader preloads it when it chooses a match (so the worker's render and a client-side
 * navigation never suspend on it); a first visit's hydration fetches it as it reaches it.
 */
export const MatchdayTakeover = lazyComponent(() => import("./MatchdayTakeover"));
