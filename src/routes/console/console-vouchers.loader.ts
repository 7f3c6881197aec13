import { data, type LoaderFunctionArgs } from "react-router";
import type { Loaders, PageContext } from "../../../worker/pages/loader";
import { batchById, batchCodes, batchList, grantableTitles } from "../../../worker/vouchers/voucher-store";
import { CAPABILITY_REQUIRED_DETAIL } from "../../../worker/console/capabilities";
import { found, notFound } from "../../data/not-found";
import type { ConsoleAccess } from "../../schemas/console-staff";
import { can, capabilitiesOf } from "../../domain/staff-roles";

/**
 * The console's Vouchers (/admin/vouchers and /admin/vouchers/{id}), a loader module of its own
 * beside console.loader.ts: the same rule (the 404 for anyone but staff, a 403 without
 * `vouchers.manage`), its reads in worker/vouchers/. Never stored in the page cache.
 */
function staffWithVouchers({ staff }: PageContext): ConsoleAccess {
  if (!staff) notFound();
  if (!can(staff.roles, "vouchers.manage")) throw data(CAPABILITY_REQUIRED_DETAIL, { status: 403, statusText: "Forbidden" });
  return { ssoID: staff.ssoID, roles: [...staff.roles], capabilities: capabilitiesOf(staff.roles) };
}

/** /admin/vouchers: the batches, latest first, and what a new batch may grant. */
export async function vouchersLoader(_args: LoaderFunctionArgs, context: PageContext) {
  const access = staffWithVouchers(context);
  const [batches, grantable] = await Promise.all([batchList(context.env.DB), grantableTitles(context.env.DB)]);
  return { batches, grantable, access, pageCache: false as const };
}

/** /admin/vouchers/{id}: a batch and its codes; an unknown batch is the 404. */
export async function voucherBatchLoader({ params }: LoaderFunctionArgs, context: PageContext) {
  const access = staffWithVouchers(context);
  if (!/^[1-9][0-9]{0,8}$/.test(params.id ?? "")) notFound();
  const batch = found(await batchById(context.env.DB, Number(params.id)));
  const [codes, grantable] = await Promise.all([batchCodes(context.env.DB, batch, Date.now()), grantableTitles(context.env.DB)]);
  return { batch, codes, grantable, access, pageCache: false as const };
}

export const loaders = {
  "admin/vouchers": vouchersLoader,
  "admin/vouchers/:id": voucherBatchLoader,
} satisfies Loaders;
