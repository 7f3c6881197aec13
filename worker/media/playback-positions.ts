import { z } from "zod";
import { firstRow, rowSchema } from "../db/rows";

const positionRow = rowSchema("playback_positions", { position_seconds: z.number() });

/** The account side of 'resume from the last position' (migrations/0005_playback_positions.sql). */
export async function readPosition(db: D1Database, ssoID: string, entryId: string): Promise<number | null> {
  const row = await firstRow(positionRow, db.prepare("SELECT position_seconds FROM playback_positions WHERE sso_id = ?1 AND entry_id = ?2").bind(ssoID, entryId));
  return row?.position_seconds ?? null;
}

export async function writePosition(db: D1Database, ssoID: string, entryId: string, seconds: number): Promise<void> {
  await db
    .prepare(
      `INSERT INTO playback_positions (sso_id, entry_id, position_seconds) VALUES (?1, ?2, ?3)
       ON CONFLICT (sso_id, entry_id) DO UPDATE SET position_seconds = excluded.position_seconds,
         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    )
    .bind(ssoID, entryId, seconds)
    .run();
}
