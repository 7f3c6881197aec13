import { z } from "zod";
import { ApiError } from "../http/api-error";
import { parseRange } from "../media/byte-range";
import { liveObjectKey } from "../live-ingest/ingest-events";
import { partBytes, partFiles, rangePieces, type RecordingSource } from "../../src/domain/live-replay";

/**
 * A source that is a live event's recording (video_sources.recording, migration 0046) rather than
 * an uploaded file: nothing is copied. The job API streams each part (a run's init followed by the
 * segments the trim needs, which together are one valid fragmented MP4) straight from the event's
 * files in R2, with its exact length and Range, and the transcoder trims and joins the parts.
 */
const partSchema = z.object({
  run: z.number().int().positive(),
  initBytes: z.number().int().positive(),
  segments: z.array(z.tuple([z.number().int().min(0), z.number().int().positive()])).min(1),
  fromSeconds: z.number().min(0),
  toSeconds: z.number().positive(),
});
export const recordingSourceSchema = z.object({
  eventId: z.string(),
  startSeconds: z.number().min(0),
  endSeconds: z.number().positive(),
  parts: z.array(partSchema).min(1),
});

export function parseRecordingSource(text: string | null): RecordingSource | null {
  if (text === null) return null;
  return recordingSourceSchema.parse(JSON.parse(text));
}

/** What the claim tells the transcoder of a recording: each part's size and its cut. */
export function recordingAnswer(source: RecordingSource) {
  return { startSeconds: source.startSeconds, endSeconds: source.endSeconds, parts: source.parts.map((p) => ({ bytes: partBytes(p), fromSeconds: p.fromSeconds, toSeconds: p.toSeconds })) };
}

/** Part `number` (1-based) of a recording as one file, or the bytes a Range asks of it. */
export async function streamRecordingPart(bucket: R2Bucket, source: RecordingSource, number: number, rangeHeader: string | undefined): Promise<Response> {
  const part = source.parts[number - 1];
  if (!part) throw new ApiError(404, "SOURCE_PART_NOT_FOUND", `The recording has ${source.parts.length} part(s)`);
  const files = partFiles(part);
  const size = partBytes(part);
  const range = parseRange(rangeHeader, size);
  const headers: Record<string, string> = { "Content-Type": "video/mp4", "Accept-Ranges": "bytes" };
  if (range === "unsatisfiable") return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${size}` } });
  const start = range ? range.start : 0;
  const end = range ? range.end : size - 1;
  const pieces = rangePieces(files, start, end);
  // Every file is there before the first byte goes: a part missing midway would be a short file
  // the transcoder could not tell from a dropped connection.
  const heads = await Promise.all(pieces.map((p) => bucket.head(liveObjectKey(source.eventId, p.name))));
  if (heads.some((h, i) => !h || h.size !== files.find((f) => f.name === pieces[i]!.name)!.bytes)) {
    throw new ApiError(404, "SOURCE_NOT_FOUND", "A file of the recording is no longer in storage");
  }
  const { readable, writable } = new FixedLengthStream(end - start + 1);
  void (async () => {
    for (const piece of pieces) {
      const object = await bucket.get(liveObjectKey(source.eventId, piece.name), { range: { offset: piece.offset, length: piece.length } });
      if (!object) throw new Error(`${piece.name} vanished`);
      await object.body.pipeTo(writable, { preventClose: true });
    }
    await writable.close();
  })().catch(async (error: unknown) => {
    await writable.abort(error).catch(() => undefined);
  });
  const length = String(end - start + 1);
  if (range) return new Response(readable, { status: 206, headers: { ...headers, "Content-Length": length, "Content-Range": `bytes ${start}-${end}/${size}` } });
  return new Response(readable, { status: 200, headers: { ...headers, "Content-Length": length } });
}

/** Whether the recording's files are still stored (a failed replay's 'Try again' needs them). */
export async function recordingStored(bucket: R2Bucket, source: RecordingSource): Promise<boolean> {
  const first = source.parts[0];
  return first !== undefined && (await bucket.head(liveObjectKey(source.eventId, `r${first.run}-init.mp4`))) !== null;
}
