import { club } from "../../src/config/club";
import { categoryPath, newsFeedPath, newsPath, sitePaths } from "../../src/routes/paths";
import type { Category } from "../../src/schemas/news";
import type { NewsFeedEntry } from "../news/queries";
import { xmlText } from "../../src/domain/xml-text";

/** How many articles the feed carries: the newest, enough for a reader that polls daily. */
export const NEWS_FEED_SIZE = 50;

/** When a feed has no article at all, its `updated` still needs a date. */
const NO_DATE = "1970-01-01T00:00:00.000Z";

const iso = (date: string) => {
  const at = new Date(date);
  return Number.isNaN(at.getTime()) ? NO_DATE : at.toISOString();
};

/**
 * The news feed as an Atom document (RFC 4287): the site's news, or one category's when
 * `category` is given. Each entry has the article's canonical address as its id and link, its
 * title, summary, publication date (`published`, and `updated`: the news row keeps no edit time),
 * author (the club when the article names none: Atom needs one) and categories.
 */
export function atomFeed(origin: string, entries: NewsFeedEntry[], category?: Category): string {
  const page = category ? categoryPath(category.slug) : sitePaths.news;
  const self = newsFeedPath(category?.slug);
  const title = category ? `${club.name}: ${category.name}` : `${club.name}: News`;
  const updated = entries.length > 0 ? iso(entries[0]!.publishedAt) : NO_DATE;
  const items = entries.map((e) => {
    const url = `${origin}${newsPath(e.slug)}`;
    const categories = e.categories.map((c) => `<category term="${xmlText(c.slug)}" label="${xmlText(c.name)}"/>`).join("");
    return [
      "<entry>",
      `<id>${xmlText(url)}</id>`,
      `<title>${xmlText(e.title)}</title>`,
      `<link rel="alternate" type="text/html" href="${xmlText(url)}"/>`,
      `<published>${iso(e.publishedAt)}</published>`,
      `<updated>${iso(e.publishedAt)}</updated>`,
      `<author><name>${xmlText(e.author.trim() || club.name)}</name></author>`,
      categories,
      `<summary>${xmlText(e.summary)}</summary>`,
      "</entry>",
    ].join("");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en-GB">',
    `<id>${xmlText(`${origin}${page}`)}</id>`,
    `<title>${xmlText(title)}</title>`,
    `<updated>${updated}</updated>`,
    `<link rel="self" type="application/atom+xml" href="${xmlText(`${origin}${self}`)}"/>`,
    `<link rel="alternate" type="text/html" href="${xmlText(`${origin}${page}`)}"/>`,
    `<author><name>${xmlText(club.name)}</name></author>`,
    ...items,
    "</feed>",
    "",
  ].join("\n");
}
