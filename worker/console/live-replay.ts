import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError, fieldErrorsOf, type ErrorItem } from "../http/api-error";
import { staffActor, writeAudit } from "../audit/audit-log";
import { invalidateCache } from "../cache/kv-cache";
import { requireCapability } from "./capabilities";
import { ENTRY_ID } from "../media/entry-id";
import { mediaBucket } from "../media-library/media-objects";
import { liveObjectKey } from "../live-ingest/ingest-events";
import { liveEventById, setReplayMarks } from "../live-ingest/live-events";
import { readRecording, recordingView } from "../live-replay/recording";
import { makeReplay, replaysOf } from "../live-replay/replays";
import { checkMarks, clockText, MARKS_ERROR_TEXT, recordingPlaylist, trimParts, type Marks, type Recording } from "../../src/domain/live-replay";
import { LIVE_INIT_FILE, LIVE_SEGMENT_FILE } from "../../src/domain/live-ingest";
import type { LiveEvent } from "../../src/schemas/console-live";
import type { ReplayAnswer } from "../../src/schemas/console-replay";

/**
 * A live event's recording and its replay, on the event's console page (/admin/live/{id}):
 *   GET  /api/console/live-events/:id/replay            the recording's length and runs, and the replays made of it
 *   GET  /api/console/live-events/:id/recording.m3u8    the whole recording as one on-demand playlist (the preview player)
 *   GET  /api/console/live-events/:id/recording/:name   its init and segment files, from R2
 *   PUT  /api/console/live-events/:id/replay-marks      { start, end } as m:ss or h:mm:ss ("" the start / the end)
 *   POST /api/console/live-events/:id/replay            { start?, end? } → 201 a draft video and its transcode job
 * `live.manage` for all; making the replay also `video.manage` (it adds to the catalogue). Errors:
 * 409 NO_RECORDING (nothing recorded), 400 MARKS_INVALID (each field's problem), 409 REPLAY_EXISTS
 * (a replay that has not failed). Writes are audited as `live-event.replay-marks` and
 * `live-event.replay`, with the event's marks and replays before and after. Ending an event whose
 * setting is 'Publish the replay by itself' makes one too (`endReplay`, called by live-events.ts).
 */
export const consoleLiveReplayApi = new Hono<AppEnv>();

const PATH = "/live-events/:id";
const notFound = () => new ApiError(404, "EVENT_NOT_FOUND", "No live event by that id: it may have been removed");
const noRecording = () => new ApiError(409, "NO_RECORDING", "Nothing has been recorded for this event: there is no replay to make");
const replayExists = () => new ApiError(409, "REPLAY_EXISTS", "This event already has a replay (queued, transcoding or ready): open it from this page");
const NO_REPLAY = () => new ApiError(409, "NO_REPLAY", "This event's setting is 'No replay'");

const actorOf = (c: Context<AppEnv>) => staffActor(c.get("user")?.ssoID ?? "unknown");

function idOf(c: Context<AppEnv>): string {
  const id = c.req.param("id") ?? "";
  if (!ENTRY_ID.test(id)) throw notFound();
  return id;
}

async function eventOf(c: Context<AppEnv>): Promise<LiveEvent> {
  const event = await liveEventById(c.env.DB, idOf(c));
  if (!event) throw notFound();
  return event;
}

/** What the audit keeps of an event's replay side: its setting, marks and replays. */
async function replaySide(db: D1Database, event: LiveEvent) {
  const replays = await replaysOf(db, event.id);
  return { replayMode: event.replayMode, marks: event.replayMarks, replays: replays.map((r) => ({ entryId: r.entryId, sourceId: r.sourceId, startSeconds: r.startSeconds, endSeconds: r.endSeconds, status: r.job.status })) };
}

async function audit(c: Context<AppEnv>, action: string, target: string, status: number, detail: Record<string, unknown>) {
  await writeAudit(c, { actor: actorOf(c), action, target, status, detail: { via: "console", ...detail } });
}

async function refuse(c: Context<AppEnv>, action: string, target: string, error: ApiError, detail: Record<string, unknown>): Promise<never> {
  await audit(c, action, target, error.status, detail);
  throw error;
}

const marksBody = z.object({
  start: z.string({ error: "Enter a time as m:ss or h:mm:ss" }).max(20).default(""),
  end: z.string({ error: "Enter a time as m:ss or h:mm:ss" }).max(20).default(""),
});

/** The marks typed, checked against the recording: each field's problem (400 MARKS_INVALID). */
function marksOf(body: z.output<typeof marksBody>, recording: Recording): Marks {
  const checked = checkMarks(body.start, body.end, recording.lengthSeconds);
  if (checked.ok) return checked.marks;
  const errors: ErrorItem[] = checked.errors.map((e) => ({ code: e.code, field: e.field, detail: e.code === "MARK_BEYOND_END" ? `${MARKS_ERROR_TEXT[e.code]} (${clockText(recording.lengthSeconds)})` : MARKS_ERROR_TEXT[e.code] }));
  throw new ApiError(400, "MARKS_INVALID", "The marks need a change", {}, errors);
}

async function bodyOf(c: Context<AppEnv>) {
  const raw: unknown = await c.req.json().catch(() => ({}));
  const parsed = marksBody.safeParse(raw ?? {});
  if (!parsed.success) throw ApiError.fields(400, "MARKS_INVALID", "The marks need a change", fieldErrorsOf(parsed.error));
  return { raw, body: parsed.data, given: typeof raw === "object" && raw !== null && ("start" in raw || "end" in raw) };
}

/** The stored marks, or the whole recording; stored marks beyond a recording that shrank never happen (segments are never deleted). */
function storedMarks(event: LiveEvent, recording: Recording): Marks {
  return { startSeconds: event.replayMarks.startSeconds ?? 0, endSeconds: Math.min(event.replayMarks.endSeconds ?? recording.lengthSeconds, recording.lengthSeconds) };
}

/**
 * Makes the event's replay between `marks`: the video, its source and its job (replays.ts).
 * Refusals are thrown (NO_RECORDING, REPLAY_EXISTS); the caller audits.
 */
async function createReplay(c: Context<AppEnv>, event: LiveEvent, recording: Recording, marks: Marks, publishWhenReady: boolean) {
  const parts = trimParts(recording, marks);
  if (parts.length === 0) throw noRecording();
  const made = await makeReplay(c.env.DB, event, { eventId: event.id, startSeconds: marks.startSeconds, endSeconds: marks.endSeconds, parts }, { actor: actorOf(c), publishWhenReady });
  if (!made) throw replayExists();
  await invalidateCache(c.env);
  return made;
}

/**
 * The replay an ended event makes by itself ('Publish the replay by itself'): the marks if set,
 * else the whole recording, published once transcoded. Null (and nothing made) when nothing was
 * recorded or a replay exists: ending the event goes ahead all the same.
 */
export async function endReplay(c: Context<AppEnv>, event: LiveEvent): Promise<{ entryId: string } | { refused: string } | null> {
  if (event.replayMode !== "auto") return null;
  const recording = await readRecording(c.env, event);
  if (recording.runs.length === 0) return { refused: "NO_RECORDING" };
  try {
    const made = await createReplay(c, event, recording, storedMarks(event, recording), true);
    return { entryId: made.entryId };
  } catch (error) {
    if (error instanceof ApiError) return { refused: error.code };
    throw error;
  }
}

consoleLiveReplayApi.get(`${PATH}/replay`, requireCapability("live.manage"), async (c) => {
  const event = await eventOf(c);
  const [recording, replays] = await Promise.all([readRecording(c.env, event), replaysOf(c.env.DB, event.id)]);
  const answer: ReplayAnswer = { data: { attributes: { recording: recordingView(recording), replays } } };
  return c.json(answer);
});

consoleLiveReplayApi.get(`${PATH}/recording.m3u8`, requireCapability("live.manage"), async (c) => {
  const event = await eventOf(c);
  const recording = await readRecording(c.env, event);
  if (recording.runs.length === 0) throw noRecording();
  return c.body(recordingPlaylist(recording, "recording/"), 200, { "Content-Type": "application/vnd.apple.mpegurl" });
});

consoleLiveReplayApi.get(`${PATH}/recording/:name`, requireCapability("live.manage"), async (c) => {
  const id = idOf(c);
  const name = c.req.param("name");
  if (!LIVE_INIT_FILE.test(name) && !LIVE_SEGMENT_FILE.test(name)) throw new ApiError(404, "NOT_FOUND", "Not a file of the recording");
  const object = await mediaBucket(c.env).get(liveObjectKey(id, name));
  if (!object) throw new ApiError(404, "NOT_FOUND", "Not a file of the recording");
  return c.body(object.body, 200, { "Content-Type": object.httpMetadata?.contentType ?? "video/mp4", "Content-Length": String(object.size) });
});

consoleLiveReplayApi.put(`${PATH}/replay-marks`, requireCapability("live.manage"), async (c) => {
  const action = "live-event.replay-marks";
  const event = await eventOf(c);
  const before = await replaySide(c.env.DB, event);
  const { raw, body } = await bodyOf(c).catch((error: unknown) => (error instanceof ApiError ? refuse(c, action, event.id, error, { body: null, before }) : Promise.reject(error)));
  const recording = await readRecording(c.env, event);
  if (recording.runs.length === 0) return refuse(c, action, event.id, noRecording(), { body: raw, before });
  let marks: Marks;
  try {
    marks = marksOf(body, recording);
  } catch (error) {
    return refuse(c, action, event.id, error as ApiError, { body: raw, before });
  }
  // "" is kept as null: the recording's start or end, wherever a later push moves it.
  await setReplayMarks(c.env.DB, event.id, body.start.trim() === "" ? null : marks.startSeconds, body.end.trim() === "" ? null : marks.endSeconds);
  const after = await replaySide(c.env.DB, (await liveEventById(c.env.DB, event.id)) ?? event);
  await audit(c, action, event.id, 200, { body: raw, before, after });
  return c.json({ data: { id: event.id, attributes: { marks } } });
});

consoleLiveReplayApi.post(`${PATH}/replay`, requireCapability("live.manage"), requireCapability("video.manage"), async (c) => {
  const action = "live-event.replay";
  const event = await eventOf(c);
  const before = await replaySide(c.env.DB, event);
  const { raw, body, given } = await bodyOf(c).catch((error: unknown) => (error instanceof ApiError ? refuse(c, action, event.id, error, { body: null, before }) : Promise.reject(error)));
  if (event.replayMode === "none") return refuse(c, action, event.id, NO_REPLAY(), { body: raw, before });
  const recording = await readRecording(c.env, event);
  if (recording.runs.length === 0) return refuse(c, action, event.id, noRecording(), { body: raw, before });
  try {
    const marks = given ? marksOf(body, recording) : storedMarks(event, recording);
    if (given) await setReplayMarks(c.env.DB, event.id, body.start.trim() === "" ? null : marks.startSeconds, body.end.trim() === "" ? null : marks.endSeconds);
    // The event's setting says who publishes, whoever made it.
    const made = await createReplay(c, event, recording, marks, event.replayMode === "auto");
    const after = await replaySide(c.env.DB, (await liveEventById(c.env.DB, event.id)) ?? event);
    await audit(c, action, event.id, 201, { body: raw, before, after });
    return c.json({ data: { id: event.id, attributes: { ...made, marks } } }, 201);
  } catch (error) {
    if (error instanceof ApiError) return refuse(c, action, event.id, error, { body: raw, before });
    throw error;
  }
});
