import { z } from "zod";
import {
  categoryCarouselSchema, liveAssetSchema, videoHomeSchema,
  type FaqGroup, type LiveAsset, type Package, type Video, type VideoCategory, type VideoHome,
} from "../../src/schemas/videos";
import { allRows, bool, firstOf, firstRow, resultsOf, rowSchema, settingRow, stringList } from "../db/rows";
import { sanitizeHtml } from "../html/sanitize-html";
import { ON_SALE_SQL, PRICE_COLUMNS, packageColumns, pricesByPackage } from "../db/price-rows";
import { VIDEO_SEARCH_PAGE_SIZE } from "../../src/domain/timings";
import { PUBLIC_VIDEOS } from "./public-videos";
import { searchVideoCatalogue, toVideo, VIDEO_SELECT, videoRow, videoShape } from "./catalogue";
import type { Reader } from "../viewer/reader";
import { cached, DEFAULT_TTL_SECONDS } from "../cache/kv-cache";
import { spoilerFreeVideoHome, spoilerFreeVideos } from "../viewer/spoiler-free";
import { durationBounds, teamSlugOf, type VideoListQuery } from "../../src/data/video-filter";
import { DEFAULT_LIVE_ENTRY_SETTING, defaultLiveEntry, type LiveMediaType } from "../../src/domain/default-live-entry";

/** A video listing page: spec §9 'video search default 12' (src/domain/timings), at most this many. */
const MAX_PAGE_SIZE = 48;
/**
 * The feed the video home reads (spec §2 '/videos: feed 1'; §9 'a feed id' of the streaming
 * configuration): the web setting `tv.feed`, the demo's feed without it. Read inside the queries,
 * so choosing another feed costs no extra round trip.
 */
const HOME_FEED = `COALESCE((SELECT value FROM settings WHERE key = 'tv.feed'), 'rovers-tv')`;

const categoryRow = rowSchema("video_categories", {
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  order_position: z.number(),
  image_key: z.string(),
  title_visibility: z.number(),
});

const CATEGORY_COLUMNS = "id, slug, name, order_position, image_key, title_visibility";

const toCategory = (r: z.infer<typeof categoryRow>): VideoCategory => ({
  slug: r.slug,
  name: r.name,
  orderPosition: r.order_position,
  imageKey: r.image_key,
  titleVisibility: bool(r.title_visibility),
});

export const liveRow = rowSchema("live_stream_assets (LIVE_SELECT)", {
  id: z.string(),
  title: z.string(),
  description: z.string(),
  media_type: liveAssetSchema.shape.mediaType,
  status: liveAssetSchema.shape.status,
  poster_image_key: z.string(),
  offline_image_key: z.string(),
  entitlements: z.string(),
  starts_at: z.string().nullable(),
});

// playback_id stays in D1: no public answer carries a media locator (src/schemas/videos.ts).
export const LIVE_SELECT = `SELECT id, title, description, media_type, status, poster_image_key, offline_image_key,
  entitlements, starts_at FROM live_stream_assets`;

export const toLive = (r: z.infer<typeof liveRow>): LiveAsset => ({
  id: r.id,
  title: r.title,
  description: r.description,
  mediaType: r.media_type,
  status: r.status,
  posterImageKey: r.poster_image_key,
  offlineImageKey: r.offline_image_key,
  entitlements: stringList(r.entitlements),
  startsAt: r.starts_at,
});

/** Disabled assets are kept for their history but never listed. */
const listedLive = (db: D1Database) => db.prepare(`${LIVE_SELECT} WHERE status != 'disabled' ORDER BY position, id`);

const sectionRow = rowSchema("feed_sections", {
  id: z.number(),
  section_key: z.string(),
  title: z.string(),
  kind: z.enum(["videos", "categories"]),
  category_id: z.number().nullable(),
  item_limit: z.number(),
  carousel_type: categoryCarouselSchema.shape.type,
  carousel_style: categoryCarouselSchema.shape.style,
});
const rankedVideoRow = rowSchema("videos ranked per category", { ...videoShape, category_id: z.number(), rank: z.number() });
type RankedVideoRow = z.infer<typeof rankedVideoRow>;

export async function videoHome(db: D1Database): Promise<VideoHome> {
  const [featured, sectionRows, categoryRows, videos, live] = await db.batch([
    db.prepare(`${VIDEO_SELECT} WHERE v.featured = 1 ORDER BY v.created_at DESC, v.id DESC`),
    db.prepare(
      `SELECT fs.id, fs.section_key, fs.title, fs.kind, fs.category_id, fs.item_limit, fs.carousel_type, fs.carousel_style
       FROM feed_sections fs JOIN feeds f ON f.id = fs.feed_id
       WHERE f.slug = ${HOME_FEED} ORDER BY fs.position, fs.id`,
    ),
    db.prepare(`SELECT ${CATEGORY_COLUMNS} FROM video_categories ORDER BY order_position, id`),
    // The newest videos of every category in the feed, numbered so each section takes its limit.
    db.prepare(
      `SELECT * FROM (
         SELECT v.category_id, ROW_NUMBER() OVER (PARTITION BY v.category_id ORDER BY v.created_at DESC, v.id DESC) AS rank,
           v.entry_id, v.title, v.description, v.duration_seconds, v.entitlements, v.thumbnail_key, v.created_at,
           vc.slug AS category_slug, t.slug AS team_slug, s.slug AS season_slug
         FROM ${PUBLIC_VIDEOS} v
         JOIN video_categories vc ON vc.id = v.category_id
         LEFT JOIN teams t ON t.id = v.team_id
         LEFT JOIN seasons s ON s.id = v.season_id
         WHERE v.category_id IN (SELECT fs.category_id FROM feed_sections fs JOIN feeds f ON f.id = fs.feed_id WHERE f.slug = ${HOME_FEED}))
       WHERE rank <= (SELECT MAX(item_limit) FROM feed_sections)
       ORDER BY category_id, rank`,
    ),
    listedLive(db),
  ]);
  const byCategory = new Map<number, RankedVideoRow[]>();
  for (const row of resultsOf(rankedVideoRow, videos)) {
    const list = byCategory.get(row.category_id) ?? [];
    list.push(row);
    byCategory.set(row.category_id, list);
  }
  const categories = resultsOf(categoryRow, categoryRows);
  const home: VideoHome = { featured: resultsOf(videoRow, featured).map(toVideo), sections: [], carousels: [], live: resultsOf(liveRow, live).map(toLive) };
  for (const section of resultsOf(sectionRow, sectionRows)) {
    if (section.kind === "categories") {
      home.carousels.push({
        key: section.section_key,
        title: section.title,
        type: section.carousel_type,
        style: section.carousel_style,
        afterSections: home.sections.length,
        categories: categories.map(toCategory),
      });
      continue;
    }
    const category = categories.find((c) => c.id === section.category_id);
    if (!category) continue;
    home.sections.push({
      key: section.section_key,
      title: section.title,
      type: section.carousel_type,
      style: section.carousel_style,
      category: toCategory(category),
      videos: (byCategory.get(category.id) ?? []).filter((v) => v.rank <= section.item_limit).map(toVideo),
    });
  }
  return home;
}

export async function videoCategories(db: D1Database): Promise<VideoCategory[]> {
  return (await allRows(categoryRow, db.prepare(`SELECT ${CATEGORY_COLUMNS} FROM video_categories ORDER BY order_position, id`))).map(toCategory);
}

export async function videos(db: D1Database, query: VideoListQuery): Promise<{ items: Video[]; total: number }> {
  const page = Math.max(0, Math.floor(query.page ?? 0));
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(query.pageSize ?? VIDEO_SEARCH_PAGE_SIZE)));
  return searchVideoCatalogue(db, {
    category: query.category,
    teamSlug: query.team === undefined ? undefined : teamSlugOf(query.team),
    season: query.season,
    ...durationBounds(query.duration),
    page,
    pageSize,
    order: "created",
  });
}

export async function video(db: D1Database, entryId: string): Promise<Video | null> {
  const row = await firstRow(videoRow, db.prepare(`${VIDEO_SELECT} WHERE v.entry_id = ?`).bind(entryId));
  return row ? toVideo(row) : null;
}

const faqRow = rowSchema("faq_groups joined to faq_questions", {
  group_id: z.number(),
  group_title: z.string(),
  heading: z.string().nullable(),
  body_html: z.string().nullable(),
});

/** The Rovers TV FAQs (scope 'videos'), or the streamer layout's; answers are CMS HTML, sanitised here. */
export async function faqs(db: D1Database, scope: "videos" | "streamer" = "videos"): Promise<FaqGroup[]> {
  const rows = await allRows(
    faqRow,
    db.prepare(
      `SELECT g.id AS group_id, g.title AS group_title, q.heading, q.body_html
       FROM faq_groups g LEFT JOIN faq_questions q ON q.group_id = g.id
       WHERE g.scope = ?1 ORDER BY g.position, g.id, q.position, q.id`,
    ).bind(scope),
  );
  const groups = new Map<number, FaqGroup>();
  for (const r of rows) {
    let group = groups.get(r.group_id);
    if (!group) {
      group = { id: r.group_id, title: r.group_title, questions: [] };
      groups.set(r.group_id, group);
    }
    if (r.heading !== null) group.questions.push({ heading: r.heading, bodyHtml: sanitizeHtml(r.body_html ?? "") });
  }
  return [...groups.values()];
}

const packageRow = rowSchema("packages", { ...packageColumns, order_position: z.number() });

/** Active packages inside their sale window, memberships before match passes, each with its active prices. Texts are CMS HTML. */
export async function packages(db: D1Database): Promise<Package[]> {
  const [packageRows, priceRows] = await db.batch([
    db.prepare(
      `SELECT id, mode, package_type, title, description, successful_payment_page, cancelled_payment_page, display_type,
         icon, custom_label, image_key, order_position
       FROM packages p WHERE active = 1 AND ${ON_SALE_SQL} ORDER BY package_type = 'match-pass', order_position, id`,
    ),
    db.prepare(
      `SELECT ${PRICE_COLUMNS}
       FROM prices pr JOIN packages p ON p.id = pr.package_id
       WHERE pr.active = 1 AND p.active = 1 AND ${ON_SALE_SQL} ORDER BY pr.package_id, pr.position, pr.id`,
    ),
  ]);
  const prices = pricesByPackage(priceRows);
  return resultsOf(packageRow, packageRows).map((r) => ({
    id: r.id,
    mode: r.mode,
    packageType: r.package_type,
    title: r.title,
    description: sanitizeHtml(r.description),
    successfulPaymentPage: r.successful_payment_page,
    cancelledPaymentPage: r.cancelled_payment_page,
    displayType: r.display_type,
    icon: r.icon,
    customLabel: r.custom_label,
    imageKey: r.image_key,
    orderPosition: r.order_position,
    prices: prices.get(r.id) ?? [],
  }));
}

export async function liveAssets(db: D1Database): Promise<LiveAsset[]> {
  return (await allRows(liveRow, listedLive(db))).map(toLive);
}

/** The default live entry of a type (spec §9): the `live.defaultEntry.{type}` setting, read on every request. */
export async function defaultLiveAsset(db: D1Database, mediaType: LiveMediaType): Promise<LiveAsset | null> {
  const [assets, setting] = await db.batch([listedLive(db), db.prepare("SELECT key, value FROM settings WHERE key = ?1").bind(DEFAULT_LIVE_ENTRY_SETTING[mediaType])]);
  const configured = firstOf(settingRow, setting)?.value;
  return defaultLiveEntry(resultsOf(liveRow, assets).map(toLive), mediaType, configured) ?? null;
}

/** Any asset by id, a disabled one included, so its player can say it is off air. */
export async function liveAsset(db: D1Database, id: string): Promise<LiveAsset | null> {
  const row = await firstRow(liveRow, db.prepare(`${LIVE_SELECT} WHERE id = ?`).bind(id));
  return row ? toLive(row) : null;
}

/**
 * Rovers TV's feed as the reader reads it (spoiler-free takes scores out of titles), from KV and
 * the isolate's copy: a warm render of /videos makes no D1 query. The feed it reads is a web
 * setting (tv.feed): a change retires it with the settings.
 */
export async function readVideoHome(r: Reader): Promise<VideoHome> {
  const home = await cached(r.env, "video-home", DEFAULT_TTL_SECONDS, videoHomeSchema, () => videoHome(r.env.DB), ["settings"]);
  return r.preferences.spoilerFree ? spoilerFreeVideoHome(home) : home;
}

/** A page of videos as the reader reads them. */
export async function readVideos(r: Reader, query: VideoListQuery): Promise<{ items: Video[]; total: number }> {
  const list = await videos(r.env.DB, query);
  return r.preferences.spoilerFree ? { ...list, items: spoilerFreeVideos(list.items) } : list;
}

/** A video as the reader reads it; null: no such video. */
export async function readVideo(r: Reader, entryId: string): Promise<Video | null> {
  const found = await video(r.env.DB, entryId);
  return found && r.preferences.spoilerFree ? spoilerFreeVideos([found])[0]! : found;
}

const chapterRow = rowSchema("video_chapters", { start_seconds: z.number(), title: z.string() });

/** A published video's chapters (the console's publish form writes them), earliest first. */
export async function videoChapters(db: D1Database, entryId: string): Promise<{ startSeconds: number; title: string }[]> {
  const rows = await allRows(
    chapterRow,
    db.prepare(`SELECT c.start_seconds, c.title FROM video_chapters c JOIN ${PUBLIC_VIDEOS} v ON v.id = c.video_id WHERE v.entry_id = ?1 ORDER BY c.start_seconds`).bind(entryId),
  );
  return rows.map((r) => ({ startSeconds: r.start_seconds, title: r.title }));
}
