import { LIST_QUERY, pageHandle } from "../../layouts/page-handle";
import { NewsRouteSwitch } from "../../layouts/route-switch";
import { lazyPage, page } from "../lazy-page";
import type { PageRoute } from "../page-route";

const NewsList = page("NewsList", () => import("./NewsList"));
/** /news/{year}/… is an article or a dated listing, decided by the loader's `kind`. */
const NewsArticleOrList = lazyPage(["NewsArticle", "NewsList"], async () => {
  const [{ default: Article }, { default: List }] = await Promise.all([import("./NewsArticle"), import("./NewsList")]);
  return () => <NewsRouteSwitch article={<Article />} list={<List />} />;
});

/** News listings, articles (/news/{year}/… is either) and categories. */
export const newsRoutes: PageRoute[] = [
  { path: "news", page: NewsList, handle: pageHandle("news-listing", LIST_QUERY), data: true },
  { path: "news/preview/:id", page: page("NewsPreview", () => import("./NewsPreview")), handle: pageHandle("news-single"), data: true },
  { path: "news/*", page: NewsArticleOrList, handle: pageHandle("news-single", LIST_QUERY), data: true },
  { path: "category", page: page("CategoryIndex", () => import("./CategoryIndex")), handle: pageHandle("category"), data: true },
  { path: "category/:category", page: NewsList, handle: pageHandle("category", LIST_QUERY), data: true },
];
