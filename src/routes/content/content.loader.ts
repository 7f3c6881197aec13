import { redirect, redirectDocument, type LoaderFunctionArgs } from "react-router";
import type { Loaders, PageContext } from "../../../worker/pages/loader";
import { page as cmsPageAt } from "../../../worker/content/pages";
import type { ContentPage } from "../../schemas/pages";
import { found } from "../../data/not-found";
import { MAX_PAGE_DEPTH, params, splatSegments } from "../../data/route-params";
import { resolveRedirect } from "../../domain/redirect";

/** Content pages of spec §2: the CMS page tree's catch-all, and the payment return pages. */

/**
 * A CMS page by its path. A CMS redirect page answers with its redirect (spec §2 'Route
 * behaviour', src/domain/redirect): 302 unless it says otherwise; a same-site target stays in the
 * router, an external one replaces the browser location; a target with any other scheme goes home.
 */
async function cmsPage(context: PageContext, request: Request, path: string): Promise<ContentPage> {
  const page = found(path === "" ? null : await cmsPageAt(context.env.DB, path));
  if (page.redirect) {
    const target = resolveRedirect({ path: page.redirect.location, status: page.redirect.status }, new URL(request.url).origin);
    throw target.external ? redirectDocument(target.location, target.status) : redirect(target.location, target.status);
  }
  return page;
}

/** /{slug} up to /{subpage1}/{subpage2}/{subpage3}/{subpage4}/{slug} */
export function contentPageLoader({ request, params: p }: LoaderFunctionArgs, context: PageContext) {
  const path = splatSegments(p["*"], MAX_PAGE_DEPTH).map((s) => params.slug(s)).join("/");
  return cmsPage(context, request, path);
}

/** /payment-successful and /payment-cancelled: CMS pages at those paths. */
export function paymentPageLoader({ request }: LoaderFunctionArgs, context: PageContext) {
  return cmsPage(context, request, params.slug(new URL(request.url).pathname.replace(/^\/+|\/+$/g, "")));
}

export const loaders = {
  "*": contentPageLoader,
  "payment-successful": paymentPageLoader,
  "payment-cancelled": paymentPageLoader,
} satisfies Loaders;
