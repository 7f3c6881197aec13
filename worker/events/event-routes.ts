import { Hono } from "hono";
import { clientIp } from "../http/client-ip";
import { rateLimitedResponse } from "../auth/rate-limit";
import { hitRateLimits } from "../http/rate-limits";
import { settingsOf, type AppEnv } from "../env";
import { eventBatchSchema } from "./event-schema";
import { storeEvents } from "./event-store";
import { MAX_EVENTS_BODY_BYTES, MAX_EVENTS_PER_BATCH } from "../../src/domain/tracking-event";
import { ApiError } from "../http/api-error";

/**
 * POST /api/events: tracking events from the browser (spec §3 'Tracking event', advertImpression,
 * advertClick), batched. The browser sends them only after analytics consent (src/domain/consent.ts);
 * here a body over 16 kB, a bad field or more than 50 events is a 400 with nothing stored, and each
 * IP may post EVENTS_RATE_LIMIT batches a minute. No cloud event stream is fed (spec §4: off by default).
 */
export const EVENTS_RATE_LIMIT = { limit: 300, windowSeconds: 60 };

export const eventRoutes = new Hono<AppEnv>();

eventRoutes.post("/", async (c) => {
  const declared = Number(c.req.header("content-length") ?? "0");
  if (declared > MAX_EVENTS_BODY_BYTES) throw new ApiError(400, "EVENTS_TOO_LARGE", `At most ${MAX_EVENTS_BODY_BYTES} bytes of events per request`);
  const body = await c.req.arrayBuffer();
  if (body.byteLength > MAX_EVENTS_BODY_BYTES) throw new ApiError(400, "EVENTS_TOO_LARGE", `At most ${MAX_EVENTS_BODY_BYTES} bytes of events per request`);

  const verdict = await hitRateLimits(c.env.DB, [{ bucket: `events-ip:${clientIp(c)}`, ...EVENTS_RATE_LIMIT }]);
  if (!verdict.ok) return rateLimitedResponse(c, verdict.retryAfter, "Too many events. Please try again later.");

  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw new ApiError(400, "INVALID_EVENTS", "The body is not JSON");
  }
  const parsed = eventBatchSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const tooMany = issue?.code === "too_big" && issue.path.length === 1 && issue.path[0] === "events";
    throw tooMany
      ? new ApiError(400, "TOO_MANY_EVENTS", `At most ${MAX_EVENTS_PER_BATCH} events per request`)
      : new ApiError(400, "INVALID_EVENTS", `${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}`);
  }
  const stored = await storeEvents({ DB: c.env.DB, EVENTS: settingsOf(c.env).eventsDataset ?? undefined }, parsed.data.events);
  c.header("Cache-Control", "no-store");
  return c.json({ data: { accepted: parsed.data.events.length, store: stored } }, 202);
});
