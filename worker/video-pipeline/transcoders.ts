import { z } from "zod";
import { firstRow, rowSchema } from "../db/rows";

/**
 * Transcoders' check-ins (migrations/0033_transcoders.sql): each claim (a poll for work) and each
 * heartbeat carries the transcoder's report, kept as its latest row; the console reads the latest
 * check-in of any transcoder to say whether uploads can move (src/domain/transcode-wait.ts).
 */
export const transcoderReport = z.object({
  version: z.string().trim().min(1).max(40).default("unknown"),
  ffmpeg: z.string().trim().min(1).max(200).default("unknown"),
  jobsRunning: z.number().int().min(0).max(100).default(0),
});
export type TranscoderReport = z.output<typeof transcoderReport>;

export function checkIn(db: D1Database, name: string, report: TranscoderReport, nowMs = Date.now()): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO transcoders (name, version, ffmpeg, jobs_running, last_seen_at) VALUES (?1, ?2, ?3, ?4, ?5)
       ON CONFLICT (name) DO UPDATE SET version = excluded.version, ffmpeg = excluded.ffmpeg, jobs_running = excluded.jobs_running,
         last_seen_at = MAX(last_seen_at, excluded.last_seen_at)`,
    )
    .bind(name, report.version, report.ffmpeg, report.jobsRunning, nowMs);
}

const latestRow = rowSchema("transcoders, the latest check-in", { last_seen_at: z.number().nullable() });

/** The latest check-in of any transcoder (unix ms), null when none ever checked in. */
export async function latestCheckIn(db: D1Database): Promise<number | null> {
  return (await firstRow(latestRow, db.prepare("SELECT MAX(last_seen_at) AS last_seen_at FROM transcoders")))?.last_seen_at ?? null;
}
