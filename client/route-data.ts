import { data, redirect, redirectDocument, type LoaderFunctionArgs } from "react-router";
import { ROUTE_DATA_HEADER, ROUTE_DATA_REDIRECT_STATUS } from "../src/app/route-data";
import { isRecord } from "../src/domain/json-shape";
import { loadClubTimeText } from "../src/components/club-time";

/**
 * A route's loader in the browser: one request to the worker for the page's URL with the
 * route-data header, which runs the route's own loader there and answers its result
 * (worker/pages/route-data.ts). The answer is what the page would have rendered with, from the
 * same origin, under the same rules; the browser runs no read of its own. The date formatter loads
 * beside the first answer: the page it feeds is the browser's own, dates and all
 * (src/components/club-time.ts).
 *
 * What a full page load would do happens here too: a 404 is the route error with that status (the
 * same error page), a redirect goes where the page's would, an external one with a full load. An
 * answer that is not the worker's route data (the site lock's screen, a proxy's error page) is
 * shown as a full page load of the same URL would show it. Without a network the fetch fails and
 * the route's error page says so; the next navigation asks again.
 */
export async function routeData({ request }: LoaderFunctionArgs, routeId: string): Promise<unknown> {
  const [response] = await Promise.all([
    fetch(request.url, { headers: { [ROUTE_DATA_HEADER]: routeId, accept: "application/json" }, signal: request.signal }),
    loadClubTimeText().catch(() => undefined),
  ]);
  if (response.headers.get(ROUTE_DATA_HEADER) !== routeId) throw redirectDocument(request.url);
  const answer: unknown = await response.json().catch(() => undefined);
  if (!isRecord(answer)) throw malformed();
  if (response.status === 200 && "data" in answer) return answer.data;
  const { redirect: to, error } = answer;
  if (response.status === ROUTE_DATA_REDIRECT_STATUS && isRecord(to) && typeof to.location === "string" && typeof to.status === "number") {
    throw to.reloadDocument === true ? redirectDocument(to.location, to.status) : redirect(to.location, to.status);
  }
  if (isRecord(error) && error.status === response.status) {
    throw data(error.data, { status: response.status, statusText: typeof error.statusText === "string" ? error.statusText : "" });
  }
  throw malformed();
}

/** An answer of the wrong shape is the server's fault, seen through a gateway. */
const malformed = () => data("Something went wrong", { status: 502, statusText: "Bad Gateway" });
