import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError } from "../http/api-error";
import { requireCapability } from "./capabilities";
import { auditedWrite, fieldsRefused, jsonBody, parsedBody } from "./audited-write";
import { checkBatch, cryptoBytes, generateVoucherCodes, vouchersCsv } from "../../src/domain/vouchers";
import { batchById, batchCodes, batchList, createBatch, grantableTitles, revokeBatch } from "../vouchers/voucher-store";

/**
 * The console's Vouchers (/admin/vouchers), behind staffOnly, the console's Origin check and
 * `vouchers.manage` (commerce, support, administrators):
 *   GET  /api/console/vouchers                  the batches, latest first, with issued and redeemed counts
 *   POST /api/console/vouchers                  a new batch { name, entitlements, count, periodDays, redeemBy }
 *   GET  /api/console/vouchers/{id}             a batch and its codes (state, who redeemed each and when)
 *   GET  /api/console/vouchers/{id}/codes.csv   the same codes as a CSV download
 *   POST /api/console/vouchers/{id}/revoke      its unused codes are refused from now; redeemed access stays
 * Every write, refusals too, is audited as `vouchers.*` with the batch before and after (never
 * the codes themselves: a list of live codes in the audit log would be one more place to leak them).
 */
export const consoleVouchersApi = new Hono<AppEnv>();
const manage = requireCapability("vouchers.manage");

const batchInput = z.object({
  name: z.string({ error: "Enter a value" }).max(1000, "At most 120 characters").default(""),
  entitlements: z.array(z.string().max(64), { error: "Choose at least one entitlement" }).max(20).default([]),
  count: z.coerce.number({ error: "A whole number of codes, 1 to 1,000" }).default(Number.NaN),
  periodDays: z.coerce.number({ error: "A whole number of days" }).default(Number.NaN),
  redeemBy: z.string({ error: "A date: 2026-12-24" }).max(20).default(""),
});

const ID = /^[1-9][0-9]{0,8}$/;
const BATCH_NOT_FOUND = () => new ApiError(404, "BATCH_NOT_FOUND", "No such voucher batch");

async function batchOf(c: Context<AppEnv>) {
  const text = c.req.param("id") ?? "";
  const batch = ID.test(text) ? await batchById(c.env.DB, Number(text)) : null;
  if (!batch) throw BATCH_NOT_FOUND();
  return batch;
}

const staffOf = (c: Context<AppEnv>) => c.get("user")?.ssoID ?? "unknown";

consoleVouchersApi.get("/vouchers", manage, async (c) => c.json({ data: { attributes: { batches: await batchList(c.env.DB), grantable: await grantableTitles(c.env.DB) } } }));

consoleVouchersApi.post("/vouchers", manage, async (c) => {
  const raw = await jsonBody(c);
  return auditedWrite(c, "vouchers.create", null, raw, async () => {
    const input = parsedBody(batchInput, raw);
    const grantable = (await grantableTitles(c.env.DB)).map((g) => g.code);
    const checked = checkBatch(input, grantable, Date.now());
    if (checked.problems.length > 0 || checked.redeemByEnd === null) throw fieldsRefused(checked.problems);
    const id = await createBatch(c.env.DB, {
      name: input.name.trim(),
      entitlements: [...new Set(input.entitlements)],
      periodDays: input.periodDays,
      redeemBy: checked.redeemByEnd,
      createdBy: staffOf(c),
      codes: generateVoucherCodes(input.count, cryptoBytes),
    });
    const batch = (await batchById(c.env.DB, id))!;
    return { detail: { before: null, after: batch }, answer: { batch }, status: 201 };
  });
});

consoleVouchersApi.get("/vouchers/:id", manage, async (c) => {
  const batch = await batchOf(c);
  return c.json({ data: { attributes: { batch, codes: await batchCodes(c.env.DB, batch, Date.now()) } } });
});

consoleVouchersApi.get("/vouchers/:id/codes.csv", manage, async (c) => {
  const batch = await batchOf(c);
  const csv = vouchersCsv(await batchCodes(c.env.DB, batch, Date.now()));
  return c.body(csv, 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="vouchers-${batch.id}.csv"`,
    "Cache-Control": "private, no-store",
  });
});

consoleVouchersApi.post("/vouchers/:id/revoke", manage, async (c) =>
  auditedWrite(c, "vouchers.revoke", c.req.param("id"), null, async () => {
    const before = await batchOf(c);
    if (!(await revokeBatch(c.env.DB, before.id, staffOf(c)))) throw new ApiError(409, "BATCH_REVOKED", "This batch has already been revoked: the page now shows it as it is");
    const after = (await batchById(c.env.DB, before.id))!;
    return { detail: { before, after: { ...after, unusedRevoked: after.issued - after.redeemed } }, answer: { batch: after } };
  }),
);
