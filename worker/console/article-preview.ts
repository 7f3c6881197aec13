import { Hono } from "hono";
import type { AppEnv } from "../env";
import { sessionMiddleware } from "../auth/session-middleware";
import { authConfigOf, AuthConfigError } from "../auth/config";
import { can } from "../../src/domain/staff-roles";
import { previewTokenArticle } from "../news/preview";
import { renderPage } from "../pages/render";
import { pageVariantOf } from "../pages/page-variant";

/**
 * GET /news/preview/{id}: an article's working copy with the site's article template under a
 * 'Preview' banner (src/routes/news/NewsPreview.tsx, its data from worker/news/preview.ts), for
 * staff with content.view, or with `?token=` a share link for that article that has not
 * expired. Never stored (no-store), never indexed (X-Robots-Tag and a robots meta). Anyone else, and
 * an id that names nothing, gets a plain 404, as the console is not announced.
 */
export const articlePreview = new Hono<AppEnv>();
articlePreview.use(sessionMiddleware);

const NOT_FOUND = "This page could not be found";

articlePreview.get("/:id", async (c) => {
  c.header("Cache-Control", "private, no-store");
  c.header("X-Robots-Tag", "noindex, nofollow");
  const id = Number(c.req.param("id"));
  if (!/^[1-9][0-9]{0,15}$/.test(c.req.param("id")) || !Number.isSafeInteger(id)) return c.text(NOT_FOUND, 404);
  const staff = c.get("user") !== null && can(c.get("staffRoles") ?? [], "content.view");
  let sharedUntil: string | null = null;
  if (!staff) {
    const token = c.req.query("token") ?? "";
    const config = authConfigOf(c.env);
    if (token === "" || config instanceof AuthConfigError || !config.sessionSecret) return c.text(NOT_FOUND, 404);
    const opened = await previewTokenArticle(config.sessionSecret, token);
    if (opened?.articleId !== id) return c.text(NOT_FOUND, 404);
    sharedUntil = opened.expiresAt;
  }
  // The render names the one article it may show; its loader answers the 404 for an id that names nothing.
  const response = await renderPage(c, c.req.raw, pageVariantOf(c), null, { articleId: id, sharedUntil });
  response.headers.set("Cache-Control", "private, no-store");
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  return response;
});
