import * as z from "zod/mini";

/**
 * A fixture's match pass on the console's fixture list (/admin/fixtures): the worker builds its
 * answers with these types (worker/commercial/match-pass-store.ts), the browser parses a write's
 * answer with these schemas. Imported only by the console's own chunks.
 */

/** One of the match's live streams, and whether the pass opens it (it carries the pass's entitlement). */
export const matchStreamSchema = z.object({
  id: z.string(),
  title: z.string(),
  mediaType: z.enum(["audio", "video"]),
  opened: z.boolean(),
});
export type MatchStream = z.infer<typeof matchStreamSchema>;

export const consoleMatchPassSchema = z.object({
  packageId: z.string(),
  matchId: z.number(),
  title: z.string(),
  /** the active price (a Stripe price id) and its amount */
  priceId: z.string(),
  amountPence: z.number(),
  /** UTC ISO; null: no bound (a pass made before the console) */
  saleFrom: z.nullable(z.string()),
  saleUntil: z.nullable(z.string()),
  stripeProductId: z.nullable(z.string()),
  /** paid purchases of any of its prices */
  sold: z.number(),
  /** sent back by an edit or an archive: a write against an older one is a 409 */
  version: z.number(),
});
export type ConsoleMatchPass = z.infer<typeof consoleMatchPassSchema>;

/** What the fixture list shows beside each upcoming fixture: its pass, if any, and its live streams. */
export interface FixturePassView {
  pass: ConsoleMatchPass | null;
  streams: MatchStream[];
}

export const matchPassAnswerSchema = z.object({ data: z.object({ attributes: consoleMatchPassSchema }) });
