import type { LoaderFunctionArgs } from "react-router";
import type { SiteData } from "../data/site-data";

/**
 * The route loaders of src/routes.tsx, each fetched with its module on first use. A first visit
 * runs no loader in the browser (the server's data comes with the page), so their code, the
 * route-parameter rules and the video filters stay out of what it downloads; a later navigation
 * fetches a family's loader module beside the page's own chunk. Same names and types as the
 * modules beside the pages (`*.loader.ts`), where pages take their `typeof loader` from.
 */
type Loader<T> = (args: LoaderFunctionArgs, data: SiteData) => Promise<T>;

function lazyLoader<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] extends Loader<infer T> ? Loader<T> : never {
  const loader: Loader<unknown> = async (args, data) => ((await load())[name] as Loader<unknown>)(args, data);
  return loader as M[K] extends Loader<infer T> ? Loader<T> : never;
}

const home = () => import("./home.loader");
const news = () => import("./news.loader");
const matches = () => import("./matches.loader");
const teams = () => import("./teams.loader");
const videos = () => import("./videos.loader");
const live = () => import("./live.loader");
const content = () => import("./content.loader");
const streamer = () => import("./streamer.loader");

export const homeLoader = lazyLoader(home, "homeLoader");
export const categoryIndexLoader = lazyLoader(news, "categoryIndexLoader");
export const categoryNewsLoader = lazyLoader(news, "categoryNewsLoader");
export const newsListLoader = lazyLoader(news, "newsListLoader");
export const newsPathLoader = lazyLoader(news, "newsPathLoader");
export const fixturesLoader = lazyLoader(matches, "fixturesLoader");
export const matchCentreLoader = lazyLoader(matches, "matchCentreLoader");
export const playersPathLoader = lazyLoader(teams, "playersPathLoader");
export const squadLoader = lazyLoader(teams, "squadLoader");
export const teamsLoader = lazyLoader(teams, "teamsLoader");
export const faqsLoader = lazyLoader(videos, "faqsLoader");
export const packagesLoader = lazyLoader(videos, "packagesLoader");
export const videoBrowseLoader = lazyLoader(videos, "videoBrowseLoader");
export const videoCategoriesLoader = lazyLoader(videos, "videoCategoriesLoader");
export const videoHomeLoader = lazyLoader(videos, "videoHomeLoader");
export const videoLoader = lazyLoader(videos, "videoLoader");
export const liveLoader = lazyLoader(live, "liveLoader");
export const livePlayerLoader = lazyLoader(live, "livePlayerLoader");
export const contentPageLoader = lazyLoader(content, "contentPageLoader");
export const paymentPageLoader = lazyLoader(content, "paymentPageLoader");
export const streamerLoader = lazyLoader(streamer, "streamerLoader");
