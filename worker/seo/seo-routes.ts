import { Hono } from "hono";
import { edgeCached } from "../cache/edge-cache";
import { settingsOf, siteOriginOf, type AppEnv } from "../env";
import { robotsTxt } from "./robots";
import { sitemapEntries, sitemapXml } from "./sitemap";

/** GET /sitemap.xml and /robots.txt, built from D1 and settings, edge-cached with the content generation. */
export const seoRoutes = new Hono<AppEnv>();

const SITEMAP_TTL_SECONDS = 60 * 60;

seoRoutes.get("/sitemap.xml", (c) => {
  const origin = siteOriginOf(c.env, c.req.url);
  return edgeCached(c, "sitemaps", `${encodeURIComponent(origin)}/sitemap.xml`, SITEMAP_TTL_SECONDS, async () => ({
    body: sitemapXml(origin, await sitemapEntries(c.env.DB)),
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  }));
});

seoRoutes.get("/robots.txt", (c) => {
  const body = robotsTxt(siteOriginOf(c.env, c.req.url), settingsOf(c.env).isDevelopment);
  return c.text(body, 200, { "Cache-Control": "public, max-age=3600" });
});
