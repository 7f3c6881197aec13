import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { settingsOf, type AppEnv } from "../env";
import { constantTimeEqual } from "../auth/constant-time";
import { ApiError, fieldErrorsOf, noApiRoute } from "../http/api-error";
import { parseRange } from "../media/byte-range";
import { mediaBucket } from "../media-library/media-objects";
import { allowedOutput, claimJob, completeBody, completeJob, failBody, failJob, heartbeat, heldJob } from "./jobs";
import { jobAnswer, sourceRow, type SourceRow } from "./rows";
import { firstRow, rowSchema } from "../db/rows";
import { invalidateCache } from "../cache/kv-cache";
import { parseRecordingSource, recordingAnswer, streamRecordingPart } from "./recording-source";
import { sourceKey } from "./objects";
import { forgetMedia } from "../media/media-state";
import { checkIn, transcoderReport } from "./transcoders";
import { writeAudit } from "../audit/audit-log";

/**
 * The transcoders' job API (mount at /api/transcoder; the transcoder is transcoder/):
 *   POST /claim                       { transcoder, report? } → 200 { data: { job, leaseId, leaseExpiresAt, source (with its video's title), outputPrefix } } | 204 none waiting
 *   POST /jobs/{id}/heartbeat         { leaseId, progress, report? } → { leaseExpiresAt }
 *   GET  /jobs/{id}/source            X-Lease-Id; the uploaded file, streamed from R2, with Range; a live
 *                                     recording's part N with ?part=N (its init and segments as one fMP4)
 *   PUT  /jobs/{id}/outputs/{name}    X-Lease-Id; one output file (src/domain/video-ladder.ts names them), stored under the job's prefix
 *   POST /jobs/{id}/complete          { leaseId, durationSeconds, renditions } → the job, ready (a repeat: `applied: false`)
 *   POST /jobs/{id}/fail              { leaseId, reason, retry? }
 * Authorization: Bearer <TRANSCODER_TOKEN>, compared in constant time. Without the secret the API
 * does not exist (404); a wrong token is 401. Every call after the claim names its lease; a
 * transcoder whose lease was taken over gets 409 LEASE_LOST and stops. A claim and a heartbeat
 * are each a check-in (worker/video-pipeline/transcoders.ts): the transcoder's version, its
 * ffmpeg and how many jobs it runs, so the console knows whether any transcoder is alive.
 */
export const transcoderRoutes = new Hono<AppEnv>();

const transcoderAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = settingsOf(c.env).transcoderToken;
  if (!token) return noApiRoute(c);
  const header = c.req.header("authorization") ?? "";
  const presented = header.startsWith("Bearer ") ? header.slice("Bearer ".length) : "";
  if (!(await constantTimeEqual(presented, token))) {
    throw new ApiError(401, "UNAUTHORIZED", "A valid transcoder token is required", { "WWW-Authenticate": 'Bearer realm="transcoder"' });
  }
  c.header("Cache-Control", "no-store");
  await next();
};
transcoderRoutes.use("*", transcoderAuth);

async function jsonBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  const raw: unknown = await request.json().catch(() => undefined);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw ApiError.fields(400, "INVALID_INPUT", "The request body is not valid", fieldErrorsOf(parsed.error));
  return parsed.data;
}

const JOB_ID = z.uuid();
const jobIdOf = (value: string | undefined) => {
  const id = JOB_ID.safeParse(value);
  if (!id.success) throw new ApiError(404, "JOB_NOT_FOUND", "No such transcode job");
  return id.data;
};
const leaseOf = (value: string | undefined) => {
  if (!value) throw new ApiError(400, "INVALID_INPUT", "X-Lease-Id is required");
  return value;
};

/** A recording source's parts (each downloaded with ?part=N) and cuts; nothing for an uploaded file. */
function recordingOf(source: SourceRow) {
  const recording = parseRecordingSource(source.recording);
  return recording ? { recording: recordingAnswer(recording) } : {};
}

const titleRow = rowSchema("videos (a source's title)", { title: z.string() });

/** The title of the video a source makes: drawn on the still card of a source of sound alone (transcoder/ffmpeg.ts stillCard). */
async function titleOf(db: D1Database, sourceId: string) {
  const row = await firstRow(titleRow, db.prepare("SELECT title FROM videos WHERE source_id = ?1 ORDER BY created_at LIMIT 1").bind(sourceId));
  return row ? { title: row.title } : {};
}

const transcoderName = z.string().trim().min(1).max(100);
const claimBody = z.object({ transcoder: transcoderName.default("transcoder"), report: transcoderReport.default({ version: "unknown", ffmpeg: "unknown", jobsRunning: 0 }) });

transcoderRoutes.post("/claim", async (c) => {
  const { transcoder, report } = await jsonBody(c.req.raw, claimBody);
  await checkIn(c.env.DB, transcoder, report).run();
  const claimed = await claimJob(c.env.DB, transcoder);
  if (!claimed) return c.body(null, 204);
  const { job, source, leaseId } = claimed;
  return c.json({
    data: {
      job: jobAnswer(job),
      leaseId,
      leaseExpiresAt: job.lease_expires_at,
      outputPrefix: job.output_prefix,
      source: { id: source.id, fileName: source.file_name, contentType: source.content_type, bytes: source.bytes, ...(await titleOf(c.env.DB, source.id)), ...recordingOf(source) },
    },
  });
});

const heartbeatBody = z.object({ leaseId: z.string().min(1).max(100), progress: z.number().min(0).max(100), transcoder: transcoderName.optional(), report: transcoderReport.optional() });

transcoderRoutes.post("/jobs/:id/heartbeat", async (c) => {
  const id = jobIdOf(c.req.param("id"));
  const body = await jsonBody(c.req.raw, heartbeatBody);
  const leaseExpiresAt = await heartbeat(c.env.DB, id, body.leaseId, body.progress);
  // A transcoder busy with one long job does not poll: its heartbeats say it is alive.
  if (body.transcoder && body.report) await checkIn(c.env.DB, body.transcoder, body.report).run();
  return c.json({ data: { leaseExpiresAt } });
});

transcoderRoutes.get("/jobs/:id/source", async (c) => {
  const job = await heldJob(c.env.DB, jobIdOf(c.req.param("id")), leaseOf(c.req.header("x-lease-id")));
  const bucket = mediaBucket(c.env);
  const source = await firstRow(sourceRow, c.env.DB.prepare("SELECT * FROM video_sources WHERE id = ?1").bind(job.source_id));
  const recording = parseRecordingSource(source?.recording ?? null);
  if (recording) {
    const part = c.req.query("part") ?? "1";
    if (!/^[1-9][0-9]{0,3}$/.test(part)) throw new ApiError(404, "SOURCE_PART_NOT_FOUND", "No such part of the recording");
    return streamRecordingPart(bucket, recording, Number(part), c.req.header("range"));
  }
  const key = sourceKey(job.source_id);
  const head = await bucket.head(key);
  if (!head) throw new ApiError(404, "SOURCE_NOT_FOUND", "The job's source file is not in storage");
  const range = parseRange(c.req.header("range"), head.size);
  const headers: Record<string, string> = { "Content-Type": head.httpMetadata?.contentType ?? "application/octet-stream", "Accept-Ranges": "bytes" };
  if (range === "unsatisfiable") return c.body(null, 416, { ...headers, "Content-Range": `bytes */${head.size}` });
  const object = await bucket.get(key, range ? { range: { offset: range.start, length: range.end - range.start + 1 } } : {});
  if (!object) throw new ApiError(404, "SOURCE_NOT_FOUND", "The job's source file is not in storage");
  if (range) return c.body(object.body, 206, { ...headers, "Content-Length": String(range.end - range.start + 1), "Content-Range": `bytes ${range.start}-${range.end}/${head.size}` });
  return c.body(object.body, 200, { ...headers, "Content-Length": String(head.size) });
});

transcoderRoutes.put("/jobs/:id/outputs/:name{.+}", async (c) => {
  const file = allowedOutput(c.req.param("name"), c.req.header("content-type"));
  const job = await heldJob(c.env.DB, jobIdOf(c.req.param("id")), leaseOf(c.req.header("x-lease-id")));
  const bytes = await c.req.arrayBuffer();
  if (bytes.byteLength === 0) throw new ApiError(400, "OUTPUT_EMPTY", `${file.name} is empty`);
  await mediaBucket(c.env).put(`${job.output_prefix}${file.name}`, bytes, { httpMetadata: { contentType: file.contentType } });
  return c.json({ data: { name: file.name, bytes: bytes.byteLength } }, 201);
});

transcoderRoutes.post("/jobs/:id/complete", async (c) => {
  const id = jobIdOf(c.req.param("id"));
  const body = await jsonBody(c.req.raw, completeBody);
  const { applied, job, published } = await completeJob(c.env.DB, mediaBucket(c.env), id, body);
  if (applied) forgetMedia();
  // A replay published by itself is in every public list from now: the cached pages go.
  if (published) {
    await writeAudit(c, { actor: "system:transcoder", action: "video.publish", target: `video:${published}`, status: 200, detail: { via: "replay", before: { status: "draft" }, after: { status: "published" } } });
    await invalidateCache(c.env);
  }
  return c.json({ data: { job: jobAnswer(job), applied } });
});

transcoderRoutes.post("/jobs/:id/fail", async (c) => {
  const id = jobIdOf(c.req.param("id"));
  const job = await failJob(c.env.DB, id, await jsonBody(c.req.raw, failBody));
  return c.json({ data: { job: jobAnswer(job) } });
});

transcoderRoutes.all("*", noApiRoute);
