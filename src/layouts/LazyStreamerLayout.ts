import { lazyComponent } from "../components/lazy-component";

/**
 * The streamer layout (only /streamer uses it) is a chunk of its own, with the account panel and
 * login form it brings: a first visit anywhere else does not download it. The /streamer page's
 * lazy route loads it with the page (src/routes/lazy-page.ts), so hydration and navigations to
 * /streamer find it ready and never suspend; the worker loads it with every lazyComponent.
 */
export const StreamerLayout = lazyComponent(() => import("./StreamerLayout"));
