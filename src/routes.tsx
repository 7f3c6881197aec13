import type { LoaderFunctionArgs, RouteObject } from "react-router";
import type { SiteData } from "./data/site-data";
import { pageHandle } from "./layouts/page-handle";
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

/**
 * The one route table of spec §2, used by the worker (static handler) and the browser
 * (data router). `data` is D1 on the server and /api/* in the browser; each loader lives in its
 * route family's module beside the pages (`*.loader.ts`) and takes it as its second argument.
 */
export function createRoutes(data: SiteData): RouteObject[] {
  const withData =
    <T,>(loader: (args: LoaderFunctionArgs, data: SiteData) => Promise<T>) =>
    (args: LoaderFunctionArgs) =>
      loader(args, data);

  return [
    {
      id: "root",
      path: "/",
      element: <RootLayout />,
      errorElement: <RootError />,
      loader: withData(rootLoader),
      shouldRevalidate: () => false,
      children: [
        { index: true, lazy: pages.Home, handle: pageHandle("home"), loader: withData(homeLoader) },

        { path: "news", lazy: pages.NewsList, handle: pageHandle("news-listing"), loader: withData(newsListLoader) },
        { path: "news/*", lazy: pages.NewsArticleOrList, handle: pageHandle("news-single"), loader: withData(newsPathLoader) },
        { path: "category", lazy: pages.CategoryIndex, handle: pageHandle("category"), loader: withData(categoryIndexLoader) },
        { path: "category/:category", lazy: pages.NewsList, handle: pageHandle("category"), loader: withData(categoryNewsLoader) },

        { path: "matches", lazy: pages.Matches, handle: pageHandle("matches"), loader: withData(fixturesLoader) },
        { path: "matches/:team", lazy: pages.Matches, handle: pageHandle("matches"), loader: withData(fixturesLoader) },
        { path: "matches/:team/:season", lazy: pages.Matches, handle: pageHandle("matches"), loader: withData(fixturesLoader) },
        { path: "match/:team?/:season?/:matchID?", lazy: pages.MatchCentre, handle: pageHandle("match-centre"), loader: withData(matchCentreLoader) },

        { path: "teams", lazy: pages.Teams, handle: pageHandle("teams"), loader: withData(teamsLoader) },
        { path: "teams/:team", lazy: pages.Team, handle: pageHandle("team"), loader: withData(squadLoader) },
        { path: "players", lazy: pages.Team, handle: pageHandle("team"), loader: withData(squadLoader) },
        { path: "players/*", lazy: pages.PlayerOrSquad, handle: pageHandle("player-profile"), loader: withData(playersPathLoader) },

        { path: "videos", lazy: pages.VideosHome, handle: pageHandle("video-listing"), loader: withData(videoHomeLoader) },
        { path: "videos/browse", lazy: pages.VideosBrowse, handle: pageHandle("video-category"), loader: withData(videoBrowseLoader) },
        { path: "videos/categories", lazy: pages.VideoCategories, handle: pageHandle("video-category"), loader: withData(videoCategoriesLoader) },
        { path: "videos/faqs", lazy: pages.VideoFaqs, handle: pageHandle("faqs"), loader: withData(faqsLoader) },
        { path: "videos/subscriptions", lazy: pages.VideoSubscriptions, handle: pageHandle("video-listing"), loader: withData(packagesLoader) },
        { path: "videos/channel", lazy: pages.VideoCategories, handle: pageHandle("video-category"), loader: withData(videoCategoriesLoader) },
        { path: "videos/channel/:slug", lazy: pages.VideosBrowse, handle: pageHandle("video-category"), loader: withData(videoBrowseLoader) },
        { path: "videos/player", lazy: pages.Video, handle: pageHandle("video-single"), loader: withData(videoLoader) },
        { path: "videos/player/:slug", lazy: pages.Video, handle: pageHandle("video-single"), loader: withData(videoLoader) },
        { path: "videos/:videoID", lazy: pages.Video, handle: pageHandle("video-single"), loader: withData(videoLoader) },

        { path: "live", lazy: pages.Live, handle: pageHandle("video-listing"), loader: withData(liveLoader) },
        { path: "live/:mediaType/:assetID?", lazy: pages.LivePlayer, handle: pageHandle("video-single"), loader: withData(livePlayerLoader) },

        { path: "account/login", lazy: pages.Login, handle: pageHandle("login") },
        // The streamer layout (src/layouts/StreamerLayout.tsx; RootLayout picks it by this id).
        { id: STREAMER_ROUTE_ID, path: "streamer", lazy: pages.Streamer, handle: pageHandle("video-listing"), loader: withData(streamerLoader) },
        { path: "payment-successful", lazy: pages.PaymentResult, handle: pageHandle("content"), loader: withData(paymentPageLoader) },
        { path: "payment-cancelled", lazy: pages.PaymentResult, handle: pageHandle("content"), loader: withData(paymentPageLoader) },
        // Legal, club information and hospitality pages come from the CMS page tree like any other page.
        { path: "*", lazy: pages.ContentPage, handle: pageHandle("content"), loader: withData(contentPageLoader) },
      ],
    },
  ];
}
