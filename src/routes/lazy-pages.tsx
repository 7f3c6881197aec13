import type { ComponentType } from "react";
import { NewsRouteSwitch, PlayerRouteSwitch } from "../layouts/route-switch";
import { StreamerLayout } from "../layouts/LazyStreamerLayout";
import { loadingRegions } from "../components/lower-region/lower-region";

/**
 * Every page is its own chunk in the browser: a first visit downloads only the page it lands on,
 * and later navigations fetch a page's code in parallel with its data. The worker resolves these
 * before rendering; the client entry resolves the landing page's before hydrating.
 */
type PageModule = { default: ComponentType };
/**
 * A page: `Component` is its route's lazy `Component` (react-router's object form of `lazy`);
 * `modules` names the page files, so the worker can preload their chunks and link their
 * stylesheets (the route handle carries them: worker/pages/assets.ts, src/app/route-styles.tsx).
 */
interface LazyPage {
  modules: string[];
  Component: () => Promise<ComponentType>;
}

/**
 * A page's lower regions (src/components/lower-region/) load with its chunk during a navigation,
 * so they are there when the page first shows; at hydration they wait to be wanted.
 */
const lazyPage = (modules: string[], load: () => Promise<ComponentType>): LazyPage => ({
  modules,
  Component: async () => {
    const Component = await load();
    await loadingRegions();
    return Component;
  },
});
const page = (name: string, load: () => Promise<PageModule>) => lazyPage([name], async () => (await load()).default);

export const pages = {
  Home: page("Home", () => import("./home/Home")),
  NewsList: page("NewsList", () => import("./news/NewsList")),
  CategoryIndex: page("CategoryIndex", () => import("./news/CategoryIndex")),
  Teams: page("Teams", () => import("./teams/Teams")),
  Team: page("Team", () => import("./teams/Team")),
  Matches: page("Matches", () => import("./matches/Matches")),
  MatchCentre: page("MatchCentre", () => import("./matches/MatchCentre")),
  VideosHome: page("VideosHome", () => import("./videos/VideosHome")),
  VideosBrowse: page("VideosBrowse", () => import("./videos/VideosBrowse")),
  VideoCategories: page("VideoCategories", () => import("./videos/VideoCategories")),
  VideoFaqs: page("VideoFaqs", () => import("./videos/VideoFaqs")),
  VideoSubscriptions: page("VideoSubscriptions", () => import("./videos/VideoSubscriptions")),
  Video: page("Video", () => import("./videos/Video")),
  Live: page("Live", () => import("./live/Live")),
  LivePlayer: page("LivePlayer", () => import("./live/LivePlayer")),
  Login: page("Login", () => import("./account/Login")),
  ContentPage: page("ContentPage", () => import("./content/ContentPage")),
  PaymentResult: page("PaymentResult", () => import("./account/PaymentResult")),
  Console: page("Console", () => import("./console/Console")),
  ConsoleRevenue: page("ConsoleRevenue", () => import("./console/ConsoleRevenue")),
  ConsoleAccounts: page("ConsoleAccounts", () => import("./console/ConsoleAccounts")),
  ConsoleAccount: page("ConsoleAccount", () => import("./console/ConsoleAccount")),
  ConsoleWebhooks: page("ConsoleWebhooks", () => import("./console/ConsoleWebhooks")),
  ConsoleContent: page("ConsoleContent", () => import("./console/ConsoleContent")),
  ConsoleAudit: page("ConsoleAudit", () => import("./console/ConsoleAudit")),
  ConsoleStaff: page("ConsoleStaff", () => import("./console/ConsoleStaff")),
  /** The streamer layout's chunk comes with the page, so RootLayout has it before it renders. */
  Streamer: lazyPage(["Streamer"], async () => {
    const [{ default: Streamer }] = await Promise.all([import("./videos/Streamer"), StreamerLayout.preload()]);
    return Streamer;
  }),

  /** /news/{year}/… is an article or a dated listing, decided by the loader's `kind`. */
  NewsArticleOrList: lazyPage(["NewsArticle", "NewsList"], async () => {
    const [{ default: Article }, { default: List }] = await Promise.all([import("./news/NewsArticle"), import("./news/NewsList")]);
    return () => <NewsRouteSwitch article={<Article />} list={<List />} />;
  }),
  /** /players/{x} is a player or a team's squad. */
  PlayerOrSquad: lazyPage(["Player", "Team"], async () => {
    const [{ default: Player }, { default: Squad }] = await Promise.all([import("./teams/Player"), import("./teams/Team")]);
    return () => <PlayerRouteSwitch player={<Player />} squad={<Squad />} />;
  }),
};
