import type { LoaderFunctionArgs } from "react-router";
import type { SiteData } from "../../data/site-data";
import { found } from "../../data/not-found";
import { contentKindSchema } from "../../schemas/console-content";
import { auditQueryOf } from "../../domain/audit-query";

/**
 * /admin/content/{kind} and /admin/audit. Only a staff member's data answers
 * (the worker's console render, or /api/console/… in the browser); for anyone else, and for a kind
 * that does not exist, the route is the site's 404. `pageCache: false`: never stored.
 */
export async function contentLoader({ params }: LoaderFunctionArgs, data: SiteData) {
  const kind = contentKindSchema.safeParse(params.kind ?? "adverts");
  return { content: found(kind.success ? await data.consoleContent(kind.data) : null), access: found(await data.consoleAccess()), pageCache: false as const };
}

export async function auditLoader({ request }: LoaderFunctionArgs, data: SiteData) {
  const query = auditQueryOf(new URL(request.url).searchParams);
  return { audit: found(await data.auditLog(query)), query, access: found(await data.consoleAccess()), pageCache: false as const };
}
