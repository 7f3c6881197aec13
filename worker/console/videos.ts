import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError, fieldErrorsOf } from "../http/api-error";
import { staffActor, writeAudit } from "../audit/audit-log";
import { requireCapability } from "./capabilities";
import { mediaBucket } from "../media-library/media-objects";
import { abortUpload, completeUpload, createUpload, findUpload, newUploadBody, putPart, uploadState, UPLOAD_NOT_FOUND } from "../video-pipeline/uploads";
import { catalogueMedia, sourceDetails } from "../video-pipeline/video-media";
import { linkVideoToSource } from "../media/media-state";
import { jobAnswer, type MediaRow, type SourceRow } from "../video-pipeline/rows";
import { retryJob } from "../video-pipeline/jobs";
import { latestCheckIn } from "../video-pipeline/transcoders";
import { transcoderRunning } from "../../src/domain/transcode-wait";
import { ENTRY_ID } from "../media/entry-id";

/**
 * Rovers TV's video files, for `video.manage` (administrators and editors). A resumable upload
 * (worker/video-pipeline/uploads.ts), then a transcode job a transcoder claims:
 *   POST   /api/console/videos/uploads                  { fileName, bytes } → 201 the upload: its id, part size, parts
 *   GET    /api/console/videos/uploads/{id}             the parts R2 holds and those missing (to resume)
 *   PUT    /api/console/videos/uploads/{id}/parts/{n}   the part's bytes (exactly its size; part 1 must be a video)
 *   POST   /api/console/videos/uploads/{id}/complete    → 201 the source and its queued job (again: 200, the same)
 *   DELETE /api/console/videos/uploads/{id}             abort: nothing of it is kept
 *   GET    /api/console/videos/sources/{id}             the source, its job (status, progress, failure), its media once ready,
 *                                                        and whether any transcoder checked in lately (`transcoderRunning`)
 *   POST   /api/console/videos/sources/{id}/retry       a failed job queued again (409 JOB_NOT_FAILED, 409 SOURCE_GONE)
 *   PUT    /api/console/videos/catalogue/{entryId}/source  { sourceId }: the video plays that source's media once ready
 *   GET    /api/console/videos/catalogue                every catalogue video, its source and that source's job status
 * Creating, completing, aborting, retrying and linking are audited (`video.upload`, `video.upload-complete`,
 * `video.upload-abort`, `video.transcode-retry` with the job before and after, `video.link`). Writes need the site's Origin, as every console write.
 */
export const consoleVideosApi = new Hono<AppEnv>();
consoleVideosApi.use("/videos/*", requireCapability("video.manage"));

const UPLOAD_ID = z.uuid();
const uploadIdOf = (c: Context<AppEnv>) => {
  const id = UPLOAD_ID.safeParse(c.req.param("id"));
  if (!id.success) throw UPLOAD_NOT_FOUND();
  return id.data;
};
const actorOf = (c: Context<AppEnv>) => staffActor(c.get("user")?.ssoID ?? "unknown");
const audit = (c: Context<AppEnv>, action: string, target: string, status: number, detail: unknown) => writeAudit(c, { actor: actorOf(c), action, target, status, detail: { via: "console", ...(detail as object) } });

async function jsonBody<T extends z.ZodType>(c: Context<AppEnv>, schema: T): Promise<z.output<T>> {
  const raw: unknown = await c.req.json().catch(() => undefined);
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success) throw ApiError.fields(400, "INVALID_INPUT", "Some fields need a change", fieldErrorsOf(parsed.error));
  return parsed.data;
}

const sourceAnswer = (s: SourceRow) => ({ id: s.id, fileName: s.file_name, contentType: s.content_type, bytes: s.bytes, uploadedBy: s.uploaded_by, uploadedAt: s.uploaded_at });
const mediaAnswer = (m: MediaRow) => ({ durationSeconds: m.duration_seconds, width: m.width, height: m.height, renditions: m.renditions, createdAt: m.created_at });

consoleVideosApi.post("/videos/uploads", async (c) => {
  const body = await jsonBody(c, newUploadBody);
  try {
    const upload = await createUpload(c.env.DB, mediaBucket(c.env), body, actorOf(c));
    await audit(c, "video.upload", `video-source:${upload.id}`, 201, { fileName: upload.fileName, bytes: upload.bytes });
    return c.json({ data: { attributes: upload } }, 201);
  } catch (error) {
    if (error instanceof ApiError) await audit(c, "video.upload", "video-source:new", error.status, { refused: error.code, bytes: body.bytes });
    throw error;
  }
});

consoleVideosApi.get("/videos/uploads/:id", async (c) => c.json({ data: { attributes: await uploadState(c.env.DB, uploadIdOf(c)) } }));

consoleVideosApi.put("/videos/uploads/:id/parts/:n", async (c) => {
  const row = await findUpload(c.env.DB, uploadIdOf(c));
  if (!row) throw UPLOAD_NOT_FOUND();
  const n = z.coerce.number().int().min(1).max(10_000).safeParse(c.req.param("n"));
  if (!n.success) throw new ApiError(400, "PART_NUMBER", "A part number is from 1 to 10000");
  const part = await putPart(c.env.DB, mediaBucket(c.env), row, n.data, await c.req.arrayBuffer());
  return c.json({ data: { attributes: part } });
});

consoleVideosApi.post("/videos/uploads/:id/complete", async (c) => {
  const id = uploadIdOf(c);
  const row = await findUpload(c.env.DB, id);
  if (!row) {
    // A complete retried after its answer was lost: the source is there, with its job.
    const done = await sourceDetails(c.env.DB, id);
    if (!done?.job) throw UPLOAD_NOT_FOUND();
    return c.json({ data: { attributes: { source: sourceAnswer(done.source), job: jobAnswer(done.job) } } });
  }
  try {
    const { source, job } = await completeUpload(c.env.DB, mediaBucket(c.env), row);
    await audit(c, "video.upload-complete", `video-source:${id}`, 201, { fileName: source.file_name, bytes: source.bytes, contentType: source.content_type, job: job.id });
    return c.json({ data: { attributes: { source: sourceAnswer(source), job: jobAnswer(job) } } }, 201);
  } catch (error) {
    if (error instanceof ApiError) await audit(c, "video.upload-complete", `video-source:${id}`, error.status, { refused: error.code });
    throw error;
  }
});

consoleVideosApi.delete("/videos/uploads/:id", async (c) => {
  const id = uploadIdOf(c);
  const row = await findUpload(c.env.DB, id);
  if (!row) throw UPLOAD_NOT_FOUND();
  await abortUpload(c.env.DB, mediaBucket(c.env), row);
  await audit(c, "video.upload-abort", `video-source:${id}`, 204, { fileName: row.file_name });
  return c.body(null, 204);
});

consoleVideosApi.get("/videos/sources/:id", async (c) => {
  const [details, lastCheckIn] = await Promise.all([sourceDetails(c.env.DB, c.req.param("id")), latestCheckIn(c.env.DB)]);
  if (!details) throw new ApiError(404, "SOURCE_NOT_FOUND", "No such video file");
  return c.json({
    data: {
      attributes: {
        source: sourceAnswer(details.source),
        job: details.job ? jobAnswer(details.job) : null,
        media: details.media ? mediaAnswer(details.media) : null,
        transcoderRunning: transcoderRunning(lastCheckIn, Date.now()),
      },
    },
  });
});

consoleVideosApi.post("/videos/sources/:id/retry", async (c) => {
  const id = UPLOAD_ID.safeParse(c.req.param("id"));
  if (!id.success) throw new ApiError(404, "JOB_NOT_FOUND", "No such transcode job");
  try {
    const { before, after } = await retryJob(c.env.DB, mediaBucket(c.env), id.data);
    await audit(c, "video.transcode-retry", `video-source:${id.data}`, 200, { before: jobAnswer(before), after: jobAnswer(after) });
    return c.json({ data: { attributes: { job: jobAnswer(after) } } });
  } catch (error) {
    if (error instanceof ApiError) await audit(c, "video.transcode-retry", `video-source:${id.data}`, error.status, { refused: error.code });
    throw error;
  }
});

consoleVideosApi.get("/videos/catalogue", async (c) => {
  const rows = await catalogueMedia(c.env.DB);
  return c.json({
    data: rows.map((r) => ({ entryId: r.entry_id, title: r.title, durationSeconds: r.duration_seconds, sourceId: r.source_id, status: r.status, progress: r.progress })),
  });
});

const linkBody = z.object({ sourceId: z.uuid() });

consoleVideosApi.put("/videos/catalogue/:entryId/source", async (c) => {
  const entryId = c.req.param("entryId");
  if (!ENTRY_ID.test(entryId)) throw new ApiError(404, "NOT_FOUND", "No such video");
  const { sourceId } = await jsonBody(c, linkBody);
  const linked = await linkVideoToSource(c.env.DB, entryId, sourceId);
  if (!linked) throw new ApiError(404, "NOT_FOUND", "No such video or video file");
  await audit(c, "video.link", `video:${entryId}`, 200, { sourceId });
  return c.json({ data: { attributes: { entryId, sourceId } } });
});
