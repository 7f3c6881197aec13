/**
 * The supporter's texts of a voucher's redemption, one per refusal, shown beside the code field of
 * the voucher overlay. A module of its own, importing nothing, so the overlay's first-visit chunk
 * carries only these lines (the rules are src/domain/vouchers.ts).
 */
export type VoucherRefusal = "VOUCHER_UNKNOWN" | "VOUCHER_USED" | "VOUCHER_EXPIRED" | "VOUCHER_REVOKED";

export const VOUCHER_REFUSALS: Record<VoucherRefusal, { status: 404 | 409 | 410; detail: string }> = {
  VOUCHER_UNKNOWN: { status: 404, detail: "We don't recognise that code. Check it and try again." },
  VOUCHER_USED: { status: 409, detail: "That code has already been used." },
  VOUCHER_EXPIRED: { status: 410, detail: "That code has expired: its redeem-by date has passed." },
  VOUCHER_REVOKED: { status: 410, detail: "That code has been withdrawn by the club." },
};
export const VOUCHER_SIGN_IN = "Sign in to redeem a voucher.";
export const VOUCHER_TOO_MANY = "Too many tries. Please wait a minute and try again.";

