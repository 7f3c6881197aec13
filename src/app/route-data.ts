/**
 * A browser navigation's data: the browser asks the page's own URL with this header naming the
 * matched route whose loader must run, and the worker answers with that loader's result, run on
 * the server exactly as for the page itself (same cache rules, same cookie variants, same status).
 * The header keeps the URL the page's, so the page's path and query rules apply unchanged.
 */
export const ROUTE_DATA_HEADER = "X-Route-Data";

/** A route id of the table (src/routes/routes.tsx: `root`, `home`, or the route's path, `news/*`). */
export const ROUTE_ID_PATTERN = /^[A-Za-z0-9_:/*?.-]{1,80}$/;

/**
 * The answer's body by status: 200 the loader's data; 202 a redirect the loader threw (a fetch
 * would follow a 3xx itself and hide it from the router); any other status the route error the
 * page would show with that same status (a 404 is `{ error: { status: 404, … } }`).
 */
export type RouteDataAnswer =
  | { data: unknown }
  | { redirect: { location: string; status: number; reloadDocument: boolean } }
  | { error: { status: number; statusText: string; data: unknown } };

/** The status of a redirect answer: accepted, the browser's router goes on to the location. */
export const ROUTE_DATA_REDIRECT_STATUS = 202;
