import type { Context } from "hono";
import type { AppEnv } from "../env";
import { routeDataRequestOf } from "../pages/route-data";
import { ROUTE_DATA_HEADER, ROUTE_DATA_REDIRECT_STATUS, type RouteDataAnswer } from "../../src/app/route-data";
import { isHttpsLink } from "../../src/domain/link-rule";
import { normaliseRedirectPath } from "../../src/domain/site-redirects";
import { redirectFrom } from "./redirects";

/**
 * Where the site would answer 404, the club's redirect from that path if it made one
 * (/admin/redirects): one read through the unique index on `from_path`, and only for a 404, so a
 * page that exists is never redirected and a page answers with no extra read. An unpublished
 * article's old address (/news/{slug}) can so send readers on. A navigation's route data gets the
 * redirect as its 202 answer, like a loader's redirect (worker/pages/route-data.ts).
 *
 * A 301 is kept by browsers for an hour, so a corrected redirect reaches them within the hour; a
 * 302 is asked again each time.
 */
export async function redirectInsteadOf404(c: Context<AppEnv>, response: Response): Promise<Response> {
  if (response.status !== 404) return response;
  const path = normaliseRedirectPath(new URL(c.req.url).pathname);
  if (path === null || path === "/") return response;
  let target: Awaited<ReturnType<typeof redirectFrom>>;
  try {
    target = await redirectFrom(c.env.DB, path);
  } catch (error) {
    // The 404 page is still the right answer when the redirects cannot be read.
    console.error(JSON.stringify({ msg: "redirect lookup failed", path, requestId: c.get("requestId"), error: String(error) }));
    return response;
  }
  if (!target) return response;
  const cacheControl = target.status === 301 ? "public, max-age=3600" : "no-cache";
  if (routeDataRequestOf(c.req.raw) !== undefined) {
    const answer: RouteDataAnswer = { redirect: { location: target.to, status: target.status, reloadDocument: isHttpsLink(target.to) } };
    return c.json(answer, ROUTE_DATA_REDIRECT_STATUS, { "Cache-Control": "no-store", Vary: ROUTE_DATA_HEADER });
  }
  return new Response(null, { status: target.status, headers: { Location: target.to, "Cache-Control": cacheControl, Vary: ROUTE_DATA_HEADER } });
}
