import * as z from "zod/mini";

/**
 * POST /api/vouchers/redeem's answer (worker/vouchers/redeem-routes.ts): what the code granted, by
 * the packages' titles, and until when. The voucher overlay loads this module only once an answer
 * has come, so zod never weighs on a first visit.
 */
export const redeemedAnswerSchema = z.object({
  data: z.object({
    attributes: z.object({
      granted: z.array(z.object({ entitlement: z.string(), title: z.string() })),
      /** ISO instant, exclusive */
      endsAt: z.string(),
      /** the last moment held, in London time: '30 Dec 2026, 10:15' */
      until: z.string(),
    }),
  }),
});
export type RedeemedVoucher = z.infer<typeof redeemedAnswerSchema>["data"]["attributes"];
