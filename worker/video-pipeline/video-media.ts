import { firstRow } from "../db/rows";
import { jobRow, mediaRow, sourceRow } from "./rows";

/** A source with its job and, once ready, its media: what the console shows of an upload. */
export async function sourceDetails(db: D1Database, id: string) {
  const [source, job, media] = await Promise.all([
    firstRow(sourceRow, db.prepare("SELECT * FROM video_sources WHERE id = ?1").bind(id)),
    firstRow(jobRow, db.prepare("SELECT * FROM transcode_jobs WHERE source_id = ?1").bind(id)),
    firstRow(mediaRow, db.prepare("SELECT * FROM video_media WHERE source_id = ?1").bind(id)),
  ]);
  return source ? { source, job, media } : null;
}
