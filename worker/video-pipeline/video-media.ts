import { z } from "zod";
import { allRows, firstRow, rowSchema } from "../db/rows";
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

const catalogueRow = rowSchema("videos ⟕ transcode_jobs", {
  entry_id: z.string(),
  title: z.string(),
  duration_seconds: z.number(),
  source_id: z.string().nullable(),
  status: z.enum(["queued", "transcoding", "ready", "failed"]).nullable(),
  progress: z.number().nullable(),
});
export type CatalogueMediaRow = z.output<typeof catalogueRow>;

/**
 * Every catalogue video with the source it plays and that source's job: what a person (or the demo
 * catalogue's loader, scripts/demo-videos.mjs) reads to see which videos still wait for media.
 */
export async function catalogueMedia(db: D1Database): Promise<CatalogueMediaRow[]> {
  return allRows(
    catalogueRow,
    db.prepare(
      "SELECT v.entry_id, v.title, v.duration_seconds, v.source_id, j.status, j.progress FROM videos v LEFT JOIN transcode_jobs j ON j.source_id = v.source_id ORDER BY v.created_at DESC, v.entry_id",
    ),
  );
}
