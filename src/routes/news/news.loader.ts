import type { LoaderFunctionArgs } from "react-router";
import type { SiteData } from "../../data/site-data";
import type { Category, NewsQuery } from "../../schemas/news";
import { found, notFound } from "../../data/not-found";
import { params, splatSegments } from "../../data/route-params";
import { orLogged } from "../../data/or-logged";
import { categoryPath } from "../paths";

/** The news family of spec §2: /news, /news/* (articles and legacy dated listings), /category, /category/{slug}. */

const monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** /news/{year}/{month?}/{day?}/{slug?}: at most four segments. */
const MAX_NEWS_SEGMENTS = 4;

async function listing(data: SiteData, request: Request, query: NewsQuery, heading: string, basePath: string, categorySlug?: string) {
  const page = params.page(new URL(request.url).searchParams);
  // The category pills are a category fetch: a failure is only logged (spec §8).
  const [news, categories] = await Promise.all([data.news({ ...query, page }), orLogged<Category[]>("categories", data.categories(), [])]);
  // Past the last page is a 404, not an empty list.
  if (page > 0 && page * news.pageSize >= news.total) notFound();
  let category: Category | null = null;
  if (categorySlug !== undefined) {
    // Without the category list the slug is checked by the listing itself: an unknown one has no items.
    category = categories.find((c) => c.slug === categorySlug) ?? (categories.length === 0 && news.total > 0 ? null : notFound());
  }
  return { kind: "list" as const, heading: category?.name ?? heading, news, category, categories, basePath };
}

/** /news */
export function newsListLoader({ request }: LoaderFunctionArgs, data: SiteData) {
  return listing(data, request, {}, "News", "/news");
}

/** /category/{slug} */
export function categoryNewsLoader({ request, params: p }: LoaderFunctionArgs, data: SiteData) {
  const slug = params.slug(p.category);
  return listing(data, request, { category: slug }, "News", categoryPath(slug), slug);
}

/**
 * A single article, tagged for the /news/* switch. /news/* reads '?page=N' for its dated listings;
 * an article has only its first page, so any other is a 404 (and never a page cache entry).
 */
async function article(data: SiteData, request: Request, slug: string) {
  if (params.page(new URL(request.url).searchParams) > 0) notFound();
  return { kind: "article" as const, ...found(await data.newsArticle(slug)) };
}

/**
 * /news/{slug}, and the legacy forms /news/{year}/{slug?}, /news/{year}/{month?}/{slug?},
 * /news/{year}/{month?}/{day?}/{slug?}: numeric segments after the year are month then day,
 * a final non-numeric segment is the article.
 */
export async function newsPathLoader({ request, params: p }: LoaderFunctionArgs, data: SiteData) {
  const [first, ...rest] = splatSegments(p["*"], MAX_NEWS_SEGMENTS);
  if (first === undefined) notFound();
  if (!params.isYear(first)) {
    if (rest.length > 0) notFound();
    return article(data, request, params.slug(first));
  }
  const year = params.year(first);
  const last = rest.at(-1);
  const slug = last !== undefined && !params.isNumber(last) ? params.slug(rest.pop()) : undefined;
  if (rest.length > 2) notFound();
  const month = rest[0] === undefined ? undefined : params.month(rest[0]);
  const day = rest[1] === undefined ? undefined : params.day(rest[1]);
  if (slug !== undefined) return article(data, request, slug);
  const heading = ["News", day, month === undefined ? undefined : monthNames[month - 1], year].filter(Boolean).join(" ");
  return listing(data, request, { year, month, day }, heading, ["/news", first, ...rest].join("/"));
}

/** /category: every news category. A failing category fetch shows the empty list (spec §8). */
export async function categoryIndexLoader(_args: LoaderFunctionArgs, data: SiteData) {
  return { categories: await orLogged<Category[]>("categories", data.categories(), []) };
}
