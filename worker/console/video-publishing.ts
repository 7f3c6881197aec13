import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError, fieldErrorsOf, type ErrorItem } from "../http/api-error";
import { staffActor, writeAudit } from "../audit/audit-log";
import { requireCapability } from "./capabilities";
import { invalidateCache } from "../cache/kv-cache";
import { mediaBucket } from "../media-library/media-objects";
import { ENTRY_ID } from "../media/entry-id";
import { firstRow, rowSchema, stringList } from "../db/rows";
import { videoFormSchema, type ConsoleVideoDetail, type VideoForm } from "../../src/schemas/console-videos";
import { entitlementsOf } from "../../src/domain/video-tier";
import { checkChapters, CHAPTER_ERROR_TEXT, type Chapter } from "../../src/domain/video-chapters";
import { clubLocalToUtc } from "../../src/domain/date-format";
import { CAPTION_LANGUAGE, CAPTIONS_ERROR_TEXT, CAPTIONS_MAX_BYTES, checkWebVtt } from "../../src/domain/webvtt";
import { consoleVideoDetail, consoleVideoOptions } from "./video-catalogue";
import { libraryPhotoExists } from "../media-library/photo-column";
import { mediaRefId } from "../../src/domain/media-ref";

/**
 * Rovers TV's publishing, for `video.manage` (beside the upload API in videos.ts):
 *   POST   /api/console/videos/catalogue                      the form with `sourceId` (an uploaded file) → 201 a draft { entryId }
 *   PUT    /api/console/videos/catalogue/{entryId}            the form: saved, the publication state kept
 *   POST   /api/console/videos/catalogue/{entryId}/publish    published (409 MEDIA_NOT_READY until its media is ready)
 *   POST   /api/console/videos/catalogue/{entryId}/unpublish  back to draft: gone from every public read and playlist at once
 *   PUT    /api/console/videos/catalogue/{entryId}/captions/{language}?label=…  a WebVTT file (the body), replacing that language's
 *   DELETE /api/console/videos/catalogue/{entryId}/captions/{language}
 * Field errors carry their own codes (INVALID_INPUT for zod's, and EXPIRY_BEFORE_PUBLISH, TIER_EMPTY,
 * CATEGORY_UNKNOWN, TEAM_UNKNOWN, CHAPTER_*, CAPTIONS_*), each beside its field. Every write is audited
 * with the video before and after, and retires the cached pages and lists (invalidateCache), so the
 * next request of any public page reads the change.
 */
export const consoleVideoPublishingApi = new Hono<AppEnv>();
consoleVideoPublishingApi.use("/videos/catalogue/*", requireCapability("video.manage"));
consoleVideoPublishingApi.use("/videos/catalogue", requireCapability("video.manage"));

const actorOf = (c: Context<AppEnv>) => staffActor(c.get("user")?.ssoID ?? "unknown");
const NOT_FOUND = () => new ApiError(404, "NOT_FOUND", "No such video");

async function detailOf(c: Context<AppEnv>, entryId: string): Promise<ConsoleVideoDetail | null> {
  const options = await consoleVideoOptions(c.env.DB);
  return consoleVideoDetail(c.env.DB, entryId, options.packages);
}

/** What the audit keeps of a video: its form and where it stands, not its counters. */
const auditView = (d: ConsoleVideoDetail | null) => (d ? { status: d.publicationStatus, ...d.form, captions: d.captions.map((x) => x.language) } : null);

async function audit(c: Context<AppEnv>, action: string, entryId: string, status: number, before: ConsoleVideoDetail | null, after: ConsoleVideoDetail | null, extra: object = {}) {
  await writeAudit(c, { actor: actorOf(c), action, target: `video:${entryId}`, status, detail: { via: "console", before: auditView(before), after: auditView(after), ...extra } });
}

const entryIdOf = (c: Context<AppEnv>) => {
  const entryId = c.req.param("entryId") ?? "";
  if (!ENTRY_ID.test(entryId)) throw NOT_FOUND();
  return entryId;
};

async function formOf(c: Context<AppEnv>): Promise<VideoForm> {
  const raw: unknown = await c.req.json().catch(() => undefined);
  const parsed = videoFormSchema.safeParse(raw ?? {});
  if (!parsed.success) throw ApiError.fields(400, "INVALID_INPUT", "Some fields need a change", fieldErrorsOf(parsed.error));
  return parsed.data;
}

interface Checked {
  entitlements: string[];
  publishAt: string | null;
  expiresAt: string | null;
  chapters: Chapter[];
}

const exists = (db: D1Database, sql: string, value: number) => firstRow(rowSchema("exists", { one: z.number() }), db.prepare(sql).bind(value));

/** The form's rules beyond its shape, each problem beside its field; `durationSeconds` null: media not ready. */
async function check(c: Context<AppEnv>, form: VideoForm, previousEntitlements: string[], durationSeconds: number | null): Promise<Checked> {
  const db = c.env.DB;
  const errors: ErrorItem[] = [];
  const photoId = mediaRefId(form.imageKey);
  const [options, category, team, photo] = await Promise.all([
    consoleVideoOptions(db),
    exists(db, "SELECT 1 AS one FROM video_categories WHERE id = ?1", form.categoryId),
    form.teamId === null ? null : exists(db, "SELECT 1 AS one FROM teams WHERE id = ?1", form.teamId),
    photoId === null ? true : libraryPhotoExists(db, photoId),
  ]);
  if (!photo) errors.push({ code: "PHOTO_UNKNOWN", field: "imageKey", detail: "That photo is no longer in the media library: choose another" });
  if (!category) errors.push({ code: "CATEGORY_UNKNOWN", field: "categoryId", detail: "Choose a category from the list" });
  if (form.teamId !== null && !team) errors.push({ code: "TEAM_UNKNOWN", field: "teamId", detail: "Choose a team from the list" });
  const entitlements = entitlementsOf(form.tier, options.packages, previousEntitlements);
  if (!entitlements) errors.push({ code: "TIER_EMPTY", field: "tier", detail: "Choose at least one package, or another tier" });
  const publishAt = form.publishAt === "" ? null : clubLocalToUtc(form.publishAt);
  const expiresAt = form.expiresAt === "" ? null : clubLocalToUtc(form.expiresAt);
  if (form.publishAt !== "" && !publishAt) errors.push({ code: "INVALID_INPUT", field: "publishAt", detail: "Choose a date and time" });
  if (form.expiresAt !== "" && !expiresAt) errors.push({ code: "INVALID_INPUT", field: "expiresAt", detail: "Choose a date and time" });
  if (publishAt && expiresAt && expiresAt <= publishAt) errors.push({ code: "EXPIRY_BEFORE_PUBLISH", field: "expiresAt", detail: "The expiry must be after the publish time" });
  const chapters = checkChapters(form.chapters, durationSeconds);
  if (!chapters.ok) {
    for (const { index, code } of chapters.errors) errors.push({ code, field: `chapters.${index}`, detail: CHAPTER_ERROR_TEXT[code] });
  }
  if (errors.length > 0 || !entitlements || !chapters.ok) throw new ApiError(400, errors[0]?.code ?? "INVALID_INPUT", "Some fields need a change", {}, errors);
  return { entitlements, publishAt, expiresAt, chapters: chapters.chapters };
}

/**
 * The artwork the site draws for a video from its key (worker/images): what a new video starts
 * with, and what '' brings back after a library photo. A video already showing drawn artwork keeps
 * the key it has, so saving the form never redraws it.
 */
const drawnPictureKey = (entryId: string): string => `video-${entryId}`;

/** The form's columns and chapters, by entry id, for one batch: all or nothing. */
function writeStatements(db: D1Database, entryId: string, form: VideoForm, checked: Checked): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `UPDATE videos SET title = ?2, description = ?3, category_id = ?4, team_id = ?5, featured = ?6, entitlements = ?7,
           publish_at = ?8, expires_at = ?9,
           thumbnail_key = CASE WHEN ?10 IS NULL THEN thumbnail_key WHEN ?10 <> '' THEN ?10 WHEN thumbnail_key LIKE 'media:%' THEN ?11 ELSE thumbnail_key END
         WHERE entry_id = ?1`,
      )
      .bind(entryId, form.title, form.description, form.categoryId, form.teamId, form.featured ? 1 : 0, JSON.stringify(checked.entitlements), checked.publishAt, checked.expiresAt, form.imageKey ?? null, drawnPictureKey(entryId)),
    db.prepare("DELETE FROM video_chapters WHERE video_id = (SELECT id FROM videos WHERE entry_id = ?1)").bind(entryId),
    ...checked.chapters.map((ch) =>
      db.prepare("INSERT INTO video_chapters (video_id, start_seconds, title) SELECT id, ?2, ?3 FROM videos WHERE entry_id = ?1").bind(entryId, ch.startSeconds, ch.title),
    ),
  ];
}

const sourceRowOf = rowSchema("a source for a new video", { bytes: z.number(), linked: z.number() });

consoleVideoPublishingApi.get("/videos/catalogue/:entryId", async (c) => {
  const detail = await detailOf(c, entryIdOf(c));
  if (!detail) throw NOT_FOUND();
  return c.json({ data: { attributes: detail } });
});

consoleVideoPublishingApi.post("/videos/catalogue", async (c) => {
  const form = await formOf(c);
  if (!form.sourceId) throw ApiError.fields(400, "SOURCE_REQUIRED", "Upload the video file first", [{ field: "sourceId", detail: "Upload the video file first" }]);
  const db = c.env.DB;
  const source = await firstRow(
    sourceRowOf,
    db.prepare("SELECT bytes, EXISTS (SELECT 1 FROM videos WHERE source_id = ?1) AS linked FROM video_sources WHERE id = ?1").bind(form.sourceId),
  );
  if (!source) throw ApiError.fields(400, "SOURCE_UNKNOWN", "No such video file", [{ field: "sourceId", detail: "No such video file: upload it again" }]);
  if (source.linked) throw new ApiError(409, "SOURCE_IN_USE", "This video file already has its catalogue video");
  const checked = await check(c, form, [], null);
  const entryId = `1_${crypto.randomUUID().replaceAll("-", "").slice(0, 8)}`;
  const now = new Date().toISOString();
  // A draft, with its fields and chapters, in one batch: a refused statement leaves nothing.
  await db.batch([
    db
      .prepare(
        `INSERT INTO videos (entry_id, title, duration_seconds, thumbnail_key, created_at, release_from, category_id, source_id, publication_status)
         VALUES (?1, ?2, 0, ?3, ?4, ?4, ?5, ?6, 'draft')`,
      )
      .bind(entryId, form.title, drawnPictureKey(entryId), now, form.categoryId, form.sourceId),
    ...writeStatements(db, entryId, form, checked),
  ]);
  const after = await detailOf(c, entryId);
  await audit(c, "video.create", entryId, 201, null, after, { sourceId: form.sourceId });
  await invalidateCache(c.env);
  return c.json({ data: { attributes: { entryId } } }, 201);
});

const entitlementsRow = rowSchema("videos.entitlements", { entitlements: z.string() });

consoleVideoPublishingApi.put("/videos/catalogue/:entryId", async (c) => {
  const entryId = entryIdOf(c);
  const form = await formOf(c);
  const before = await detailOf(c, entryId);
  if (!before) throw NOT_FOUND();
  const previous = await firstRow(entitlementsRow, c.env.DB.prepare("SELECT entitlements FROM videos WHERE entry_id = ?1").bind(entryId));
  const checked = await check(c, form, stringList(previous?.entitlements), before.media?.durationSeconds ?? null);
  await c.env.DB.batch(writeStatements(c.env.DB, entryId, form, checked));
  const after = await detailOf(c, entryId);
  await audit(c, "video.save", entryId, 200, before, after);
  await invalidateCache(c.env);
  return c.json({ data: { attributes: after } });
});


export const MEDIA_NOT_READY_DETAIL = "This video cannot be published until its file has been transcoded";

consoleVideoPublishingApi.post("/videos/catalogue/:entryId/publish", async (c) => {
  const entryId = entryIdOf(c);
  const before = await detailOf(c, entryId);
  if (!before) throw NOT_FOUND();
  // A video with no uploaded file plays its demo clip (src/domain/video-media-state.ts): ready as it is.
  if (before.sourceId !== null && !before.media) {
    await audit(c, "video.publish", entryId, 409, before, null, { refused: "MEDIA_NOT_READY" });
    throw new ApiError(409, "MEDIA_NOT_READY", MEDIA_NOT_READY_DETAIL);
  }
  const duration = before.media ? Math.round(before.media.durationSeconds) : null;
  await c.env.DB.prepare(
    "UPDATE videos SET publication_status = 'published', duration_seconds = COALESCE(?2, duration_seconds) WHERE entry_id = ?1",
  ).bind(entryId, duration).run();
  const after = await detailOf(c, entryId);
  await audit(c, "video.publish", entryId, 200, before, after);
  await invalidateCache(c.env);
  return c.json({ data: { attributes: after } });
});

consoleVideoPublishingApi.post("/videos/catalogue/:entryId/unpublish", async (c) => {
  const entryId = entryIdOf(c);
  const before = await detailOf(c, entryId);
  if (!before) throw NOT_FOUND();
  await c.env.DB.prepare("UPDATE videos SET publication_status = 'draft' WHERE entry_id = ?1").bind(entryId).run();
  const after = await detailOf(c, entryId);
  await audit(c, "video.unpublish", entryId, 200, before, after);
  await invalidateCache(c.env);
  return c.json({ data: { attributes: after } });
});

const captionQuery = z.object({ label: z.string().trim().min(1, "Give the captions a label, e.g. English").max(60, "A label is at most 60 characters") });
const languageOf = (c: Context<AppEnv>) => {
  const language = c.req.param("language") ?? "";
  if (!CAPTION_LANGUAGE.test(language)) throw ApiError.fields(400, "CAPTIONS_LANGUAGE", "A language code such as en or en-GB", [{ field: "language", detail: "A language code such as en or en-GB" }]);
  return language;
};
const existingKey = rowSchema("video_captions.object_key", { object_key: z.string() });

consoleVideoPublishingApi.put("/videos/catalogue/:entryId/captions/:language", async (c) => {
  const entryId = entryIdOf(c);
  const language = languageOf(c);
  const label = captionQuery.safeParse({ label: c.req.query("label") ?? "" });
  if (!label.success) throw ApiError.fields(400, "CAPTIONS_LABEL", label.error.issues[0]?.message ?? "Give the captions a label", [{ field: "label", detail: label.error.issues[0]?.message ?? "" }]);
  const declared = Number(c.req.header("content-length") ?? "0");
  if (declared > CAPTIONS_MAX_BYTES) throw ApiError.fields(413, "CAPTIONS_TOO_LARGE", CAPTIONS_ERROR_TEXT.CAPTIONS_TOO_LARGE, [{ field: "captions", detail: CAPTIONS_ERROR_TEXT.CAPTIONS_TOO_LARGE }]);
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  const problem = checkWebVtt(bytes);
  if (problem) throw ApiError.fields(problem === "CAPTIONS_TOO_LARGE" ? 413 : 400, problem, CAPTIONS_ERROR_TEXT[problem], [{ field: "captions", detail: CAPTIONS_ERROR_TEXT[problem] }]);
  const before = await detailOf(c, entryId);
  if (!before) throw NOT_FOUND();
  const db = c.env.DB;
  const old = await firstRow(existingKey, db.prepare("SELECT object_key FROM video_captions WHERE language = ?2 AND video_id = (SELECT id FROM videos WHERE entry_id = ?1)").bind(entryId, language));
  // A new key each time: a player holding the old master playlist keeps reading the old file until it reloads.
  const key = `captions/${entryId}/${language}-${crypto.randomUUID()}.vtt`;
  const bucket = mediaBucket(c.env);
  await bucket.put(key, bytes, { httpMetadata: { contentType: "text/vtt; charset=utf-8" } });
  try {
    await db
      .prepare(
        `INSERT INTO video_captions (video_id, language, label, object_key, bytes) SELECT id, ?2, ?3, ?4, ?5 FROM videos WHERE entry_id = ?1
         ON CONFLICT (video_id, language) DO UPDATE SET label = excluded.label, object_key = excluded.object_key, bytes = excluded.bytes`,
      )
      .bind(entryId, language, label.data.label, key, bytes.length)
      .run();
  } catch (error) {
    await bucket.delete(key);
    throw error;
  }
  if (old) await bucket.delete(old.object_key);
  const after = await detailOf(c, entryId);
  await audit(c, "video.captions", entryId, 200, before, after, { language, label: label.data.label, bytes: bytes.length });
  await invalidateCache(c.env);
  return c.json({ data: { attributes: after } });
});

consoleVideoPublishingApi.delete("/videos/catalogue/:entryId/captions/:language", async (c) => {
  const entryId = entryIdOf(c);
  const language = languageOf(c);
  const before = await detailOf(c, entryId);
  if (!before) throw NOT_FOUND();
  const db = c.env.DB;
  const old = await firstRow(existingKey, db.prepare("SELECT object_key FROM video_captions WHERE language = ?2 AND video_id = (SELECT id FROM videos WHERE entry_id = ?1)").bind(entryId, language));
  if (!old) throw new ApiError(404, "NOT_FOUND", "No captions in that language");
  await db.prepare("DELETE FROM video_captions WHERE object_key = ?1").bind(old.object_key).run();
  await mediaBucket(c.env).delete(old.object_key);
  const after = await detailOf(c, entryId);
  await audit(c, "video.captions-remove", entryId, 200, before, after, { language });
  await invalidateCache(c.env);
  return c.body(null, 204);
});
