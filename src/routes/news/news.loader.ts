import { redirect, type LoaderFunctionArgs } from "react-router";
import type { Loaders, PageContext } from "../../../worker/pages/loader";
import { categories as newsCategories, movedNewsSlug, readNews, readNewsArticle } from "../../../worker/news/queries";
import type { Category, NewsQuery } from "../../schemas/news";
import { notFound } from "../../data/not-found";
import { params, splatSegments } from "../../data/route-params";
import { orLogged } from "../../data/or-logged";
import { categoryPath, newsPath } from "../paths";
import { publishedOn, type LegacyNewsDate } from "../../domain/news-address";
import { previewArticle } from "../../../worker/news/preview";

/** The news family of spec §2: /news, /news/* (articles and legacy dated listings), /category, /category/{slug}. */

const monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** /news/{year}/{month?}/{day?}/{slug?}: at most four segments. */
const MAX_NEWS_SEGMENTS = 4;

async function listing(context: PageContext, request: Request, query: NewsQuery, heading: string, basePath: string, categorySlug?: string) {
  const page = params.page(new URL(request.url).searchParams);
  // The category pills are a category fetch: a failure is only logged (spec §8).
  const [news, categories] = await Promise.all([readNews(context, { ...query, page }), orLogged<Category[]>("categories", newsCategories(context.env.DB), [])]);
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
export function newsListLoader({ request }: LoaderFunctionArgs, context: PageContext) {
  return listing(context, request, {}, "News", "/news");
}

/** /category/{slug} */
export function categoryNewsLoader({ request, params: p }: LoaderFunctionArgs, context: PageContext) {
  const slug = params.slug(p.category);
  return listing(context, request, { category: slug }, "News", categoryPath(slug), slug);
}

/**
 * A single article, tagged for the /news/* switch. /news/* reads '?page=N' for its dated listings;
 * an article has only its first page, so any other is a 404 (and never a page cache entry).
 * A story whose address changed after publication answers its old one with a 301 to the new.
 */
async function article(context: PageContext, request: Request, slug: string, legacyDate?: LegacyNewsDate) {
  if (params.page(new URL(request.url).searchParams) > 0) notFound();
  const story = await readNewsArticle(context, slug);
  if (!story) {
    const moved = await movedNewsSlug(context.env.DB, slug);
    if (moved) throw redirect(newsPath(moved), 301);
    notFound();
  }
  // A legacy address whose date is not the article's (/news/1999/{slug}) is a 301 to the one
  // canonical address rather than a 404: old links and re-dated articles keep reaching the story,
  // and the wrong date is never served as a page of its own. A matching date serves the article,
  // whose head names /news/{slug} as canonical (NewsArticle.tsx).
  if (legacyDate !== undefined && !publishedOn(story.publishedAt, legacyDate)) throw redirect(newsPath(slug), 301);
  return { kind: "article" as const, ...story };
}

/**
 * /news/{slug}, and the legacy forms /news/{year}/{slug?}, /news/{year}/{month?}/{slug?},
 * /news/{year}/{month?}/{day?}/{slug?}: numeric segments after the year are month then day,
 * a final non-numeric segment is the article.
 */
export async function newsPathLoader({ request, params: p }: LoaderFunctionArgs, context: PageContext) {
  const [first, ...rest] = splatSegments(p["*"], MAX_NEWS_SEGMENTS);
  if (first === undefined) notFound();
  if (!params.isYear(first)) {
    if (rest.length > 0) notFound();
    return article(context, request, params.slug(first));
  }
  const year = params.year(first);
  const last = rest.at(-1);
  const slug = last !== undefined && !params.isNumber(last) ? params.slug(rest.pop()) : undefined;
  if (rest.length > 2) notFound();
  const month = rest[0] === undefined ? undefined : params.month(rest[0]);
  const day = rest[1] === undefined ? undefined : params.day(rest[1]);
  if (slug !== undefined) return article(context, request, slug, { year, month, day });
  const heading = ["News", day, month === undefined ? undefined : monthNames[month - 1], year].filter(Boolean).join(" ");
  return listing(context, request, { year, month, day }, heading, ["/news", first, ...rest].join("/"));
}

/** /category: every news category. A failing category fetch shows the empty list (spec §8). */
export async function categoryIndexLoader(_args: LoaderFunctionArgs, context: PageContext) {
  return { categories: await orLogged<Category[]>("categories", newsCategories(context.env.DB), []) };
}

/**
 * /news/preview/{id}: an article's working copy with the article template, only in a render the
 * preview's door allowed for this very article (worker/console/article-preview.ts); anyone else,
 * and an id that names nothing, gets the 404. Never kept by the page cache.
 */
export async function newsPreviewLoader({ params: p }: LoaderFunctionArgs, context: PageContext) {
  const id = Number(p.id);
  if (!context.preview || context.preview.articleId !== id) notFound();
  const article = await previewArticle(context.env.DB, id);
  if (!article) notFound();
  return { kind: "article" as const, ...article, sharedUntil: context.preview.sharedUntil, pageCache: false as const };
}

export const loaders = {
  news: newsListLoader,
  "news/*": newsPathLoader,
  "news/preview/:id": newsPreviewLoader,
  category: categoryIndexLoader,
  "category/:category": categoryNewsLoader,
} satisfies Loaders;
