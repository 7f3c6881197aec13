/**
 * Plays, counted by the media gate (no third-party script): one per playback token whose master
 * playlist it served. The token is stored only as its SHA-256, and INSERT OR IGNORE makes a
 * reloaded master (or a renewed token's second master within the same token) count nothing more.
 * Called through waitUntil: the playlist never waits on it, and a failed count is dropped.
 */
export async function countPlay(db: D1Database, entryId: string, token: string): Promise<void> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
  const hash = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
  await db.prepare("INSERT OR IGNORE INTO video_plays (token_hash, video_id) SELECT ?1, id FROM videos WHERE entry_id = ?2").bind(hash, entryId).run();
}
