import { abortAllDurableObjects, applyD1Migrations, env, listDurableObjectIds, runInDurableObject } from "cloudflare:test";
import { invalidateCache } from "../../worker/cache/kv-cache";
import { forgetMedia } from "../../worker/media/media-state";

// The files of a run share one runtime (vitest.worker.config.ts: `isolate: false`), so each file
// starts by taking away what the files before it left, and then has the schema and the demo seed
// as a file with a runtime of its own would. (The pool's own `reset()` leaves D1 and R2 as they
// are in this version, so each is emptied here through its binding.)

/**
 * Every trigger, view and table, the migrations' record too. Newest first,
 * so a table that points at another goes before it; an FTS table takes its shadow tables with it.
 */
async function emptyDatabase(db: D1Database): Promise<void> {
  const { results } = await db
    .prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND type IN ('trigger', 'table', 'view') ORDER BY rowid DESC")
    .all<{ type: string; name: string; sql: string | null }>();
  const virtual = results.filter((r) => /^CREATE VIRTUAL TABLE/i.test(r.sql ?? "")).map((r) => r.name);
  const shadow = (name: string) => virtual.some((v) => name.startsWith(`${v}_`));
  const drops = [
    // The triggers first: a cascade from a dropped table must not fire one that reads a table gone before.
    ...results.filter((r) => r.type === "trigger").map((r) => `DROP TRIGGER "${r.name}"`),
    ...results.filter((r) => r.type === "view").map((r) => `DROP VIEW "${r.name}"`),
    ...virtual.map((name) => `DROP TABLE "${name}"`),
    ...results.filter((r) => r.type === "table" && !virtual.includes(r.name) && !shadow(r.name)).map((r) => `DROP TABLE "${r.name}"`),
  ];
  // One transaction, with the foreign keys checked at its end, when nothing is left to point at.
  await db.batch([db.prepare("PRAGMA defer_foreign_keys = ON"), ...drops.map((sql) => db.prepare(sql))]);
}

async function emptyBucket(bucket: R2Bucket): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ cursor });
    if (page.objects.length > 0) await bucket.delete(page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}

/**
 * A match room is named by its match's id, and the ids start again with the database: the rooms'
 * storage goes too. (Not the stream sessions': an account's object is named by its id, which is
 * new in every file but the demo accounts', and reaching into each of those hung the runtime.)
 */
async function emptyMatchRooms(): Promise<void> {
  for (const id of await listDurableObjectIds(env.MATCH_ROOMS)) {
    await runInDurableObject(env.MATCH_ROOMS.get(id), async (_room, state) => {
      await state.storage.deleteAlarm();
      await state.storage.deleteAll();
    });
  }
}

await Promise.all([emptyDatabase(env.DB), emptyBucket(env.MEDIA), emptyMatchRooms()]);
// Every Durable Object starts again: what one holds in memory goes.
await abortAllDurableObjects();

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await env.DB.batch(env.SEED_SQL.map((sql) => env.DB.prepare(sql)));

// What the runtime remembers between requests, forgotten the ways the app itself forgets it: the
// content cache (KV, the in-isolate copy and the Workers cache's pages and feeds are all keyed by
// its generation, which moves on here, as after any edit, rather than starting again where an
// earlier file's keys were), the media states, and the news search's ranked windows (each is an
// answer for one news_search_generation only: this file's starts at one no window was built for).
await invalidateCache(env);
forgetMedia();
await env.DB.prepare("UPDATE news_search_generation SET generation = ?1 WHERE id = 1").bind(Date.now()).run();
