import * as z from "zod/mini";

/**
 * The console's Vouchers screen (/admin/vouchers and a batch's page): the worker builds its
 * answers with these types (worker/vouchers/voucher-store.ts, worker/console/vouchers.ts), the
 * browser parses a new batch's answer with the schema. Imported only by the console's own chunks.
 */
export const voucherBatchSchema = z.object({
  id: z.number(),
  name: z.string(),
  entitlements: z.array(z.string()),
  periodDays: z.number(),
  /** ISO instant, exclusive: the start of the London day after the last day a code may be redeemed */
  redeemBy: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  revokedAt: z.nullable(z.string()),
  issued: z.number(),
  redeemed: z.number(),
});
export type VoucherBatch = z.infer<typeof voucherBatchSchema>;

export interface VoucherCodeView {
  /** grouped for reading: 'ABCD-EFGH-JKLM' */
  code: string;
  status: "unused" | "redeemed" | "revoked" | "expired";
  /** the account's e-mail address */
  redeemedBy: string | null;
  redeemedBySsoID: string | null;
  redeemedAt: string | null;
}

/** An entitlement the club's packages grant, with the title of the package that grants it. */
export interface GrantableEntitlement {
  code: string;
  title: string;
}

/** POST /api/console/vouchers: the batch just made. */
export const createdBatchAnswerSchema = z.object({ data: z.object({ attributes: z.object({ batch: voucherBatchSchema }) }) });
