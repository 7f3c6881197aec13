import * as z from "zod/mini";

/**
 * GET /api/console/webhooks, staff only: the Stripe webhook's health. The worker
 * builds it with this type (worker/console/webhooks.ts), the console page parses it with this schema.
 */
export const WEBHOOK_OUTCOMES = ["applied", "duplicate", "ignored", "failed"] as const;

/** Deliveries per outcome, and Stripe's `created` to processed over those that carry it (null: none). */
const webhookCounts = {
  applied: z.number(),
  duplicate: z.number(),
  ignored: z.number(),
  failed: z.number(),
  lagAverageSeconds: z.nullable(z.number()),
  lagMaxSeconds: z.nullable(z.number()),
};

export const webhookHourSchema = z.object({
  /** ISO start of the hour (UTC) */
  hour: z.string(),
  ...webhookCounts,
});
export type WebhookHour = z.infer<typeof webhookHourSchema>;

export const webhookHealthSchema = z.object({
  /** ISO: when it was read */
  at: z.string(),
  /** the hours shown, oldest first (WEBHOOK_HOURS of them, the current one last) */
  hours: z.array(webhookHourSchema),
  last: z.nullable(z.object({ receivedAt: z.string(), eventID: z.string(), type: z.string(), outcome: z.enum(WEBHOOK_OUTCOMES) })),
  /** the setting console.webhookSilenceMinutes, and whether nothing has arrived for longer */
  silence: z.object({ limitMinutes: z.number(), minutesSinceLast: z.nullable(z.number()), warning: z.boolean() }),
  /** the counts of all the hours shown */
  totals: z.object(webhookCounts),
  /** the types the site received but does not act on, in the window, most first */
  ignoredTypes: z.array(z.object({ type: z.string(), count: z.number() })),
  /** the latest failed deliveries in the window, newest first */
  failures: z.array(z.object({ receivedAt: z.string(), eventID: z.string(), type: z.string(), detail: z.nullable(z.string()) })),
});
export type WebhookHealth = z.infer<typeof webhookHealthSchema>;
export const webhookHealthAnswerSchema = z.object({ data: z.object({ attributes: webhookHealthSchema }) });
export type WebhookHealthAnswer = z.infer<typeof webhookHealthAnswerSchema>;
