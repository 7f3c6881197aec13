import { matchRoutes, type LoaderFunctionArgs, type RouteObject } from "react-router";
import type { SiteData } from "./data/site-data";
import { isPageHandle, LIST_QUERY, pageHandle, VIDEO_BROWSE_QUERY, type PageHandle } from "./layouts/page-handle";
import { RootLayout, STREAMER_ROUTE_ID } from "./layouts/RootLayout";
import { RootError } from "./layouts/RootError";
import { pages } from "./pages/lazy-pages";
import { rootLoader } from "./layouts/root.loader";
// The loaders of the `*.loader.ts` modules, each module fetched on first use (lazy-loaders.ts).
import { homeLoader } from "./pages/lazy-loaders";
import { categoryIndexLoader, categoryNewsLoader, newsListLoader, newsPathLoader } from "./pages/lazy-loaders";
import { fixturesLoader, matchCentreLoader } from "./pages/lazy-loaders";
import { playersPathLoader, squadLoader, teamsLoader } from "./pages/lazy-loaders";
import { faqsLoader, packagesLoader, videoBrowseLoader, videoCategoriesLoader, videoHomeLoader, videoLoader } from "./pages/lazy-loaders";
import { liveLoader, livePlayerLoader } from "./pages/lazy-loaders";
import { contentPageLoader, paymentPageLoader, streamerLoader } from "./pages/lazy-loaders";

type Loader = (args: LoaderFunctionArgs, data: SiteData) => Promise<unknown>;

/** A page of the route table, without its data: `load` gets the data when createRoutes binds it. */
interface PageRoute {
  path?: string;
  index?: true;
  id?: string;
  lazy: (typeof pages)[keyof typeof pages];
  /** the header style's page kind and the query parameters the page reads */
  handle: PageHandle;
  load?: Loader;
}

/**
 * The one route table of spec §2, under the root layout. A route's handle names the query
 * parameters its loader reads (src/layouts/page-handle.ts): the page cache keys on exactly those.
 */
const pageRoutes: PageRoute[] = [
  { index: true, lazy: pages.Home, handle: pageHandle("home"), load: homeLoader },

  { path: "news", lazy: pages.NewsList, handle: pageHandle("news-listing", LIST_QUERY), load: newsListLoader },
  { path: "news/*", lazy: pages.NewsArticleOrList, handle: pageHandle("news-single", LIST_QUERY), load: newsPathLoader },
  { path: "category", lazy: pages.CategoryIndex, handle: pageHandle("category"), load: categoryIndexLoader },
  { path: "category/:category", lazy: pages.NewsList, handle: pageHandle("category", LIST_QUERY), load: categoryNewsLoader },

  { path: "matches", lazy: pages.Matches, handle: pageHandle("matches"), load: fixturesLoader },
  { path: "matches/:team", lazy: pages.Matches, handle: pageHandle("matches"), load: fixturesLoader },
  { path: "matches/:team/:season", lazy: pages.Matches, handle: pageHandle("matches"), load: fixturesLoader },
  { path: "match/:team?/:season?/:matchID?", lazy: pages.MatchCentre, handle: pageHandle("match-centre"), load: matchCentreLoader },

  { path: "teams", lazy: pages.Teams, handle: pageHandle("teams"), load: teamsLoader },
  { path: "teams/:team", lazy: pages.Team, handle: pageHandle("team"), load: squadLoader },
  { path: "players", lazy: pages.Team, handle: pageHandle("team"), load: squadLoader },
  { path: "players/*", lazy: pages.PlayerOrSquad, handle: pageHandle("player-profile"), load: playersPathLoader },

  { path: "videos", lazy: pages.VideosHome, handle: pageHandle("video-listing"), load: videoHomeLoader },
  { path: "videos/browse", lazy: pages.VideosBrowse, handle: pageHandle("video-category", VIDEO_BROWSE_QUERY), load: videoBrowseLoader },
  { path: "videos/categories", lazy: pages.VideoCategories, handle: pageHandle("video-category"), load: videoCategoriesLoader },
  { path: "videos/faqs", lazy: pages.VideoFaqs, handle: pageHandle("faqs"), load: faqsLoader },
  { path: "videos/subscriptions", lazy: pages.VideoSubscriptions, handle: pageHandle("video-listing"), load: packagesLoader },
  { path: "videos/channel", lazy: pages.VideoCategories, handle: pageHandle("video-category"), load: videoCategoriesLoader },
  { path: "videos/channel/:slug", lazy: pages.VideosBrowse, handle: pageHandle("video-category", VIDEO_BROWSE_QUERY), load: videoBrowseLoader },
  { path: "videos/player", lazy: pages.Video, handle: pageHandle("video-single"), load: videoLoader },
  { path: "videos/player/:slug", lazy: pages.Video, handle: pageHandle("video-single"), load: videoLoader },
  { path: "videos/:videoID", lazy: pages.Video, handle: pageHandle("video-single"), load: videoLoader },

  { path: "live", lazy: pages.Live, handle: pageHandle("video-listing"), load: liveLoader },
  { path: "live/:mediaType/:assetID?", lazy: pages.LivePlayer, handle: pageHandle("video-single"), load: livePlayerLoader },

  { path: "account/login", lazy: pages.Login, handle: pageHandle("login") },
  // The streamer layout (src/layouts/StreamerLayout.tsx; RootLayout picks it by this id).
  { id: STREAMER_ROUTE_ID, path: "streamer", lazy: pages.Streamer, handle: pageHandle("video-listing"), load: streamerLoader },
  { path: "payment-successful", lazy: pages.PaymentResult, handle: pageHandle("content"), load: paymentPageLoader },
  { path: "payment-cancelled", lazy: pages.PaymentResult, handle: pageHandle("content"), load: paymentPageLoader },
  // Legal, club information and hospitality pages come from the CMS page tree like any other page.
  { path: "*", lazy: pages.ContentPage, handle: pageHandle("content"), load: contentPageLoader },
];

/**
 * The route table of spec §2, used by the worker (static handler) and the browser
 * (data router). `data` is D1 on the server and /api/* in the browser; each loader lives in its
 * route family's module beside the pages (`*.loader.ts`) and takes it as its second argument.
 */
export function createRoutes(data: SiteData): RouteObject[] {
  // Keys a route does not have stay absent, as react-router expects of lazy routes.
  const bound = ({ id, load }: PageRoute) => ({ ...(id ? { id } : {}), ...(load ? { loader: (args: LoaderFunctionArgs) => load(args, data) } : {}) });
  return [
    {
      id: "root",
      path: "/",
      element: <RootLayout />,
      errorElement: <RootError />,
      loader: (args: LoaderFunctionArgs) => rootLoader(args, data),
      shouldRevalidate: () => false,
      children: pageRoutes.map((route): RouteObject => {
        const { index, path, lazy, handle } = route;
        const withModules = { ...handle, modules: lazy.modules };
        return index ? { index, lazy, handle: withModules, ...bound(route) } : { path, lazy, handle: withModules, ...bound(route) };
      }),
    },
  ];
}

/** The routes' shapes only, to match a path without loaders or data. */
const matchTable: RouteObject[] = [{ path: "/", children: pageRoutes.map(({ index, path, handle }): RouteObject => (index ? { index, handle } : { path, handle })) }];

/** The handle of the page `pathname` renders (the catch-all's when nothing else matches). */
export function pageHandleAt(pathname: string): PageHandle | undefined {
  const handle: unknown = matchRoutes(matchTable, pathname)?.at(-1)?.route.handle;
  return isPageHandle(handle) ? handle : undefined;
}
