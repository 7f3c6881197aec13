import { Hono } from "hono";
import { edgeCached } from "../cache/edge-cache";
import { settingsOf, siteOriginOf, type AppEnv } from "../env";
import { robotsTxt } from "./robots";
import { sitemapEntries, sitemapXml } from "./sitemap";
import { atomFeed, NEWS_FEED_SIZE } from "./news-feed";
import { category, latestNews } from "../news/queries";
import { params } from "../../src/data/route-params";

/**
 * GET /sitemap.xml, /robots.txt and the news feeds (/news/feed.xml, /category/{slug}/feed.xml),
 * built from D1 and settings, edge-cached with the content generation: a publish or unpublish
 * bumps it, so the next request reads the news table again.
 */
export const seoRoutes = new Hono<AppEnv>();

const SITEMAP_TTL_SECONDS = 60 * 60;

/**
 * The worker's cache keeps these files (under the content generation, so a publish retires them at
 * once); a browser, crawler or feed reader revalidates each time, or it would keep an unpublished
 * article for the whole TTL.
 */
async function revalidatedByClients(response: Promise<Response>): Promise<Response> {
  const out = await response;
  out.headers.set("Cache-Control", "no-cache");
  return out;
}

seoRoutes.get("/sitemap.xml", (c) => {
  const origin = siteOriginOf(c.env, c.req.url);
  return revalidatedByClients(edgeCached(c, "sitemaps", `${encodeURIComponent(origin)}/sitemap.xml`, SITEMAP_TTL_SECONDS, async () => ({
    body: sitemapXml(origin, await sitemapEntries(c.env.DB)),
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  })));
});

const FEED_TTL_SECONDS = 5 * 60;
const ATOM = { "Content-Type": "application/atom+xml; charset=utf-8" };

seoRoutes.get("/news/feed.xml", (c) => {
  const origin = siteOriginOf(c.env, c.req.url);
  return revalidatedByClients(
    edgeCached(c, "feeds", `${encodeURIComponent(origin)}/news`, FEED_TTL_SECONDS, async () => ({
      body: atomFeed(origin, await latestNews(c.env.DB, NEWS_FEED_SIZE)),
      headers: ATOM,
    })),
  );
});

seoRoutes.get("/category/:slug/feed.xml", (c) => {
  const slug = c.req.param("slug");
  // A slug no category could have is a 404 before any cache or D1 read.
  if (!params.isSlug(slug)) return c.text("Not found", 404);
  const origin = siteOriginOf(c.env, c.req.url);
  return revalidatedByClients(
    edgeCached(c, "feeds", `${encodeURIComponent(origin)}/category/${slug}`, FEED_TTL_SECONDS, async () => {
      const found = await category(c.env.DB, slug);
      return found ? { body: atomFeed(origin, await latestNews(c.env.DB, NEWS_FEED_SIZE, slug), found), headers: ATOM } : null;
    }),
  );
});

seoRoutes.get("/robots.txt", (c) => {
  const body = robotsTxt(siteOriginOf(c.env, c.req.url), settingsOf(c.env).isDevelopment);
  return c.text(body, 200, { "Cache-Control": "public, max-age=3600" });
});
