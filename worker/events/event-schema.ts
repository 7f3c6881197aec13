import { z } from "zod";
import { MAX_EVENTS_PER_BATCH, TRACKING_ACTIONS } from "../../src/domain/tracking-event";

/**
 * POST /api/events body: { events: [TrackingEvent, ...] } (src/domain/tracking-event.ts builds
 * them). Strict: an unknown or malformed field refuses the whole batch, so nothing half-valid is
 * stored. Advert events carry the advert's fields; a page view carries none.
 */
const text = (max: number) => z.string().max(max);

const baseEvent = z
  .object({
    channel: z.literal("web"),
    domain: text(253),
    logID: z.number().int().min(1).max(1_000_000),
    screensize: z.string().regex(/^\d{1,5}x\d{1,5}$/),
    ssoVendor: text(64),
    userAgent: text(512),
    sessionID: text(64),
    ssoID: text(128),
    timestamp: z.iso.datetime(),
    url: text(2048),
    userAllowTracking: z.boolean(),
  })
  .strict();

const advertFields = {
  advertID: z.number().int().min(1),
  advertName: text(200),
  advertRef: text(200),
  campaignRef: text(200),
};

export const trackingEventSchema = z.discriminatedUnion("action", [
  baseEvent.extend({ action: z.literal("pageView") }).strict(),
  baseEvent.extend({ action: z.enum(TRACKING_ACTIONS.filter((a) => a !== "pageView")), ...advertFields }).strict(),
]);

export const eventBatchSchema = z.object({ events: z.array(trackingEventSchema).min(1).max(MAX_EVENTS_PER_BATCH) }).strict();

export type StoredEvent = z.output<typeof trackingEventSchema>;
