import { LIST_QUERY, pageHandle } from "../../layouts/page-handle";
import { pages } from "../lazy-pages";
import { loaderFrom, type PageRoute } from "../page-route";

const news = () => import("./news.loader");

/** News listings, articles (/news/{year}/… is either) and categories. */
export const newsRoutes: PageRoute[] = [
  { path: "news", page: pages.NewsList, handle: pageHandle("news-listing", LIST_QUERY), loader: loaderFrom(news, "newsListLoader") },
  { path: "news/*", page: pages.NewsArticleOrList, handle: pageHandle("news-single", LIST_QUERY), loader: loaderFrom(news, "newsPathLoader") },
  { path: "category", page: pages.CategoryIndex, handle: pageHandle("category"), loader: loaderFrom(news, "categoryIndexLoader") },
  { path: "category/:category", page: pages.NewsList, handle: pageHandle("category", LIST_QUERY), loader: loaderFrom(news, "categoryNewsLoader") },
];
