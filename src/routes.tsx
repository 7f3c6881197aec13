import type { RouteObject } from "react-router";
import type { SiteData } from "./data/site-data";
import { found, notFound } from "./data/not-found";
import { params, splatSegments, teamFromParam } from "./data/route-params";
import { pageHandle } from "./layouts/page-handle";
import { RootLayout } from "./layouts/RootLayout";
import { RootError } from "./layouts/RootError";
import Home from "./pages/Home";
import NewsList from "./pages/NewsList";
import NewsArticle from "./pages/NewsArticle";
import CategoryIndex from "./pages/CategoryIndex";
import Teams from "./pages/Teams";
import Team from "./pages/Team";
import Player from "./pages/Player";
import Matches from "./pages/Matches";
import MatchCentre from "./pages/MatchCentre";
import VideosHome from "./pages/VideosHome";
import VideosBrowse from "./pages/VideosBrowse";
import VideoCategories from "./pages/VideoCategories";
import VideoFaqs from "./pages/VideoFaqs";
import VideoSubscriptions from "./pages/VideoSubscriptions";
import Video from "./pages/Video";
import Live from "./pages/Live";
import LivePlayer from "./pages/LivePlayer";
import Login from "./pages/Login";
import ContentPage from "./pages/ContentPage";
import PaymentResult from "./pages/PaymentResult";
import { newsRoute } from "./data/news-route";
import { contentPageLoader } from "./data/content-page-loader";
import { NewsRouteSwitch, PlayerRouteSwitch } from "./layouts/route-switch";

/** Content pages live at most five segments deep (spec §2 catch-all). */
const MAX_PAGE_DEPTH = 5;

/**
 * The one route table of spec §2, used by the worker (static handler) and the browser
 * (data router). `data` is D1 on the server and /api/* in the browser.
 */
export function createRoutes(data: SiteData): RouteObject[] {
  return [
    {
      id: "root",
      path: "/",
      element: <RootLayout />,
      errorElement: <RootError />,
      // The shell (menus, sponsors, settings) is fetched once; a failure leaves the static nav.
      loader: () => data.shell().catch(() => null),
      shouldRevalidate: () => false,
      children: [
        { index: true, element: <Home />, handle: pageHandle("home"), loader: () => data.home() },

        { path: "news", element: <NewsList />, handle: pageHandle("news-listing"), loader: ({ request }) => newsRoute.list(data, request, []) },
        { path: "news/*", element: <NewsArticleOrList />, handle: pageHandle("news-single"), loader: ({ request, params: p }) => newsRoute.legacy(data, request, splatSegments(p["*"], 4)) },
        { path: "category", element: <CategoryIndex />, handle: pageHandle("category"), loader: async () => ({ categories: await data.categories() }) },
        { path: "category/:category", element: <NewsList />, handle: pageHandle("category"), loader: ({ request, params: p }) => newsRoute.category(data, request, params.slug(p.category)) },

        { path: "matches", element: <Matches />, handle: pageHandle("matches"), loader: async () => found(await data.fixtures("")) },
        {
          path: "matches/:team",
          element: <Matches />,
          handle: pageHandle("matches"),
          // '/matches/2023-24' names a first-team season; anything else names a team.
          loader: async ({ params: p }) =>
            found(params.isSeason(p.team ?? "") ? await data.fixtures("", p.team) : await data.fixtures(teamFromParam(p.team))),
        },
        { path: "matches/:team/:season", element: <Matches />, handle: pageHandle("matches"), loader: async ({ params: p }) => found(await data.fixtures(teamFromParam(p.team), params.season(p.season))) },
        { path: "match/:team?/:season?/:matchID?", element: <MatchCentre />, handle: pageHandle("match-centre"), loader: ({ params: p }) => matchCentre(data, p) },

        { path: "teams", element: <Teams />, handle: pageHandle("teams"), loader: async () => ({ teams: (await data.teams()).filter((t) => t.showOnTeams) }) },
        { path: "teams/:team", element: <Team />, handle: pageHandle("team"), loader: async ({ params: p }) => found(await data.team(teamFromParam(p.team))) },
        { path: "players", element: <Team />, handle: pageHandle("team"), loader: async () => found(await data.team("")) },
        { path: "players/*", element: <PlayerOrSquad />, handle: pageHandle("player-profile"), loader: ({ params: p }) => playerRoute(data, splatSegments(p["*"], 2)) },

        { path: "videos", element: <VideosHome />, handle: pageHandle("video-listing"), loader: () => data.videoHome() },
        { path: "videos/browse", element: <VideosBrowse />, handle: pageHandle("video-category"), loader: ({ request }) => videoBrowse(data, request, undefined) },
        { path: "videos/categories", element: <VideoCategories />, handle: pageHandle("video-category"), loader: async () => ({ categories: await data.videoCategories() }) },
        { path: "videos/faqs", element: <VideoFaqs />, handle: pageHandle("faqs"), loader: async () => ({ groups: await data.faqs() }) },
        { path: "videos/subscriptions", element: <VideoSubscriptions />, handle: pageHandle("video-listing"), loader: async () => ({ packages: await data.packages() }) },
        { path: "videos/channel", element: <VideoCategories />, handle: pageHandle("video-category"), loader: async () => ({ categories: await data.videoCategories() }) },
        { path: "videos/channel/:slug", element: <VideosBrowse />, handle: pageHandle("video-category"), loader: ({ request, params: p }) => videoBrowse(data, request, params.slug(p.slug)) },
        { path: "videos/player", element: <Video />, handle: pageHandle("video-single"), loader: () => videoPage(data, undefined) },
        { path: "videos/player/:slug", element: <Video />, handle: pageHandle("video-single"), loader: ({ params: p }) => videoPage(data, p.slug) },
        { path: "videos/:videoID", element: <Video />, handle: pageHandle("video-single"), loader: ({ params: p }) => videoPage(data, p.videoID) },

        { path: "live", element: <Live />, handle: pageHandle("video-listing"), loader: async () => ({ assets: await data.liveAssets() }) },
        { path: "live/:mediaType/:assetID?", element: <LivePlayer />, handle: pageHandle("video-single"), loader: ({ params: p }) => livePlayer(data, p.mediaType, p.assetID) },

        { path: "account/login", element: <Login />, handle: pageHandle("login") },
        { path: "payment-successful", element: <PaymentResult />, handle: pageHandle("content"), loader: async () => found(await data.page("payment-successful")) },
        { path: "payment-cancelled", element: <PaymentResult />, handle: pageHandle("content"), loader: async () => found(await data.page("payment-cancelled")) },
        // Legal, club information and hospitality pages come from the CMS page tree like any other page.
        { path: "*", element: <ContentPage />, handle: pageHandle("content"), loader: ({ params: p }) => contentPageLoader(data, splatSegments(p["*"], MAX_PAGE_DEPTH)) },
      ],
    },
  ];
}

/** /news/{year}/… without a slug is a dated archive listing; with one it is the article. */
function NewsArticleOrList() {
  return <NewsRouteSwitch article={<NewsArticle />} list={<NewsList />} />;
}

function PlayerOrSquad() {
  return <PlayerRouteSwitch player={<Player />} squad={<Team />} />;
}

async function matchCentre(data: SiteData, p: Record<string, string | undefined>) {
  // Optional segments fill from the left: /match/123 means the first team's match 123.
  const parts = [p.team, p.season, p.matchID].filter((s): s is string => s !== undefined);
  const last = parts.at(-1);
  const matchId = last !== undefined && /^\d+$/.test(last) ? params.id(parts.pop()) : undefined;
  if (parts.length > 2) notFound();
  const [first, second] = parts;
  const season = second !== undefined ? params.season(second) : first !== undefined && params.isSeason(first) ? first : undefined;
  const team = second !== undefined || (first !== undefined && !params.isSeason(first)) ? teamFromParam(first) : "";
  return found(await data.match(team, season, matchId));
}

async function playerRoute(data: SiteData, segments: string[]) {
  const [first, second] = segments;
  if (first === undefined) return { kind: "squad" as const, ...found(await data.team("")) };
  if (second !== undefined) return { kind: "player" as const, ...found(await data.player(teamFromParam(first), params.slug(second))) };
  // One segment: a first-team player, else a team's squad.
  const player = await data.player("", params.slug(first));
  if (player) return { kind: "player" as const, ...player };
  return { kind: "squad" as const, ...found(await data.team(teamFromParam(first))) };
}

async function videoBrowse(data: SiteData, request: Request, categorySlug: string | undefined) {
  const page = params.page(new URL(request.url).searchParams);
  const [categories, list] = await Promise.all([data.videoCategories(), data.videos({ category: categorySlug, page })]);
  const category = categorySlug === undefined ? null : found(categories.find((c) => c.slug === categorySlug));
  return { ...list, categories, category, page };
}

async function videoPage(data: SiteData, entryId: string | undefined) {
  const video = entryId === undefined ? (await data.videos({ page: 0, pageSize: 1 })).items[0] : await data.video(entryId);
  const found_ = found(video);
  const related = await data.videos({ category: found_.categorySlug, page: 0, pageSize: 10 });
  return { video: found_, related: related.items.filter((v) => v.entryId !== found_.entryId) };
}

async function livePlayer(data: SiteData, mediaType: string | undefined, assetID: string | undefined) {
  if (mediaType !== "audio" && mediaType !== "video") notFound();
  if (assetID !== undefined) {
    const asset = found(await data.liveAsset(assetID));
    return asset.mediaType === mediaType ? { asset } : notFound();
  }
  // Without an id, the default live entry of that media type (spec §9 'default live entry ids').
  const assets = await data.liveAssets();
  return { asset: found(assets.find((a) => a.mediaType === mediaType && a.status !== "disabled")) };
}
