import type { LoaderFunctionArgs } from "react-router";
import type { SiteData } from "../../data/site-data";
import { found } from "../../data/not-found";

/** /admin/webhooks: staff only, like every console route; anyone else's null is the 404. */
export async function webhooksLoader(_args: LoaderFunctionArgs, data: SiteData) {
  return { health: found(await data.webhookHealth()), access: found(await data.consoleAccess()), pageCache: false as const };
}
