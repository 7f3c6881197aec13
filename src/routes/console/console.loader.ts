import type { LoaderFunctionArgs } from "react-router";
import type { SiteData } from "../../data/site-data";
import { found } from "../../data/not-found";

/**
 * /admin: the console's 'Live now'. Only a staff member's data answers it (the worker
 * renders /admin with the console's reads, the browser asks /api/console/live); for anyone else it
 * is null, so the route is the site's 404. `pageCache: false`: never stored.
 */
export async function liveNowLoader(_args: LoaderFunctionArgs, data: SiteData) {
  return { live: found(await data.liveNow()), access: found(await data.consoleAccess()), pageCache: false as const };
}

/** /admin/revenue: 'Subscriptions and revenue', the same way (the browser asks /api/console/revenue). */
export async function revenueLoader(_args: LoaderFunctionArgs, data: SiteData) {
  return { revenue: found(await data.revenue()), access: found(await data.consoleAccess()), pageCache: false as const };
}
