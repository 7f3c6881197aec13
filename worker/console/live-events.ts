import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError, fieldErrorsOf } from "../http/api-error";
import { staffActor, writeAudit } from "../audit/audit-log";
import { invalidateCache } from "../cache/kv-cache";
import { requireCapability } from "./capabilities";
import { ENTRY_ID } from "../media/entry-id";
import { updateLiveStream } from "../live/live-streams";
import { ingestConfigured, issueStreamKey } from "../live-ingest/stream-keys";
import { insertLiveEvent, liveEventById, liveEvents, matchExists, updateLiveEvent } from "../live-ingest/live-events";
import { eventEntitlements, liveEventId, LIVE_TIER_NAMES } from "../../src/domain/live-events";
import { DEFAULT_REPLAY_MODE, REPLAY_MODES } from "../../src/domain/live-replay";
import { endReplay } from "./live-replay";
import type { LiveEvent, LiveEventInput, LiveEventsAnswer } from "../../src/schemas/console-live";

/**
 * The console's Live streams section (`live.manage`): the live events the ingest serves.
 *   GET  /api/console/live-events              every event, its status, runs, newest media, viewers, a running push's health
 *   POST /api/console/live-events              { title, description, mediaType, matchId, tier, matchPass, startsAt, replayMode? } → 201,
 *                                              the event and its first stream key (shown once)
 *   PUT  /api/console/live-events/:id          the same fields but mediaType (the ingest packages by it)
 *   POST /api/console/live-events/:id/key      a new stream key (the old one stops working for the next connection), shown once
 *   POST /api/console/live-events/:id/end      ended (disabled): players show the offline text, the ingest refuses pushes;
 *                                              with 'Publish the replay by itself', the replay is made (live-replay.ts)
 * Keys and ends go through the admin API's own functions (issueStreamKey, updateLiveStream). A
 * refused body is 400 with each field's problem; every write, refusals too, is audited as
 * `live-event.create`, `.update`, `.rotate-key` or `.end` with the event before and after: never
 * the key (the audit shows the key's version).
 */
export const consoleLiveEventsApi = new Hono<AppEnv>();

const PATH = "/live-events";

const optionalText = (max: number, message: string) => z.string({ error: message }).max(max, `At most ${max} characters`).default("");
const bodySchema = z.object({
  title: z.string({ error: "Enter a title" }).trim().min(1, "Enter a title").max(120, "At most 120 characters"),
  description: optionalText(1000, "The description must be text"),
  mediaType: z.enum(["video", "audio"], { error: "Choose video or audio" }),
  matchId: z
    .union([z.null(), z.literal(""), z.coerce.number({ error: "Choose a fixture from the list" }).int("Choose a fixture from the list").positive("Choose a fixture from the list")])
    .default(null)
    .transform((v) => (v === "" ? null : v)),
  tier: z.enum(LIVE_TIER_NAMES as ["mid", "top"], { error: "Choose who may watch" }),
  matchPass: z.boolean({ error: "matchPass is true or false" }).default(false),
  startsAt: z
    .union([z.null(), z.literal(""), z.iso.datetime({ offset: true, error: "Enter the start as a date and time" })])
    .default(null)
    .transform((v) => (v === "" || v === null ? null : new Date(v).toISOString())),
  // Left out: a new event's default for its kind, an edited event's own.
  replayMode: z.enum(REPLAY_MODES, { error: "Choose what happens to the recording" }).optional(),
});

type Action = "live-event.create" | "live-event.update" | "live-event.rotate-key" | "live-event.end";

const actorOf = (c: Context<AppEnv>) => staffActor(c.get("user")?.ssoID ?? "unknown");

/** The event as the audit keeps it: everything staff set and the ingest's counts, no media, no key. */
const audited = (e: LiveEvent | null) =>
  e && { id: e.id, title: e.title, description: e.description, mediaType: e.mediaType, status: e.status, entitlements: e.entitlements, startsAt: e.startsAt, matchId: e.matchId, keyVersion: e.keyVersion, runs: e.runs, replayMode: e.replayMode };

async function audit(c: Context<AppEnv>, action: Action, target: string | null, status: number, detail: Record<string, unknown>) {
  await writeAudit(c, { actor: actorOf(c), action, target, status, detail: { via: "console", ...detail } });
}

/** Audits a refusal, then throws it. */
async function refuse(c: Context<AppEnv>, action: Action, target: string | null, error: ApiError, detail: Record<string, unknown>): Promise<never> {
  await audit(c, action, target, error.status, detail);
  throw error;
}

const notFound = () => new ApiError(404, "EVENT_NOT_FOUND", "No live event by that id: it may have been removed");
const ended = () => new ApiError(409, "EVENT_ENDED", "This live event has ended");
const notConfigured = () => new ApiError(503, "INGEST_NOT_CONFIGURED", "Live ingest is not configured (INGEST_TOKEN)");

/** The body checked whole (every field's problem at once), and the fixture it names found. */
async function parsedBody(c: Context<AppEnv>, raw: unknown, current: LiveEvent | null): Promise<{ input: LiveEventInput } | { error: ApiError }> {
  // An edit keeps the media type: the ingest packages by it and the players were made for it.
  const schema = current === null ? bodySchema : bodySchema.extend({ mediaType: bodySchema.shape.mediaType.optional().default(current.mediaType) });
  const body = schema.safeParse(raw ?? {});
  if (!body.success) return { error: ApiError.fields(400, "INVALID_INPUT", "Some fields need a change", fieldErrorsOf(body.error)) };
  const mediaType = current?.mediaType ?? body.data.mediaType;
  const input = { ...body.data, mediaType, replayMode: body.data.replayMode ?? current?.replayMode ?? DEFAULT_REPLAY_MODE };
  if (input.matchId !== null && !(await matchExists(c.env.DB, input.matchId))) {
    return { error: ApiError.fields(400, "INVALID_INPUT", "Some fields need a change", [{ field: "matchId", detail: "Choose a fixture from the list" }]) };
  }
  if (input.matchPass && input.matchId === null) {
    return { error: ApiError.fields(400, "INVALID_INPUT", "Some fields need a change", [{ field: "matchPass", detail: "A match pass needs a linked fixture" }]) };
  }
  return { input };
}

async function jsonOf(c: Context<AppEnv>): Promise<unknown> {
  return c.req.json().catch(() => undefined);
}

function idOf(c: Context<AppEnv>): string {
  const id = c.req.param("id") ?? "";
  if (!ENTRY_ID.test(id)) throw notFound();
  return id;
}

consoleLiveEventsApi.get(PATH, requireCapability("live.manage"), async (c) => {
  const now = Date.now();
  const answer: LiveEventsAnswer = { data: { attributes: { at: new Date(now).toISOString(), events: await liveEvents(c.env.DB, now) } } };
  return c.json(answer);
});

consoleLiveEventsApi.post(PATH, requireCapability("live.manage"), async (c) => {
  const action = "live-event.create";
  const raw = await jsonOf(c);
  const parsed = await parsedBody(c, raw, null);
  if ("error" in parsed) return refuse(c, action, null, parsed.error, { body: raw });
  // Checked before the insert: an event with no key to push with would be a half-made one.
  if (!ingestConfigured(c.env)) return refuse(c, action, null, notConfigured(), { body: raw });
  const { input } = parsed;
  const id = liveEventId(input.title, crypto.randomUUID().slice(0, 6));
  if (!(await insertLiveEvent(c.env.DB, id, input, eventEntitlements(input.tier, input.matchPass, input.matchId)))) {
    return refuse(c, action, id, new ApiError(409, "EVENT_EXISTS", "An event with that id exists: send it again"), { body: raw });
  }
  const issued = await issueStreamKey(c, id);
  const after = await liveEventById(c.env.DB, id);
  await audit(c, action, id, 201, { before: null, after: audited(after) });
  await invalidateCache(c.env);
  return c.json({ data: { id, attributes: { event: after, issued } } }, 201);
});

consoleLiveEventsApi.put(`${PATH}/:id`, requireCapability("live.manage"), async (c) => {
  const action = "live-event.update";
  const id = idOf(c);
  const raw = await jsonOf(c);
  const before = await liveEventById(c.env.DB, id);
  if (!before) return refuse(c, action, id, notFound(), { body: raw });
  const parsed = await parsedBody(c, raw, before);
  if ("error" in parsed) return refuse(c, action, id, parsed.error, { body: raw, before: audited(before) });
  const { input } = parsed;
  if (!(await updateLiveEvent(c.env.DB, id, input, eventEntitlements(input.tier, input.matchPass, input.matchId)))) return refuse(c, action, id, notFound(), { body: raw });
  const after = await liveEventById(c.env.DB, id);
  await audit(c, action, id, 200, { before: audited(before), after: audited(after) });
  await invalidateCache(c.env);
  return c.json({ data: { id, attributes: { event: after } } });
});

consoleLiveEventsApi.post(`${PATH}/:id/key`, requireCapability("live.manage"), async (c) => {
  const action = "live-event.rotate-key";
  const id = idOf(c);
  const before = await liveEventById(c.env.DB, id);
  if (!before) return refuse(c, action, id, notFound(), {});
  if (before.status === "disabled") return refuse(c, action, id, ended(), { before: audited(before) });
  if (!ingestConfigured(c.env)) return refuse(c, action, id, notConfigured(), { before: audited(before) });
  const issued = await issueStreamKey(c, id);
  // Null: another rotation won the race at the same moment; its key stands.
  if (!issued) return refuse(c, action, id, new ApiError(409, "KEY_CHANGED", "The key was rotated by someone else at the same moment: rotate again to see a key"), { before: audited(before) });
  const after = await liveEventById(c.env.DB, id);
  await audit(c, action, id, 200, { before: audited(before), after: audited(after) });
  return c.json({ data: { id, attributes: { event: after, issued } } });
});

consoleLiveEventsApi.post(`${PATH}/:id/end`, requireCapability("live.manage"), async (c) => {
  const action = "live-event.end";
  const id = idOf(c);
  const before = await liveEventById(c.env.DB, id);
  if (!before) return refuse(c, action, id, notFound(), {});
  if (before.status === "disabled") return refuse(c, action, id, ended(), { before: audited(before) });
  if (!(await updateLiveStream(c.env.DB, id, { status: "disabled" }))) return refuse(c, action, id, notFound(), {});
  // Pages and the live listing read the status through the content cache.
  await invalidateCache(c.env);
  const after = await liveEventById(c.env.DB, id);
  // 'Publish the replay by itself': the replay is made now, and published once transcoded.
  const replay = after ? await endReplay(c, after) : null;
  await audit(c, action, id, 200, { before: audited(before), after: audited(after), ...(replay ? { replay } : {}) });
  return c.json({ data: { id, attributes: { event: after, replay } } });
});
