import * as z from "zod/mini";

/**
 * GET /api/console/revenue (staff only): the console's 'Subscriptions and revenue'. The worker
 * builds it with this type (worker/console/revenue.ts), the page parses it with this schema.
 * Money is integer pence; days are UTC dates (YYYY-MM-DD).
 */
const count = z.number().check(z.int(), z.nonnegative());
const pence = z.number().check(z.int());

export const revenueSchema = z.object({
  /** ISO 8601 UTC: when it was read */
  at: z.string(),
  /** the window, both days included */
  from: z.string(),
  to: z.string(),
  activeSubscribers: count,
  mrrPence: pence,
  /** active subscribers and their MRR per membership tier (package) */
  tiers: z.array(z.object({ packageID: z.string(), title: z.string(), subscribers: count, mrrPence: pence })),
  /** one entry per day of the window, oldest first, missing days at 0 */
  days: z.array(
    z.object({
      day: z.string(),
      subscriptionPence: pence,
      matchPassPence: pence,
      refundedPence: pence,
      newSubscriptions: count,
      cancelled: count,
      refunds: count,
      signUps: count,
    }),
  ),
  /** match passes paid in the window, per match (latest kick-off first) */
  matchPasses: z.array(z.object({ matchID: z.nullable(z.number()), title: z.string(), kickoff: z.nullable(z.string()), sold: count, revenuePence: pence })),
  /** promotion codes redeemed at checkout in the window, most used first */
  vouchers: z.array(z.object({ code: z.string(), redemptions: count })),
  /** visits (a session's day, seen by consented tracking events) → accounts created → of those, accounts that subscribed */
  funnel: z.object({ visits: count, signUps: count, subscribers: count }),
  /** per UTC month, oldest first (src/domain/churn.ts): subscriptions on at its start, of those ended in it, the share; null: none was on */
  churn: z.array(z.object({ month: z.string(), onAtStart: count, ended: count, percent: z.nullable(z.number()) })),
  /** Rovers TV's most watched videos since publishing: plays (master playlists served) and minutes watched, with their tier */
  viewing: z.array(z.object({ entryId: z.string(), title: z.string(), tier: z.array(z.string()), plays: count, minutes: count })),
});
export type Revenue = z.infer<typeof revenueSchema>;

export const revenueAnswerSchema = z.object({ data: z.object({ attributes: revenueSchema }) });
export type RevenueAnswer = z.infer<typeof revenueAnswerSchema>;
