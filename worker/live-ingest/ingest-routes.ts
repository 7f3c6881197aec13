import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { settingsOf, type AppEnv } from "../env";
import { constantTimeEqual } from "../auth/constant-time";
import { ApiError, fieldErrorsOf, noApiRoute } from "../http/api-error";
import { mediaBucket } from "../media-library/media-objects";
import { ENTRY_ID } from "../media/entry-id";
import { invalidateCache } from "../cache/kv-cache";
import { ingestFile, parseIngestPlaylist, INGEST_SEGMENT_SECONDS } from "../../src/domain/live-ingest";
import { STREAM_KEY_FORMAT, streamKeyHash } from "../../src/domain/stream-key";
import { ingestRtmpAddress } from "./stream-keys";
import { ingestEvent, listeningEvents, liveObjectKey, startRun, stopRun, storePlaylist, touchMedia, type IngestEventRow } from "./ingest-events";

/**
 * The live ingest service's API (mount at /api/ingest; the service is ingest/):
 *   GET  /events                       the events to listen for: { id, mediaType, keyVersion, srtPort, rtmpUrl, segmentSeconds }
 *   POST /events/{id}/start  { key }   media begins: the key must be the event's current one → { run } (a new run, active)
 *   POST /events/{id}/stop   { run }   media ended → idle (not if a newer run began or the event ended)
 *   PUT  /events/{id}/files/{name}     the run's init, a segment or the rolling playlist, stored in R2 under live/{id}/
 * Authorization: Bearer <INGEST_TOKEN>, compared in constant time; without the secret the API does
 * not exist (404), a wrong token is 401. Files: only `index.m3u8`, `r{run}-init.mp4` and
 * `r{run}-seg{n}.m4s` of the current run (400 INGEST_FILE_NAME, 415 INGEST_FILE_TYPE, 413
 * INGEST_FILE_TOO_LARGE, 409 RUN_ENDED / EVENT_ENDED); an init or segment already stored is never
 * overwritten, and a playlist that does not reach further than the stored one is not applied.
 */
export const ingestRoutes = new Hono<AppEnv>();

const ingestAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = settingsOf(c.env).ingestToken;
  if (!token) return noApiRoute(c);
  const header = c.req.header("authorization") ?? "";
  const presented = header.startsWith("Bearer ") ? header.slice("Bearer ".length) : "";
  if (!(await constantTimeEqual(presented, token))) {
    throw new ApiError(401, "UNAUTHORIZED", "A valid ingest token is required", { "WWW-Authenticate": 'Bearer realm="ingest"' });
  }
  c.header("Cache-Control", "no-store");
  await next();
};
ingestRoutes.use("*", ingestAuth);

async function jsonBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  const raw: unknown = await request.json().catch(() => undefined);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw ApiError.fields(400, "INVALID_INPUT", "The request body is not valid", fieldErrorsOf(parsed.error));
  return parsed.data;
}

async function eventOf(id: string | undefined): Promise<string> {
  if (!id || !ENTRY_ID.test(id)) throw new ApiError(404, "EVENT_NOT_FOUND", "No live event by that id");
  return id;
}

async function existingEvent(db: D1Database, id: string | undefined): Promise<IngestEventRow> {
  const event = await ingestEvent(db, await eventOf(id));
  if (!event) throw new ApiError(404, "EVENT_NOT_FOUND", "No live event by that id");
  return event;
}

const EVENT_ENDED = () => new ApiError(409, "EVENT_ENDED", "This live event has ended");

ingestRoutes.get("/events", async (c) => {
  const { srtBasePort } = settingsOf(c.env).ingest;
  // The RTMP address encoders are given (one for all events; the ingest's gate listens on its port).
  const rtmpUrl = ingestRtmpAddress(c.env, c.req.url).url;
  const events = await listeningEvents(c.env.DB);
  return c.json({
    data: events.map((e) => ({
      id: e.id,
      mediaType: e.media_type,
      keyVersion: e.ingest_key_version,
      srtPort: srtBasePort + (e.ingest_slot ?? 0),
      rtmpUrl,
      segmentSeconds: INGEST_SEGMENT_SECONDS[e.media_type],
    })),
  });
});

const startBody = z.object({ key: z.string().max(200) });

ingestRoutes.post("/events/:id/start", async (c) => {
  const event = await existingEvent(c.env.DB, c.req.param("id"));
  const { key } = await jsonBody(c.req.raw, startBody);
  // The listener only hears encoders with the derived key; this check is what makes a rotated
  // key, or a listener still holding an old one, refused at once.
  const hash = STREAM_KEY_FORMAT.test(key) ? await streamKeyHash(key) : "";
  if (!event.ingest_key_hash || !(await constantTimeEqual(hash, event.ingest_key_hash))) {
    throw new ApiError(403, "STREAM_KEY_REFUSED", "That is not this event's stream key");
  }
  if (event.status === "disabled") throw EVENT_ENDED();
  const run = await startRun(c.env.DB, event, Date.now());
  if (run === null) throw EVENT_ENDED();
  // Pages and the live listing read the status through the content cache.
  await invalidateCache(c.env);
  return c.json({ data: { id: event.id, run, mediaType: event.media_type, segmentSeconds: INGEST_SEGMENT_SECONDS[event.media_type] } });
});

const stopBody = z.object({ run: z.number().int().min(1) });

ingestRoutes.post("/events/:id/stop", async (c) => {
  const event = await existingEvent(c.env.DB, c.req.param("id"));
  const { run } = await jsonBody(c.req.raw, stopBody);
  const status = await stopRun(c.env.DB, event.id, run);
  if (status) await invalidateCache(c.env);
  return c.json({ data: { id: event.id, applied: status !== null } });
});

ingestRoutes.put("/events/:id/files/:name", async (c) => {
  const event = await existingEvent(c.env.DB, c.req.param("id"));
  const file = ingestFile(c.req.param("name"), c.req.header("content-type"), event.media_type);
  if ("refused" in file) {
    throw file.refused === "name"
      ? new ApiError(400, "INGEST_FILE_NAME", "Only index.m3u8, r{run}-init.mp4 and r{run}-seg{n}.m4s are accepted")
      : new ApiError(415, "INGEST_FILE_TYPE", "That Content-Type is not accepted for this file");
  }
  const tooLarge = () => new ApiError(413, "INGEST_FILE_TOO_LARGE", `${file.name} is larger than ${file.maxBytes} bytes`);
  const declared = Number(c.req.header("content-length") ?? "0");
  if (declared > file.maxBytes) throw tooLarge();
  if (event.status === "disabled") throw EVENT_ENDED();
  const now = Date.now();
  const bucket = mediaBucket(c.env);

  if (file.kind === "playlist") {
    const text = await c.req.text();
    if (text.length > file.maxBytes) throw tooLarge();
    const playlist = parseIngestPlaylist(text, event.ingest_run);
    if (!playlist) throw new ApiError(400, "INGEST_PLAYLIST_INVALID", "The playlist is not a live media playlist of the current run");
    // Every file it lists must be stored already: viewers fetch them as soon as it is served.
    const last = playlist.files.at(-1);
    if (last && !(await bucket.head(liveObjectKey(event.id, last)))) throw new ApiError(409, "INGEST_FILE_MISSING", `${last} has not been uploaded`);
    const applied = await storePlaylist(c.env.DB, event.id, event.ingest_run, text, playlist.position, now);
    if (!applied) {
      const current = await ingestEvent(c.env.DB, event.id);
      if (current && current.ingest_run === event.ingest_run && current.playlist_position === playlist.position) return c.json({ data: { name: file.name, applied: false } });
      throw new ApiError(409, "PLAYLIST_BEHIND", "A playlist reaching as far or further is already stored, or the run has ended");
    }
    // The run's latest playlist is kept beside its segments: the replay is cut from it.
    await bucket.put(liveObjectKey(event.id, `r${event.ingest_run}-index.m3u8`), text, { httpMetadata: { contentType: file.contentType } });
    return c.json({ data: { name: file.name, applied: true, position: playlist.position } });
  }

  if (file.run !== event.ingest_run || event.ingest_run === 0) throw new ApiError(409, "RUN_ENDED", "That run is not the event's current one");
  const bytes = await c.req.arrayBuffer();
  if (bytes.byteLength > file.maxBytes) throw tooLarge();
  if (bytes.byteLength === 0) throw new ApiError(400, "INGEST_FILE_EMPTY", `${file.name} is empty`);
  const key = liveObjectKey(event.id, file.name);
  // A segment, once stored, is what viewers were served: a replay of its upload changes nothing.
  if (await bucket.head(key)) return c.json({ data: { name: file.name, applied: false } });
  await bucket.put(key, bytes, { httpMetadata: { contentType: file.contentType } });
  if (!(await touchMedia(c.env.DB, event.id, file.run, now))) throw new ApiError(409, "RUN_ENDED", "That run is not the event's current one");
  return c.json({ data: { name: file.name, applied: true } }, 201);
});

ingestRoutes.all("*", noApiRoute);
