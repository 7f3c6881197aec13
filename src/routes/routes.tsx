import { matchRoutes, type LoaderFunctionArgs, type RouteObject } from "react-router";
import type { SiteData } from "../data/site-data";
import { isPageHandle, LIST_QUERY, pageHandle, VIDEO_BROWSE_QUERY, type PageHandle } from "../layouts/page-handle";
import { RootLayout, STREAMER_ROUTE_ID } from "../layouts/RootLayout";
import { RootError } from "../layouts/RootError";
import { pages } from "./lazy-pages";
import { takeKeptPage } from "../layouts/child-view/kept-page";

/** A route's loader: it runs on the server only, over the worker's SiteData (D1/KV). */
export type Loader = (args: LoaderFunctionArgs, data: SiteData) => Promise<unknown>;

/**
 * How a route gets its data. The worker imports the route's loader module and runs it; the browser
 * asks the worker for that route's result (client/route-data.ts) and never downloads a loader.
 */
export type LoadRoute = (args: LoaderFunctionArgs, route: { id: string; loader: () => Promise<Loader> }) => Promise<unknown>;

/** A page of the route table, without its data: createRoutes gives it its `load`. */
interface PageRoute {
  path?: string;
  index?: true;
  id?: string;
  page: (typeof pages)[keyof typeof pages];
  /** the header style's page kind and the query parameters the page reads */
  handle: PageHandle;
  /** imports the route family's `*.loader.ts` module (its own chunk in the browser) and picks the loader */
  loader?: () => Promise<Loader>;
}

// Each family's loader module, fetched on first use (see createRoutes).
const home = () => import("./home.loader");
const news = () => import("./news.loader");
const matches = () => import("./matches.loader");
const teams = () => import("./teams.loader");
const videos = () => import("./videos.loader");
const live = () => import("./live.loader");
const content = () => import("./content.loader");
const streamer = () => import("./streamer.loader");
const clubConsole = () => import("./console.loader");
const consoleAccounts = () => import("./console-accounts.loader");
const consoleWebhooks = () => import("./console-webhooks.loader");
const consoleContent = () => import("./console-content.loader");

/**
 * The one route table of spec §2, under the root layout. A route's handle names the query
 * parameters its loader reads (src/layouts/page-handle.ts): the page cache keys on exactly those.
 */
const pageRoutes: PageRoute[] = [
  { index: true, page: pages.Home, handle: pageHandle("home"), loader: () => home().then((m) => m.homeLoader) },

  { path: "news", page: pages.NewsList, handle: pageHandle("news-listing", LIST_QUERY), loader: () => news().then((m) => m.newsListLoader) },
  { path: "news/*", page: pages.NewsArticleOrList, handle: pageHandle("news-single", LIST_QUERY), loader: () => news().then((m) => m.newsPathLoader) },
  { path: "category", page: pages.CategoryIndex, handle: pageHandle("category"), loader: () => news().then((m) => m.categoryIndexLoader) },
  { path: "category/:category", page: pages.NewsList, handle: pageHandle("category", LIST_QUERY), loader: () => news().then((m) => m.categoryNewsLoader) },

  { path: "matches", page: pages.Matches, handle: pageHandle("matches"), loader: () => matches().then((m) => m.fixturesLoader) },
  { path: "matches/:team", page: pages.Matches, handle: pageHandle("matches"), loader: () => matches().then((m) => m.fixturesLoader) },
  { path: "matches/:team/:season", page: pages.Matches, handle: pageHandle("matches"), loader: () => matches().then((m) => m.fixturesLoader) },
  { path: "match/:team?/:season?/:matchID?", page: pages.MatchCentre, handle: pageHandle("match-centre"), loader: () => matches().then((m) => m.matchCentreLoader) },

  { path: "teams", page: pages.Teams, handle: pageHandle("teams"), loader: () => teams().then((m) => m.teamsLoader) },
  { path: "teams/:team", page: pages.Team, handle: pageHandle("team"), loader: () => teams().then((m) => m.squadLoader) },
  { path: "players", page: pages.Team, handle: pageHandle("team"), loader: () => teams().then((m) => m.squadLoader) },
  { path: "players/*", page: pages.PlayerOrSquad, handle: pageHandle("player-profile"), loader: () => teams().then((m) => m.playersPathLoader) },

  { path: "videos", page: pages.VideosHome, handle: pageHandle("video-listing"), loader: () => videos().then((m) => m.videoHomeLoader) },
  { path: "videos/browse", page: pages.VideosBrowse, handle: pageHandle("video-category", VIDEO_BROWSE_QUERY), loader: () => videos().then((m) => m.videoBrowseLoader) },
  { path: "videos/categories", page: pages.VideoCategories, handle: pageHandle("video-category"), loader: () => videos().then((m) => m.videoCategoriesLoader) },
  { path: "videos/faqs", page: pages.VideoFaqs, handle: pageHandle("faqs"), loader: () => videos().then((m) => m.faqsLoader) },
  { path: "videos/subscriptions", page: pages.VideoSubscriptions, handle: pageHandle("video-listing"), loader: () => videos().then((m) => m.packagesLoader) },
  { path: "videos/channel", page: pages.VideoCategories, handle: pageHandle("video-category"), loader: () => videos().then((m) => m.videoCategoriesLoader) },
  { path: "videos/channel/:slug", page: pages.VideosBrowse, handle: pageHandle("video-category", VIDEO_BROWSE_QUERY), loader: () => videos().then((m) => m.videoBrowseLoader) },
  { path: "videos/player", page: pages.Video, handle: pageHandle("video-single"), loader: () => videos().then((m) => m.videoLoader) },
  { path: "videos/player/:slug", page: pages.Video, handle: pageHandle("video-single"), loader: () => videos().then((m) => m.videoLoader) },
  { path: "videos/:videoID", page: pages.Video, handle: pageHandle("video-single"), loader: () => videos().then((m) => m.videoLoader) },

  { path: "live", page: pages.Live, handle: pageHandle("video-listing"), loader: () => live().then((m) => m.liveLoader) },
  { path: "live/:mediaType/:assetID?", page: pages.LivePlayer, handle: pageHandle("video-single"), loader: () => live().then((m) => m.livePlayerLoader) },

  { path: "account/login", page: pages.Login, handle: pageHandle("login") },
  // The streamer layout (src/layouts/StreamerLayout.tsx; RootLayout picks it by this id).
  { id: STREAMER_ROUTE_ID, path: "streamer", page: pages.Streamer, handle: pageHandle("video-listing"), loader: () => streamer().then((m) => m.streamerLoader) },
  { path: "payment-successful", page: pages.PaymentResult, handle: pageHandle("content"), loader: () => content().then((m) => m.paymentPageLoader) },
  { path: "payment-cancelled", page: pages.PaymentResult, handle: pageHandle("content"), loader: () => content().then((m) => m.paymentPageLoader) },
  // The club's console: staff only; the worker renders it past the page cache (worker/console/).
  { path: "admin", page: pages.Console, handle: pageHandle("content"), loader: () => clubConsole().then((m) => m.liveNowLoader) },
  { path: "admin/revenue", page: pages.ConsoleRevenue, handle: pageHandle("content"), loader: () => clubConsole().then((m) => m.revenueLoader) },
  { path: "admin/accounts", page: pages.ConsoleAccounts, handle: pageHandle("content"), loader: () => consoleAccounts().then((m) => m.accountsLoader) },
  { path: "admin/accounts/:ssoID", page: pages.ConsoleAccount, handle: pageHandle("content"), loader: () => consoleAccounts().then((m) => m.accountLoader) },
  { path: "admin/webhooks", page: pages.ConsoleWebhooks, handle: pageHandle("content"), loader: () => consoleWebhooks().then((m) => m.webhooksLoader) },
  { path: "admin/content/:kind?", page: pages.ConsoleContent, handle: pageHandle("content"), loader: () => consoleContent().then((m) => m.contentLoader) },
  { path: "admin/audit", page: pages.ConsoleAudit, handle: pageHandle("content"), loader: () => consoleContent().then((m) => m.auditLoader) },
  // Legal, club information and hospitality pages come from the CMS page tree like any other page.
  { path: "*", page: pages.ContentPage, handle: pageHandle("content"), loader: () => content().then((m) => m.contentPageLoader) },
];

/**
 * A route's id, the same on both sides and across deploys of an unchanged table: its path (the
 * index route is `home`). The browser names it when it asks the worker for the route's data.
 */
const routeIdOf = ({ id, index, path }: PageRoute): string => id ?? (index ? "home" : (path ?? ""));

/**
 * The route table of spec §2, used by the worker (static handler) and the browser (data router).
 * `load` gives a route its data: the worker runs the loader (its family's `*.loader.ts` beside the
 * pages) over D1/KV; the browser asks the worker for the result with one request per navigation.
 */
export function createRoutes(load: LoadRoute): RouteObject[] {
  // A loader is a plain function, not a key of `lazy`: the router loads every lazy key of the
  // landing page at hydration and runs what it loaded, so a first visit (whose data came with the
  // HTML) would fetch its data for nothing. Keys a route does not have stay absent, as react-router
  // expects of lazy routes.
  const bound = (route: PageRoute) => {
    const id = routeIdOf(route);
    const { loader } = route;
    return {
      id,
      // The page a news child view was open over answers its own way back (src/layouts/child-view/).
      ...(loader
        ? {
            loader: async (args: LoaderFunctionArgs) => {
              const kept = takeKeptPage(args.request.url)?.data;
              if (kept != null) return kept;
              return load(args, { id, loader });
            },
          }
        : {}),
    };
  };
  return [
    {
      id: "root",
      path: "/",
      element: <RootLayout />,
      errorElement: <RootError />,
      loader: (args: LoaderFunctionArgs) => load(args, { id: "root", loader: () => import("../layouts/root.loader").then((m) => m.rootLoader) }),
      shouldRevalidate: () => false,
      children: pageRoutes.map((route): RouteObject => {
        const { index, path, page, handle } = route;
        const lazy = { Component: page.Component };
        const withModules = { ...handle, modules: page.modules };
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
