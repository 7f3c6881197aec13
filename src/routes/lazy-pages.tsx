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
  Home: page("Home", () => import("./Home")),
  NewsList: page("NewsList", () => import("./NewsList")),
  CategoryIndex: page("CategoryIndex", () => import("./CategoryIndex")),
  Teams: page("Teams", () => import("./Teams")),
  Team: page("Team", () => import("./Team")),
  Matches: page("Matches", () => import("./Matches")),
  MatchCentre: page("MatchCentre", () => import("./MatchCentre")),
  VideosHome: page("VideosHome", () => import("./VideosHome")),
  VideosBrowse: page("VideosBrowse", () => import("./VideosBrowse")),
  VideoCategories: page("VideoCategories", () => import("./VideoCategories")),
  VideoFaqs: page("VideoFaqs", () => import("./VideoFaqs")),
  VideoSubscriptions: page("VideoSubscriptions", () => import("./VideoSubscriptions")),
  Video: page("Video", () => import("./Video")),
  Live: page("Live", () => import("./Live")),
  LivePlayer: page("LivePlayer", () => import("./LivePlayer")),
  Login: page("Login", () => import("./Login")),
  ContentPage: page("ContentPage", () => import("./ContentPage")),
  PaymentResult: page("PaymentResult", () => import("./PaymentResult")),
  Console: page("Console", () => import("./Console")),
  ConsoleRevenue: page("ConsoleRevenue", () => import("./ConsoleRevenue")),
  ConsoleAccounts: page("ConsoleAccounts", () => import("./ConsoleAccounts")),
  ConsoleAccount: page("ConsoleAccount", () => import("./ConsoleAccount")),
  ConsoleWebhooks: page("ConsoleWebhooks", () => import("./ConsoleWebhooks")),
  ConsoleContent: page("ConsoleContent", () => import("./ConsoleContent")),
  ConsoleAudit: page("ConsoleAudit", () => import("./ConsoleAudit")),
  /** The streamer layout's chunk comes with the page, so RootLayout has it before it renders. */
  Streamer: lazyPage(["Streamer"], async () => {
    const [{ default: Streamer }] = await Promise.all([import("./Streamer"), StreamerLayout.preload()]);
    return Streamer;
  }),

  /** /news/{year}/… is an article or a dated listing, decided by the loader's `kind`. */
  NewsArticleOrList: lazyPage(["NewsArticle", "NewsList"], async () => {
    const [{ default: Article }, { default: List }] = await Promise.all([import("./NewsArticle"), import("./NewsList")]);
    return () => <NewsRouteSwitch article={<Article />} list={<List />} />;
  }),
  /** /players/{x} is a player or a team's squad. */
  PlayerOrSquad: lazyPage(["Player", "Team"], async () => {
    const [{ default: Player }, { default: Squad }] = await Promise.all([import("./Player"), import("./Team")]);
    return () => <PlayerRouteSwitch player={<Player />} squad={<Squad />} />;
  }),
};
