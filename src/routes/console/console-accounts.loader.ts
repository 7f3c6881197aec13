import type { LoaderFunctionArgs } from "react-router";
import type { SiteData } from "../../data/site-data";
import { found } from "../../data/not-found";

/**
 * /admin/accounts and /admin/accounts/:ssoID. Only a staff member's data answers
 * (the worker renders /admin/* with the console's reads, the browser asks /api/console/accounts…);
 * anyone else gets null, so the route is the site's 404. `pageCache: false`: never stored.
 */
export async function accountsLoader({ request }: LoaderFunctionArgs, data: SiteData) {
  const q = new URL(request.url).searchParams.get("q") ?? "";
  return { search: found(await data.consoleAccounts(q.slice(0, 200))), access: found(await data.consoleAccess()), pageCache: false as const };
}

export async function accountLoader({ params }: LoaderFunctionArgs, data: SiteData) {
  return { detail: found(await data.consoleAccount(params.ssoID ?? "")), access: found(await data.consoleAccess()), pageCache: false as const };
}
