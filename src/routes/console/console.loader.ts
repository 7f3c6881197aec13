import type { LoaderFunctionArgs } from "react-router";
import type { Loaders, PageContext, StaffMember } from "../../../worker/pages/loader";
import { liveNow } from "../../../worker/console/live-now";
import { revenue } from "../../../worker/console/revenue";
import { accountDetail, searchAccounts } from "../../../worker/console/accounts";
import { webhookHealth } from "../../../worker/console/webhooks";
import { consoleContent } from "../../../worker/console/content";
import { auditPage } from "../../../worker/console/audit";
import { found, notFound } from "../../data/not-found";
import { contentKindSchema } from "../../schemas/console-content";
import { auditQueryOf } from "../../domain/audit-query";

/**
 * The club's console (/admin and below), read from worker/console/. Only a staff member's render
 * names a staff member (worker/console/console-routes.ts); for anyone else every console route is
 * the site's 404, so the console's existence is not announced. `pageCache: false`: never stored.
 */
const staffOf = ({ staff }: PageContext): StaffMember => staff ?? notFound();

/** /admin: 'Live now' (the browser asks /api/console/live to refresh it). */
export async function liveNowLoader(_args: LoaderFunctionArgs, context: PageContext) {
  staffOf(context);
  return { live: await liveNow(context.env), pageCache: false as const };
}

/** /admin/revenue: 'Subscriptions and revenue'. */
export async function revenueLoader(_args: LoaderFunctionArgs, context: PageContext) {
  staffOf(context);
  return { revenue: await revenue(context.env.DB), pageCache: false as const };
}

/** /admin/accounts: the account search. */
export async function accountsLoader({ request }: LoaderFunctionArgs, context: PageContext) {
  staffOf(context);
  const q = new URL(request.url).searchParams.get("q") ?? "";
  return { search: await searchAccounts(context.env.DB, q.slice(0, 200)), pageCache: false as const };
}

/** /admin/accounts/{ssoID}: one account; an unknown one is the 404. */
export async function accountLoader({ params }: LoaderFunctionArgs, context: PageContext) {
  staffOf(context);
  return { detail: found(await accountDetail(context.env, params.ssoID ?? "")), pageCache: false as const };
}

/** /admin/webhooks: webhook health. */
export async function webhooksLoader(_args: LoaderFunctionArgs, context: PageContext) {
  staffOf(context);
  return { health: await webhookHealth(context.env.DB), pageCache: false as const };
}

/** /admin/content/{kind}: a kind's list and form; a kind that does not exist is the 404. */
export async function contentLoader({ params }: LoaderFunctionArgs, context: PageContext) {
  staffOf(context);
  const kind = contentKindSchema.safeParse(params.kind ?? "adverts");
  return { content: kind.success ? await consoleContent(context.env.DB, kind.data) : notFound(), pageCache: false as const };
}

/** /admin/audit: the audit log, filtered, newest first. */
export async function auditLoader({ request }: LoaderFunctionArgs, context: PageContext) {
  staffOf(context);
  const query = auditQueryOf(new URL(request.url).searchParams);
  return { audit: await auditPage(context.env.DB, query), query, pageCache: false as const };
}

export const loaders = {
  admin: liveNowLoader,
  "admin/revenue": revenueLoader,
  "admin/accounts": accountsLoader,
  "admin/accounts/:ssoID": accountLoader,
  "admin/webhooks": webhooksLoader,
  "admin/content/:kind?": contentLoader,
  "admin/audit": auditLoader,
} satisfies Loaders;
