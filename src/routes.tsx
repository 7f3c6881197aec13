import type { RouteObject } from "react-router";
import type { SiteData } from "./data/site-data";
import { found, notFound } from "./data/not-found";
import { params, splatSegments, teamFromParam } from "./data/route-params";
import { pageHandle } from "./layouts/page-handle";
import { RootLayout } from "./layouts/RootLayout";
import { RootError } from "./layouts/RootError";
import { newsRoute } from "./data/news-route";
import { contentPageLoader } from "./data/content-page-loader";
import { pages } from "./pages/lazy-pages";
import { parseVideoFilter } from "./data/video-filter";

/** Spec §9: the player sidebar and the related list show 10 videos (page 0). */
const RELATED_COUNT = 10;

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
        { index: true, lazy: pages.Home, handle: pageHandle("home"), loader: () => data.home() },

        { path: "news", lazy: pages.NewsList, handle: pageHandle("news-listing"), loader: ({ request }) => newsRoute.list(data, request, []) },
        { path: "news/*", lazy: pages.NewsArticleOrList, handle: pageHandle("news-single"), loader: ({ request, params: p }) => newsRoute.legacy(data, request, splatSegments(p["*"], 4)) },
        { path: "category", lazy: pages.CategoryIndex, handle: pageHandle("category"), loader: async () => ({ categories: await data.categories() }) },
        { path: "category/:category", lazy: pages.NewsList, handle: pageHandle("category"), loader: ({ request, params: p }) => newsRoute.category(data, request, params.slug(p.category)) },

        { path: "matches", lazy: pages.Matches, handle: pageHandle("matches"), loader: async () => found(await data.fixtures("")) },
        {
          path: "matches/:team",
          lazy: pages.Matches,
          handle: pageHandle("matches"),
          // '/matches/2023-24' names a first-team season; anything else names a team.
          loader: async ({ params: p }) =>
            found(params.isSeason(p.team ?? "") ? await data.fixtures("", p.team) : await data.fixtures(teamFromParam(p.team))),
        },
        { path: "matches/:team/:season", lazy: pages.Matches, handle: pageHandle("matches"), loader: async ({ params: p }) => found(await data.fixtures(teamFromParam(p.team), params.season(p.season))) },
        { path: "match/:team?/:season?/:matchID?", lazy: pages.MatchCentre, handle: pageHandle("match-centre"), loader: ({ params: p }) => matchCentre(data, p) },

        { path: "teams", lazy: pages.Teams, handle: pageHandle("teams"), loader: async () => ({ teams: (await data.teams()).filter((t) => t.showOnTeams) }) },
        { path: "teams/:team", lazy: pages.Team, handle: pageHandle("team"), loader: async ({ params: p }) => found(await data.team(teamFromParam(p.team))) },
        { path: "players", lazy: pages.Team, handle: pageHandle("team"), loader: async () => found(await data.team("")) },
        { path: "players/*", lazy: pages.PlayerOrSquad, handle: pageHandle("player-profile"), loader: ({ params: p }) => playerRoute(data, splatSegments(p["*"], 2)) },

        { path: "videos", lazy: pages.VideosHome, handle: pageHandle("video-listing"), loader: () => data.videoHome() },
        { path: "videos/browse", lazy: pages.VideosBrowse, handle: pageHandle("video-category"), loader: ({ request }) => videoBrowse(data, request, undefined) },
        { path: "videos/categories", lazy: pages.VideoCategories, handle: pageHandle("video-category"), loader: async () => ({ categories: await data.videoCategories() }) },
        { path: "videos/faqs", lazy: pages.VideoFaqs, handle: pageHandle("faqs"), loader: async () => ({ groups: await data.faqs() }) },
        { path: "videos/subscriptions", lazy: pages.VideoSubscriptions, handle: pageHandle("video-listing"), loader: async () => ({ packages: await data.packages() }) },
        { path: "videos/channel", lazy: pages.VideoCategories, handle: pageHandle("video-category"), loader: async () => ({ categories: await data.videoCategories() }) },
        { path: "videos/channel/:slug", lazy: pages.VideosBrowse, handle: pageHandle("video-category"), loader: ({ request, params: p }) => videoBrowse(data, request, params.slug(p.slug)) },
        { path: "videos/player", lazy: pages.Video, handle: pageHandle("video-single"), loader: () => videoPage(data, undefined) },
        { path: "videos/player/:slug", lazy: pages.Video, handle: pageHandle("video-single"), loader: ({ params: p }) => videoPage(data, p.slug) },
        { path: "videos/:videoID", lazy: pages.Video, handle: pageHandle("video-single"), loader: ({ params: p }) => videoPage(data, p.videoID) },

        { path: "live", lazy: pages.Live, handle: pageHandle("video-listing"), loader: async () => ({ assets: await data.liveAssets() }) },
        { path: "live/:mediaType/:assetID?", lazy: pages.LivePlayer, handle: pageHandle("video-single"), loader: ({ params: p }) => livePlayer(data, p.mediaType, p.assetID) },

        { path: "account/login", lazy: pages.Login, handle: pageHandle("login") },
        { path: "payment-successful", lazy: pages.PaymentResult, handle: pageHandle("content"), loader: async () => found(await data.page("payment-successful")) },
        { path: "payment-cancelled", lazy: pages.PaymentResult, handle: pageHandle("content"), loader: async () => found(await data.page("payment-cancelled")) },
        // Legal, club information and hospitality pages come from the CMS page tree like any other page.
        { path: "*", lazy: pages.ContentPage, handle: pageHandle("content"), loader: ({ params: p }) => contentPageLoader(data, splatSegments(p["*"], MAX_PAGE_DEPTH)) },
      ],
    },
  ];
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
  const search = new URL(request.url).searchParams;
  const page = params.page(search);
  const filter = parseVideoFilter(search);
  const [categories, list] = await Promise.all([data.videoCategories(), data.videos({ category: categorySlug, page, ...filter })]);
  const category = categorySlug === undefined ? null : found(categories.find((c) => c.slug === categorySlug));
  return { ...list, categories, category, page, filter };
}

async function videoPage(data: SiteData, entryId: string | undefined) {
  const video = entryId === undefined ? (await data.videos({ page: 0, pageSize: 1 })).items[0] : await data.video(entryId);
  const found_ = found(video);
  // One more than the sidebar shows (spec §9: 10), so it still has 10 once the video itself is left out.
  const related = await data.videos({ category: found_.categorySlug, page: 0, pageSize: RELATED_COUNT + 1 });
  return { video: found_, related: related.items.filter((v) => v.entryId !== found_.entryId).slice(0, RELATED_COUNT) };
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
