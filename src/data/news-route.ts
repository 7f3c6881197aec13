import type { SiteData } from "./site-data";
import type { NewsQuery } from "../schemas/news";
import { found, notFound } from "./not-found";
import { params } from "./route-params";

const monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

async function listing(data: SiteData, request: Request, query: NewsQuery, heading: string, basePath: string, categorySlug?: string) {
  const page = params.page(new URL(request.url).searchParams);
  const [news, categories] = await Promise.all([data.news({ ...query, page }), data.categories()]);
  // Past the last page is a 404, not an empty list.
  if (page > 0 && page * news.pageSize >= news.total) notFound();
  const category = categorySlug === undefined ? null : found(categories.find((c) => c.slug === categorySlug));
  return { kind: "list" as const, heading, news, category, categories, basePath };
}

export const newsRoute = {
  list: (data: SiteData, request: Request, _segments: string[]) => listing(data, request, {}, "News", "/news"),

  async category(data: SiteData, request: Request, slug: string) {
    const result = await listing(data, request, { category: slug }, "", `/category/${slug}`, slug);
    return { ...result, heading: result.category?.name ?? "News" };
  },

  /**
   * /news/{slug}, and the legacy forms /news/{year}/{slug?}, /news/{year}/{month?}/{slug?},
   * /news/{year}/{month?}/{day?}/{slug?}: numeric segments after the year are month then day,
   * a final non-numeric segment is the article.
   */
  async legacy(data: SiteData, request: Request, segments: string[]) {
    const [first, ...rest] = segments;
    if (first === undefined) notFound();
    if (!params.isYear(first)) {
      if (rest.length > 0) notFound();
      return { kind: "article" as const, ...found(await data.newsArticle(params.slug(first))) };
    }
    const year = params.year(first);
    const last = rest.at(-1);
    const slug = last !== undefined && !params.isNumber(last) ? params.slug(rest.pop()) : undefined;
    if (rest.length > 2) notFound();
    const month = rest[0] === undefined ? undefined : params.month(rest[0]);
    const day = rest[1] === undefined ? undefined : params.day(rest[1]);
    if (slug !== undefined) return { kind: "article" as const, ...found(await data.newsArticle(slug)) };
    const heading = ["News", day, month === undefined ? undefined : monthNames[month - 1], year].filter(Boolean).join(" ");
    const basePath = ["/news", first, ...rest].join("/");
    return listing(data, request, { year, month, day }, heading, basePath);
  },
};
