import { Hono } from "hono";
import { edgeCached } from "../cache/edge-cache";
import { settingsOf, siteOriginOf, type AppEnv } from "../env";
import { robotsTxt } from "./robots";
import { sitemapEntries, sitemapXml } from "./sitemap";
import { newsFeedXml } from "./news-feed";

/** GET /sitemap.xml, /news/feed.xml and /robots.txt, built from D1 and settings; the first two edge-cached with the content generation. */
export const seoRoutes = new Hono<AppEnv>();

const SITEMAP_TTL_SECONDS = 60 * 60;

seoRoutes.get("/sitemap.xml", (c) => {
  const origin = siteOriginOf(c.env, c.req.url);
  return edgeCached(c, "sitemaps", `${encodeURIComponent(origin)}/sitemap.xml`, SITEMAP_TTL_SECONDS, async () => ({
    body: sitemapXml(origin, await sitemapEntries(c.env.DB)),
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  }));
});

/** Short: a feed reader polls it, and a publication retires it at once anyway (the generation). */
const FEED_TTL_SECONDS = 5 * 60;

seoRoutes.get("/news/feed.xml", (c) => {
  const origin = siteOriginOf(c.env, c.req.url);
  return edgeCached(c, "sitemaps", `${encodeURIComponent(origin)}/news/feed.xml`, FEED_TTL_SECONDS, async () => ({
    body: await newsFeedXml(c.env.DB, origin),
    headers: { "Content-Type": "application/rss+xml; charset=utf-8" },
  }));
});

seoRoutes.get("/robots.txt", (c) => {
  const body = robotsTxt(siteOriginOf(c.env, c.req.url), settingsOf(c.env).isDevelopment);
  return c.text(body, 200, { "Cache-Control": "public, max-age=3600" });
});
