import { z } from "zod";
import { allRows, firstRow, rowSchema, stringList } from "../db/rows";
import { consoleStatus, type ConsoleVideoStatus, type PublicationStatus } from "../../src/domain/video-publication";
import { tierOf, type TierPackage } from "../../src/domain/video-tier";
import { chapterTimeText } from "../../src/domain/video-chapters";
import { utcToClubLocal } from "../../src/domain/date-format";
import { escapeLike } from "../videos/catalogue";
import { JOB_STATUSES, renditionSchema } from "../video-pipeline/rows";
import { latestCheckIn } from "../video-pipeline/transcoders";
import { transcoderRunning } from "../../src/domain/transcode-wait";
import type { ConsoleVideoDetail, ConsoleVideoOptions, ConsoleVideoRow } from "../../src/schemas/console-videos";
import { mediaRefId } from "../../src/domain/media-ref";

/**
 * The catalogue as the console's Rovers TV screens read it: every video, drafts, embargoed and
 * expired ones included, with its media, its job, its plays and seconds watched
 * (migrations/0029_video_publishing.sql).
 */
const listRow = rowSchema("videos for the console", {
  id: z.number(),
  entry_id: z.string(),
  title: z.string(),
  duration_seconds: z.number(),
  publication_status: z.enum(["draft", "published"]),
  publish_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  category_name: z.string(),
  source_id: z.string().nullable(),
  source_bytes: z.number().nullable(),
  job_status: z.enum(JOB_STATUSES).nullable(),
  media_duration: z.number().nullable(),
  renditions: z.string().nullable(),
  plays: z.number(),
  seconds_watched: z.number(),
});
type ListRow = z.output<typeof listRow>;

const LIST_SELECT = `SELECT v.id, v.entry_id, v.title, v.duration_seconds, v.publication_status, v.publish_at, v.expires_at,
    vc.name AS category_name, v.source_id, s.bytes AS source_bytes, j.status AS job_status,
    m.duration_seconds AS media_duration, m.renditions,
    (SELECT COUNT(*) FROM video_plays p WHERE p.video_id = v.id) AS plays,
    COALESCE((SELECT w.seconds_watched FROM video_watch_totals w WHERE w.video_id = v.id), 0) AS seconds_watched
  FROM videos v
  JOIN video_categories vc ON vc.id = v.category_id
  LEFT JOIN video_sources s ON s.id = v.source_id
  LEFT JOIN transcode_jobs j ON j.source_id = v.source_id
  LEFT JOIN video_media m ON m.source_id = v.source_id`;

const renditionsOf = (text: string | null) => (text === null ? [] : z.array(renditionSchema).parse(JSON.parse(text)));

/**
 * Bytes kept for a video: its source, and its renditions estimated from their peak bandwidth over
 * the duration (an upper bound: the media's own sizes are not recorded).
 */
function storedBytes(r: ListRow): number | null {
  if (r.source_bytes === null) return null;
  const media = renditionsOf(r.renditions).reduce((sum, x) => sum + (x.bandwidth / 8) * (r.media_duration ?? 0), 0);
  return Math.round(r.source_bytes + media);
}

function toRow(r: ListRow, now: Date): ConsoleVideoRow {
  const publication = { status: r.publication_status, publishAt: r.publish_at, expiresAt: r.expires_at };
  return {
    entryId: r.entry_id,
    title: r.title,
    status: consoleStatus(publication, r.source_id === null ? null : (r.job_status ?? "queued"), now),
    categoryName: r.category_name,
    renditions: renditionsOf(r.renditions).map((x) => x.name),
    bytes: storedBytes(r),
    durationSeconds: Math.round(r.media_duration ?? r.duration_seconds),
    plays: r.plays,
    secondsWatched: r.seconds_watched,
    publishAt: r.publish_at,
    expiresAt: r.expires_at,
  };
}

export const CONSOLE_VIDEO_PAGE = 25;
/** The console reads at most this many titles' rows to filter by status (a status depends on the clock and the job). */
const LIST_LIMIT = 5000;

export interface ConsoleVideoList {
  q: string;
  status: ConsoleVideoStatus | null;
  page: number;
  pageSize: number;
  total: number;
  videos: ConsoleVideoRow[];
}

/** The newest first, narrowed to titles containing every word of `q` and to one status. */
export async function consoleVideoList(db: D1Database, q: string, status: ConsoleVideoStatus | null, page: number, now = new Date()): Promise<ConsoleVideoList> {
  const words = q.split(/\s+/).filter(Boolean).slice(0, 10);
  const where = words.map((_, i) => `v.title LIKE ?${i + 1} ESCAPE '\\'`).join(" AND ");
  const rows = await allRows(
    listRow,
    db.prepare(`${LIST_SELECT} ${where ? `WHERE ${where}` : ""} ORDER BY v.created_at DESC, v.id DESC LIMIT ${LIST_LIMIT}`).bind(...words.map((w) => `%${escapeLike(w)}%`)),
  );
  const all = rows.map((r) => toRow(r, now)).filter((r) => status === null || r.status === status);
  return { q, status, page, pageSize: CONSOLE_VIDEO_PAGE, total: all.length, videos: all.slice(page * CONSOLE_VIDEO_PAGE, (page + 1) * CONSOLE_VIDEO_PAGE) };
}

const formRow = rowSchema("a video's form fields", {
  description: z.string(),
  category_id: z.number(),
  team_id: z.number().nullable(),
  featured: z.number(),
  entitlements: z.string(),
  thumbnail_key: z.string(),
});
const jobDetailRow = rowSchema("transcode_jobs for the console", {
  status: z.enum(JOB_STATUSES),
  progress: z.number(),
  failure_reason: z.string().nullable(),
  attempts: z.number(),
  max_attempts: z.number(),
  lease_expires_at: z.number().nullable(),
});
const mediaDetailRow = rowSchema("video_media for the console", { duration_seconds: z.number(), width: z.number(), height: z.number(), renditions: z.string() });
const captionRow = rowSchema("video_captions", { language: z.string(), label: z.string(), bytes: z.number(), object_key: z.string() });
const chapterRow = rowSchema("video_chapters", { start_seconds: z.number(), title: z.string() });

/** Everything the publish form and the video's console page show; null: no such video. */
export async function consoleVideoDetail(db: D1Database, entryId: string, packages: readonly TierPackage[], now = new Date()): Promise<ConsoleVideoDetail | null> {
  const row = await firstRow(listRow, db.prepare(`${LIST_SELECT} WHERE v.entry_id = ?1`).bind(entryId));
  if (!row) return null;
  const [fields, job, media, captions, chapters, lastCheckIn] = await Promise.all([
    firstRow(formRow, db.prepare("SELECT description, category_id, team_id, featured, entitlements, thumbnail_key FROM videos WHERE id = ?1").bind(row.id)),
    row.source_id === null ? null : firstRow(jobDetailRow, db.prepare("SELECT status, progress, failure_reason, attempts, max_attempts, lease_expires_at FROM transcode_jobs WHERE source_id = ?1").bind(row.source_id)),
    row.source_id === null ? null : firstRow(mediaDetailRow, db.prepare("SELECT duration_seconds, width, height, renditions FROM video_media WHERE source_id = ?1").bind(row.source_id)),
    allRows(captionRow, db.prepare("SELECT language, label, bytes, object_key FROM video_captions WHERE video_id = ?1 ORDER BY language").bind(row.id)),
    allRows(chapterRow, db.prepare("SELECT start_seconds, title FROM video_chapters WHERE video_id = ?1 ORDER BY start_seconds").bind(row.id)),
    latestCheckIn(db),
  ]);
  if (!fields) return null;
  return {
    row: toRow(row, now),
    publicationStatus: row.publication_status as PublicationStatus,
    sourceId: row.source_id,
    job: job ? { status: job.status, progress: job.progress, failureReason: job.failure_reason, attempts: job.attempts, maxAttempts: job.max_attempts, leaseExpiresAt: job.lease_expires_at } : null,
    transcoderRunning: transcoderRunning(lastCheckIn, now.getTime()),
    media: media ? { durationSeconds: media.duration_seconds, width: media.width, height: media.height, renditions: renditionsOf(media.renditions).map((x) => x.name) } : null,
    captions: captions.map((c) => ({ language: c.language, label: c.label, bytes: c.bytes })),
    form: {
      title: row.title,
      description: fields.description,
      categoryId: fields.category_id,
      teamId: fields.team_id,
      featured: fields.featured === 1,
      imageKey: mediaRefId(fields.thumbnail_key) === null ? "" : fields.thumbnail_key,
      tier: tierOf(stringList(fields.entitlements), packages),
      publishAt: utcToClubLocal(row.publish_at),
      expiresAt: utcToClubLocal(row.expires_at),
      chapters: chapters.map((c) => ({ time: chapterTimeText(c.start_seconds), title: c.title })),
    },
  };
}

const packageRow = rowSchema("packages with their codes", { id: z.string(), title: z.string(), codes: z.string().nullable() });

/** The form's choices: categories, teams, and the active memberships with the codes their prices grant. */
export async function consoleVideoOptions(db: D1Database): Promise<ConsoleVideoOptions> {
  const [categories, teams, packages] = await Promise.all([
    allRows(rowSchema("video_categories", { id: z.number(), name: z.string() }), db.prepare("SELECT id, name FROM video_categories ORDER BY order_position, id")),
    allRows(rowSchema("teams", { id: z.number(), name: z.string() }), db.prepare("SELECT id, name FROM teams ORDER BY id")),
    allRows(
      packageRow,
      db.prepare(
        `SELECT p.id, p.title, (SELECT json_group_array(DISTINCT e.value) FROM prices pr, json_each(pr.entitlements) e WHERE pr.package_id = p.id AND pr.active = 1) AS codes
         FROM packages p WHERE p.active = 1 AND p.package_type = 'membership' ORDER BY p.order_position, p.id`,
      ),
    ),
  ]);
  return {
    categories,
    teams,
    packages: packages.map((p) => ({ id: p.id, title: p.title, entitlements: stringList(p.codes) })).filter((p) => p.entitlements.length > 0),
  };
}
