import type { LoaderFunctionArgs } from "react-router";
import type { SiteData } from "../../data/site-data";
import { found } from "../../data/not-found";

/**
 * /admin/staff: who holds which role. Administrators only (the worker's read needs `staff.manage`:
 * other staff get the 403 page); anyone else's null is the 404. `pageCache: false`: never stored.
 */
export async function staffLoader(_args: LoaderFunctionArgs, data: SiteData) {
  return { list: found(await data.consoleStaff()), access: found(await data.consoleAccess()), pageCache: false as const };
}
