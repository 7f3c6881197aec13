import * as z from "zod/mini";

/**
 * The live stream answers (worker/live/live-session-routes.ts builds them with these types, the
 * browser parses them with these schemas).
 *   POST /api/session/check and /api/session/renew: a live token, its URL and when to renew it.
 *   GET /api/session/devices: the account's live streams, one per device.
 */
export const liveGrantSchema = z.object({
  token: z.string(),
  bypassed: z.boolean(),
  url: z.string(),
  /** ISO 8601 UTC */
  expiresAt: z.string(),
  renewAfterSeconds: z.number(),
});
export type LiveGrant = z.infer<typeof liveGrantSchema>;

export const liveGrantAnswerSchema = z.object({ data: z.object({ attributes: liveGrantSchema }) });
export type LiveGrantAnswer = z.infer<typeof liveGrantAnswerSchema>;

export const liveDeviceSchema = z.object({
  id: z.string(),
  attributes: z.object({
    /** browser and OS, from the stream's user agent */
    device: z.string(),
    assetID: z.string(),
    /** ISO 8601 UTC */
    startedAt: z.string(),
    thisDevice: z.boolean(),
  }),
});
export type LiveDevice = z.infer<typeof liveDeviceSchema>;

export const liveDevicesAnswerSchema = z.object({ data: z.array(liveDeviceSchema) });
export type LiveDevicesAnswer = z.infer<typeof liveDevicesAnswerSchema>;

/** GET /api/streams/{assetID} as a player waiting for its stream reads it: the stream's status alone. */
export const liveStatusAnswerSchema = z.object({
  data: z.object({ attributes: z.object({ assetData: z.object({ status: z.enum(["idle", "active", "disabled"]) }) }) }),
});
