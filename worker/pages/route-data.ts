import type { Context } from "hono";
import { isRouteErrorResponse, type StaticHandler } from "react-router";
import { z } from "zod";
import { ApiError } from "../http/api-error";
import { settingsOf, type AppEnv } from "../env";
import { ROUTE_DATA_HEADER, ROUTE_DATA_REDIRECT_STATUS, ROUTE_ID_PATTERN, type RouteDataAnswer } from "../../src/app/route-data";

const routeIdSchema = z.string().regex(ROUTE_ID_PATTERN);

/**
 * The route id a navigation's data request names (src/app/route-data.ts), or undefined for a page
 * request. A header that is there but names no possible route is the client's mistake: 400.
 */
export function routeDataRequestOf(request: Request): string | undefined {
  const header = request.headers.get(ROUTE_DATA_HEADER);
  if (header === null) return undefined;
  const parsed = routeIdSchema.safeParse(header);
  if (!parsed.success) throw new ApiError(400, "INVALID_ROUTE_ID", `${ROUTE_DATA_HEADER} must name a route of the table`);
  return parsed.data;
}

/**
 * Runs one matched route's loader with the page's own static handler and answers its result as
 * JSON with the status the page would have had: 200 and the data; a redirect as 202 and where to
 * (the browser's router follows it, an external one with a full load); a route error (a 404, a
 * route id the URL does not match) with its own status; a loader's failure as 500 with the page's
 * generic text outside development, the details in the log. Data that says it must not be kept
 * (`pageCache: false`) is `no-store`, as its page is.
 */
export async function routeDataAnswer(c: Context<AppEnv>, handler: StaticHandler, request: Request, routeId: string): Promise<Response> {
  // The page's own query with only this route's loader run: its errors come out as the page's do
  // (a thrown 404 is a route error response), not bubbled to a boundary.
  const queried = await handler.query(request, { filterMatchesToLoad: (match) => match.route.id === routeId, skipLoaderErrorBubbling: true });
  let answer: RouteDataAnswer;
  let status = 200;
  if (queried instanceof Response) {
    const location = queried.headers.get("Location");
    if (location === null) throw new Error(`a loader answered a Response of status ${queried.status}`);
    status = ROUTE_DATA_REDIRECT_STATUS;
    answer = { redirect: { location, status: queried.status, reloadDocument: queried.headers.has("X-Remix-Reload-Document") } };
  } else if (!queried.matches.some((match) => match.route.id === routeId)) {
    // A route of another URL (a browser on an older route table): 403, as react-router's queryRoute says it.
    status = 403;
    answer = { error: { status, statusText: "Forbidden", data: `No route ${routeId} at this URL` } };
  } else {
    const error: unknown = queried.errors?.[routeId];
    if (error === undefined) {
      answer = { data: queried.loaderData[routeId] ?? null };
    } else if (isRouteErrorResponse(error)) {
      status = error.status;
      answer = { error: { status, statusText: error.statusText, data: error.data } };
    } else {
      console.error(JSON.stringify({ msg: "loader failed", path: c.req.path, routeId, requestId: c.get("requestId"), error: String(error) }));
      status = 500;
      const detail = settingsOf(c.env).isDevelopment ? String(error) : "Something went wrong";
      answer = { error: { status, statusText: "Internal Server Error", data: detail } };
    }
  }
  const response = Response.json(answer, { status });
  response.headers.set(ROUTE_DATA_HEADER, routeId);
  if (status === 200 && uncacheable(answer)) response.headers.set("Cache-Control", "no-store");
  return response;
}

const uncacheable = (answer: RouteDataAnswer) =>
  "data" in answer && typeof answer.data === "object" && answer.data !== null && "pageCache" in answer.data && answer.data.pageCache === false;
