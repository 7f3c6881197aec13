import { z } from "zod";
import { firstRow, resultsOf, rowSchema } from "../db/rows";
import { ApiError } from "../http/api-error";
import {
  UNSUPPORTED_VIDEO_DETAIL, VIDEO_MAX_BYTES, VIDEO_PART_BYTES, VIDEO_TOO_LARGE_DETAIL, VIDEO_TYPES,
  cleanVideoName, expectedPartBytes, missingParts, partCount, sniffVideo,
} from "../../src/domain/video-upload";
import { TRANSCODE_MAX_ATTEMPTS } from "../../src/domain/video-media-state";
import { outputPrefix, sourceKey } from "./objects";
import { sourceRow, jobRow, type SourceRow, type JobRow } from "./rows";

/**
 * A video file's resumable upload to R2 (multipart), all or nothing:
 * create (the size is declared and checked first) → parts, each exactly its size, in any order and
 * again after a dropped connection (D1 keeps each part's etag, which R2's binding cannot list) →
 * complete, which makes the R2 object, the source row and its transcode job in one go. The first
 * part's bytes must be a video (src/domain/video-upload.ts); when they are not, the whole upload is
 * aborted. An aborted upload, or a complete whose rows fail, leaves no object, source or job.
 * The upload's id is also its source's, so a complete retried after a dropped answer finds its source.
 */
const uploadRow = rowSchema("video_uploads", {
  id: z.string(),
  object_key: z.string(),
  r2_upload_id: z.string(),
  file_name: z.string(),
  bytes: z.number(),
  part_size: z.number(),
  sniffed_type: z.enum(VIDEO_TYPES).nullable(),
  created_by: z.string(),
  created_at: z.string(),
});
export type UploadRow = z.output<typeof uploadRow>;
const partRow = rowSchema("video_upload_parts", { part_number: z.number(), etag: z.string(), bytes: z.number() });

export interface UploadState {
  id: string;
  fileName: string;
  bytes: number;
  partBytes: number;
  parts: number;
  /** the parts R2 holds */
  uploaded: { partNumber: number; bytes: number }[];
  /** what to send next */
  missing: number[];
}

export const UPLOAD_NOT_FOUND = () => new ApiError(404, "UPLOAD_NOT_FOUND", "No such upload: it was completed, aborted or never started");

export const newUploadBody = z.object({
  fileName: z.string().min(1).max(1000),
  bytes: z.number().int().positive(),
});

export async function createUpload(db: D1Database, bucket: R2Bucket, input: z.output<typeof newUploadBody>, createdBy: string): Promise<UploadState> {
  if (input.bytes > VIDEO_MAX_BYTES) throw ApiError.fields(413, "VIDEO_TOO_LARGE", VIDEO_TOO_LARGE_DETAIL, [{ field: "bytes", detail: VIDEO_TOO_LARGE_DETAIL }]);
  const id = crypto.randomUUID();
  const key = sourceKey(id);
  const multipart = await bucket.createMultipartUpload(key);
  try {
    await db
      .prepare("INSERT INTO video_uploads (id, object_key, r2_upload_id, file_name, bytes, part_size, created_by) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
      .bind(id, key, multipart.uploadId, cleanVideoName(input.fileName), input.bytes, VIDEO_PART_BYTES, createdBy)
      .run();
  } catch (error) {
    await multipart.abort();
    throw error;
  }
  return stateOf((await findUpload(db, id))!, []);
}

export async function findUpload(db: D1Database, id: string): Promise<UploadRow | null> {
  return firstRow(uploadRow, db.prepare("SELECT * FROM video_uploads WHERE id = ?1").bind(id));
}

async function partsOf(db: D1Database, id: string) {
  return resultsOf(partRow, await db.prepare("SELECT part_number, etag, bytes FROM video_upload_parts WHERE upload_id = ?1 ORDER BY part_number").bind(id).all());
}

function stateOf(row: UploadRow, parts: { part_number: number; bytes: number }[]): UploadState {
  const numbers = parts.map((p) => p.part_number);
  return {
    id: row.id,
    fileName: row.file_name,
    bytes: row.bytes,
    partBytes: row.part_size,
    parts: partCount(row.bytes, row.part_size),
    uploaded: parts.map((p) => ({ partNumber: p.part_number, bytes: p.bytes })),
    missing: missingParts(row.bytes, numbers, row.part_size),
  };
}

export async function uploadState(db: D1Database, id: string): Promise<UploadState> {
  const row = await findUpload(db, id);
  if (!row) throw UPLOAD_NOT_FOUND();
  return stateOf(row, await partsOf(db, id));
}

/** One part, stored in R2 and listed in D1. Sending a part again replaces it. */
export async function putPart(db: D1Database, bucket: R2Bucket, row: UploadRow, partNumber: number, body: ArrayBuffer): Promise<{ partNumber: number; bytes: number }> {
  const expected = expectedPartBytes(partNumber, row.bytes, row.part_size);
  if (expected === null) throw new ApiError(400, "PART_NUMBER", `This upload has parts 1 to ${partCount(row.bytes, row.part_size)}`);
  if (body.byteLength !== expected) throw new ApiError(400, "PART_SIZE", `Part ${partNumber} must be ${expected} bytes; this one is ${body.byteLength}`);
  let sniffed: string | null = null;
  if (partNumber === 1) {
    sniffed = sniffVideo(new Uint8Array(body, 0, Math.min(body.byteLength, 64)));
    if (!sniffed) {
      // Not a video: nothing of this upload is kept.
      await abortUpload(db, bucket, row);
      throw ApiError.fields(400, "UNSUPPORTED_VIDEO", UNSUPPORTED_VIDEO_DETAIL, [{ field: "file", detail: UNSUPPORTED_VIDEO_DETAIL }]);
    }
  }
  const part = await bucket.resumeMultipartUpload(row.object_key, row.r2_upload_id).uploadPart(partNumber, body);
  const statements = [
    db
      .prepare(
        `INSERT INTO video_upload_parts (upload_id, part_number, etag, bytes) SELECT ?1, ?2, ?3, ?4 WHERE EXISTS (SELECT 1 FROM video_uploads WHERE id = ?1)
         ON CONFLICT (upload_id, part_number) DO UPDATE SET etag = excluded.etag, bytes = excluded.bytes`,
      )
      .bind(row.id, partNumber, part.etag, body.byteLength),
  ];
  if (sniffed) statements.push(db.prepare("UPDATE video_uploads SET sniffed_type = ?2 WHERE id = ?1").bind(row.id, sniffed));
  const [insert] = await db.batch(statements);
  // Aborted meanwhile (another tab): the part went to an upload that no longer exists.
  if (!insert?.meta.changes) throw UPLOAD_NOT_FOUND();
  return { partNumber, bytes: body.byteLength };
}

export async function abortUpload(db: D1Database, bucket: R2Bucket, row: UploadRow): Promise<void> {
  await bucket.resumeMultipartUpload(row.object_key, row.r2_upload_id).abort().catch(() => undefined);
  await db.batch([
    db.prepare("DELETE FROM video_upload_parts WHERE upload_id = ?1").bind(row.id),
    db.prepare("DELETE FROM video_uploads WHERE id = ?1").bind(row.id),
  ]);
}

/**
 * The R2 object from its parts, then the source and its queued job with the upload's rows gone, in
 * one D1 batch; should the batch fail, the object is deleted again.
 */
export async function completeUpload(db: D1Database, bucket: R2Bucket, row: UploadRow): Promise<{ source: SourceRow; job: JobRow }> {
  const parts = await partsOf(db, row.id);
  const missing = missingParts(row.bytes, parts.map((p) => p.part_number), row.part_size);
  if (missing.length > 0) throw new ApiError(409, "PARTS_MISSING", `Parts still to send: ${missing.slice(0, 20).join(", ")}${missing.length > 20 ? "…" : ""}`);
  if (!row.sniffed_type) throw new ApiError(409, "PARTS_MISSING", "Part 1 is still to send");
  const object = await bucket.resumeMultipartUpload(row.object_key, row.r2_upload_id).complete(parts.map((p) => ({ partNumber: p.part_number, etag: p.etag })));
  if (object.size !== row.bytes) {
    await bucket.delete(row.object_key);
    await abortUpload(db, bucket, row);
    throw new ApiError(400, "UPLOAD_SIZE", `The parts add up to ${object.size} bytes, not the ${row.bytes} declared`);
  }
  const jobId = crypto.randomUUID();
  try {
    const [source, job] = await db.batch([
      db
        .prepare("INSERT INTO video_sources (id, object_key, file_name, content_type, bytes, uploaded_by) VALUES (?1, ?2, ?3, ?4, ?5, ?6) RETURNING *")
        .bind(row.id, row.object_key, row.file_name, row.sniffed_type, row.bytes, row.created_by),
      db.prepare("INSERT INTO transcode_jobs (id, source_id, max_attempts, output_prefix) VALUES (?1, ?2, ?3, ?4) RETURNING *").bind(jobId, row.id, TRANSCODE_MAX_ATTEMPTS, outputPrefix(row.id, jobId)),
      db.prepare("DELETE FROM video_upload_parts WHERE upload_id = ?1").bind(row.id),
      db.prepare("DELETE FROM video_uploads WHERE id = ?1").bind(row.id),
    ]);
    const s = resultsOf(sourceRow, source)[0];
    const j = resultsOf(jobRow, job)[0];
    if (!s || !j) throw new Error("the source or job insert returned no row");
    return { source: s, job: j };
  } catch (error) {
    await bucket.delete(row.object_key);
    throw error;
  }
}
