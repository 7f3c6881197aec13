import { z } from "zod";
import { allRows, bool, rowSchema } from "../db/rows";
import { invalidateCache } from "../cache/kv-cache";

/** The seasons and their preseason setting (migration 0032): read by the fixtures pages, set in the console. */

const seasonSettingRow = rowSchema("seasons (setting)", { year: z.number(), slug: z.string(), name: z.string(), preseason: z.number(), fixtures: z.number() });

export interface SeasonSetting {
  year: number;
  slug: string;
  name: string;
  preseason: boolean;
  /** the season's fixtures not yet played, which preseason mode hides */
  fixtures: number;
}

/** The slugs of the seasons in preseason mode now (most often none, or next season's). */
export async function preseasonSeasons(db: D1Database): Promise<string[]> {
  const { results } = await db.prepare("SELECT slug FROM seasons WHERE preseason = 1").all<{ slug: string }>();
  return results.map((r) => r.slug);
}

export async function seasonSettings(db: D1Database): Promise<SeasonSetting[]> {
  const rows = await allRows(
    seasonSettingRow,
    db.prepare(
      `SELECT s.year, s.slug, s.name, s.preseason,
         (SELECT COUNT(*) FROM matches m WHERE m.season_id = s.id AND m.status = 'fixture') AS fixtures
       FROM seasons s ORDER BY s.year DESC`,
    ),
  );
  return rows.map((r) => ({ year: r.year, slug: r.slug, name: r.name, preseason: bool(r.preseason), fixtures: r.fixtures }));
}

export type PreseasonWrite = { ok: true; before: SeasonSetting; after: SeasonSetting } | { ok: false };

/**
 * Turns a season's preseason mode on or off, then retires the cached pages that list fixtures.
 * The UPDATE names the season by slug and returns its row: no row, no season (404).
 */
export async function setPreseason(env: Pick<Env, "CACHE" | "DB">, slug: string, on: boolean): Promise<PreseasonWrite> {
  const before = (await seasonSettings(env.DB)).find((s) => s.slug === slug);
  if (!before) return { ok: false };
  if (before.preseason !== on) {
    await env.DB.prepare("UPDATE seasons SET preseason = ?2 WHERE slug = ?1").bind(slug, on ? 1 : 0).run();
    await invalidateCache(env);
  }
  return { ok: true, before, after: { ...before, preseason: on } };
}
