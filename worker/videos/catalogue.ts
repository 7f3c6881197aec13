import { z } from "zod";
import type { Video } from "../../src/schemas/videos";
import { firstOf, resultsOf, rowSchema, stringList, totalRow } from "../db/rows";
import { PUBLIC_VIDEOS } from "./public-videos";

export const videoShape = {
  entry_id: z.string(),
  title: z.string(),
  description: z.string(),
  duration_seconds: z.number(),
  entitlements: z.string(),
  thumbnail_key: z.string(),
  created_at: z.string(),
  category_slug: z.string(),
  team_slug: z.string().nullable(),
  season_slug: z.string().nullable(),
};
export const videoRow = rowSchema("videos (VIDEO_SELECT)", videoShape);
type VideoRow = z.infer<typeof videoRow>;

export const VIDEO_SELECT = `SELECT v.entry_id, v.title, v.description, v.duration_seconds, v.entitlements, v.thumbnail_key,
    v.created_at, vc.slug AS category_slug, t.slug AS team_slug, s.slug AS season_slug
  FROM ${PUBLIC_VIDEOS} v
  JOIN video_categories vc ON vc.id = v.category_id
  LEFT JOIN teams t ON t.id = v.team_id
  LEFT JOIN seasons s ON s.id = v.season_id`;

export function toVideo(r: VideoRow): Video {
  return {
    entryId: r.entry_id,
    title: r.title,
    description: r.description,
    durationSeconds: r.duration_seconds,
    entitlements: stringList(r.entitlements),
    thumbnailKey: r.thumbnail_key,
    createdAt: r.created_at,
    categorySlug: r.category_slug,
    teamSlug: r.team_slug,
    seasonSlug: r.season_slug,
  };
}


/**
 * The catalogue query behind GET /api/videos/search (spec §7 video search provider 1: category,
 * team, season, duration min and max, title, tags and a start date; newest release first) and
 * the browse filters. Every value is a bound parameter; LIKE input is escaped so '%' and '_'
 * match themselves.
 */
export interface VideoCatalogueQuery {
  category?: string | undefined;
  /** team slug; '' is the first team */
  teamSlug?: string | undefined;
  /** the season's start year */
  season?: number | undefined;
  durationMin?: number | undefined;
  durationMax?: number | undefined;
  /** words that must all appear in the title */
  title?: string | undefined;
  /** tags the video must all carry */
  tags?: string[] | undefined;
  /** ISO 8601: only videos released at or before it */
  releasedBy?: string | undefined;
}

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function catalogueWhere(q: VideoCatalogueQuery): { sql: string; params: (string | number)[] } {
  const where: string[] = [];
  const params: (string | number)[] = [];
  const add = (clause: string, ...values: (string | number)[]) => {
    where.push(clause);
    params.push(...values);
  };
  if (q.category !== undefined) add("vc.slug = ?", q.category);
  if (q.teamSlug !== undefined) add("t.slug = ?", q.teamSlug);
  if (q.season !== undefined) add("s.year = ?", q.season);
  if (q.durationMin !== undefined) add("v.duration_seconds >= ?", q.durationMin);
  if (q.durationMax !== undefined) add("v.duration_seconds <= ?", q.durationMax);
  for (const word of (q.title ?? "").split(/\s+/).filter(Boolean)) add("v.title LIKE ? ESCAPE '\\'", `%${escapeLike(word)}%`);
  // tags are stored comma-separated ('highlights,men'): match whole tags only
  for (const tag of q.tags ?? []) add("(',' || v.tags || ',') LIKE ? ESCAPE '\\'", `%,${escapeLike(tag)},%`);
  if (q.releasedBy !== undefined) add("v.release_from <= ?", q.releasedBy);
  return { sql: where.length ? `WHERE ${where.join(" AND ")}` : "", params };
}

const FROM = `FROM ${PUBLIC_VIDEOS} v
  JOIN video_categories vc ON vc.id = v.category_id
  LEFT JOIN teams t ON t.id = v.team_id
  LEFT JOIN seasons s ON s.id = v.season_id`;

export async function searchVideoCatalogue(
  db: D1Database,
  q: VideoCatalogueQuery & { page: number; pageSize: number; order: "release" | "created" },
): Promise<{ items: Video[]; total: number }> {
  const { sql, params } = catalogueWhere(q);
  const order = q.order === "release" ? "v.release_from DESC, v.id DESC" : "v.created_at DESC, v.id DESC";
  const [count, rows] = await db.batch([
    db.prepare(`SELECT COUNT(*) AS total ${FROM} ${sql}`).bind(...params),
    db.prepare(`${VIDEO_SELECT} ${sql} ORDER BY ${order} LIMIT ? OFFSET ?`).bind(...params, q.pageSize, q.page * q.pageSize),
  ]);
  return { items: resultsOf(videoRow, rows).map(toVideo), total: firstOf(totalRow, count)?.total ?? 0 };
}
