import { z } from "zod";
import { allRows, rowSchema } from "../db/rows";
import { newsPath } from "../../src/routes/paths";
import { escapeXml } from "./sitemap";

/**
 * The news feed, GET /news/feed.xml (RSS 2.0): the latest published stories from `news`, the
 * published projection, so a story is in it from its publication and gone when unpublished (the
 * feed is edge-cached with the content generation that publishing retires).
 */
export const NEWS_FEED_ITEMS = 20;

const feedRow = rowSchema("news for the feed", { slug: z.string(), title: z.string(), summary: z.string(), published_at: z.string() });

export async function newsFeedXml(db: D1Database, origin: string): Promise<string> {
  const rows = await allRows(feedRow, db.prepare(`SELECT slug, title, summary, published_at FROM news ORDER BY published_at DESC, id DESC LIMIT ${NEWS_FEED_ITEMS}`));
  const items = rows.flatMap((r) => {
    let link: string;
    try {
      link = `${origin}${newsPath(r.slug)}`;
    } catch {
      return []; // a slug the route would refuse has no page to link to
    }
    return [
      `<item><title>${escapeXml(r.title)}</title><link>${escapeXml(link)}</link><guid isPermaLink="true">${escapeXml(link)}</guid>` +
        `<description>${escapeXml(r.summary)}</description><pubDate>${new Date(r.published_at).toUTCString()}</pubDate></item>`,
    ];
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>Northbridge Rovers FC news</title><link>${escapeXml(`${origin}/news`)}</link><description>The latest news from Northbridge Rovers FC</description>\n${items.join("\n")}\n</channel></rss>\n`;
}
