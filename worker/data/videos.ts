import type { CategoryCarousel, FaqGroup, LiveAsset, Package, Price, Video, VideoCategory, VideoHome } from "../../src/schemas/videos";
import { bool, firstOf, resultsOf, stringList } from "../db/rows";
import { sanitizeHtml } from "../html/sanitize-html";
import { PRICE_COLUMNS, pricesByPackage } from "../db/price-rows";
import { VIDEO_SEARCH_PAGE_SIZE } from "../../src/domain/timings";
import { searchVideoCatalogue, toVideo, VIDEO_SELECT, type VideoRow } from "./video-catalogue";
import type { VideoListQuery } from "../../src/data/site-data";
import { durationBounds, teamSlugOf } from "../../src/data/video-filter";
import { DEFAULT_LIVE_ENTRY_SETTING, defaultLiveEntry, type LiveMediaType } from "../../src/domain/default-live-entry";

/** A video listing page: spec §9 'video search default 12' (src/domain/timings), at most this many. */
const MAX_PAGE_SIZE = 48;
/**
 * The feed the video home reads (spec §2 '/videos: feed 1'; §9 'a feed id' of the streaming
 * configuration): the web setting `tv.feed`, the demo's feed without it. Read inside the queries,
 * so choosing another feed costs no extra round trip.
 */
const HOME_FEED = `COALESCE((SELECT value FROM settings WHERE key = 'tv.feed'), 'rovers-tv')`;

interface CategoryRow {
  id: number;
  slug: string;
  name: string;
  order_position: number;
  image_key: string;
  title_visibility: number;
}

const CATEGORY_COLUMNS = "id, slug, name, order_position, image_key, title_visibility";

const toCategory = (r: CategoryRow): VideoCategory => ({
  slug: r.slug,
  name: r.name,
  orderPosition: r.order_position,
  imageKey: r.image_key,
  titleVisibility: bool(r.title_visibility),
});

export interface LiveRow {
  id: string;
  title: string;
  description: string;
  media_type: LiveAsset["mediaType"];
  status: LiveAsset["status"];
  poster_image_key: string;
  offline_image_key: string;
  entitlements: string;
  starts_at: string | null;
}

// playback_id stays in D1: no public answer carries a media locator (src/schemas/videos.ts).
export const LIVE_SELECT = `SELECT id, title, description, media_type, status, poster_image_key, offline_image_key,
  entitlements, starts_at FROM live_stream_assets`;

export const toLive = (r: LiveRow): LiveAsset => ({
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

interface SectionRow {
  id: number;
  section_key: string;
  title: string;
  kind: "videos" | "categories";
  category_id: number | null;
  item_limit: number;
  carousel_type: CategoryCarousel["type"];
  carousel_style: CategoryCarousel["style"];
}

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
         FROM videos v
         JOIN video_categories vc ON vc.id = v.category_id
         LEFT JOIN teams t ON t.id = v.team_id
         LEFT JOIN seasons s ON s.id = v.season_id
         WHERE v.category_id IN (SELECT fs.category_id FROM feed_sections fs JOIN feeds f ON f.id = fs.feed_id WHERE f.slug = ${HOME_FEED}))
       WHERE rank <= (SELECT MAX(item_limit) FROM feed_sections)
       ORDER BY category_id, rank`,
    ),
    listedLive(db),
  ]);
  const byCategory = new Map<number, (VideoRow & { rank: number })[]>();
  for (const row of resultsOf<VideoRow & { category_id: number; rank: number }>(videos)) {
    const list = byCategory.get(row.category_id) ?? [];
    list.push(row);
    byCategory.set(row.category_id, list);
  }
  const categories = resultsOf<CategoryRow>(categoryRows);
  const home: VideoHome = { featured: resultsOf<VideoRow>(featured).map(toVideo), sections: [], carousels: [], live: resultsOf<LiveRow>(live).map(toLive) };
  for (const section of resultsOf<SectionRow>(sectionRows)) {
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
  const { results } = await db.prepare(`SELECT ${CATEGORY_COLUMNS} FROM video_categories ORDER BY order_position, id`).all<CategoryRow>();
  return results.map(toCategory);
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
  const row = await db.prepare(`${VIDEO_SELECT} WHERE v.entry_id = ?`).bind(entryId).first<VideoRow>();
  return row ? toVideo(row) : null;
}

interface FaqRow {
  group_id: number;
  group_title: string;
  heading: string | null;
  body_html: string | null;
}

/** The Rovers TV FAQs (scope 'videos'), or the streamer layout's; answers are CMS HTML, sanitised here. */
export async function faqs(db: D1Database, scope: "videos" | "streamer" = "videos"): Promise<FaqGroup[]> {
  const { results } = await db
    .prepare(
      `SELECT g.id AS group_id, g.title AS group_title, q.heading, q.body_html
       FROM faq_groups g LEFT JOIN faq_questions q ON q.group_id = g.id
       WHERE g.scope = ?1 ORDER BY g.position, g.id, q.position, q.id`,
    )
    .bind(scope)
    .all<FaqRow>();
  const groups = new Map<number, FaqGroup>();
  for (const r of results) {
    let group = groups.get(r.group_id);
    if (!group) {
      group = { id: r.group_id, title: r.group_title, questions: [] };
      groups.set(r.group_id, group);
    }
    if (r.heading !== null) group.questions.push({ heading: r.heading, bodyHtml: sanitizeHtml(r.body_html ?? "") });
  }
  return [...groups.values()];
}

interface PackageRow {
  id: string;
  mode: Package["mode"];
  package_type: Package["packageType"];
  title: string;
  description: string;
  successful_payment_page: string;
  cancelled_payment_page: string;
  display_type: Package["displayType"];
  icon: string;
  custom_label: string | null;
  image_key: string;
  order_position: number;
}

/** Active packages, memberships before match passes, each with its active prices. Texts are CMS HTML. */
export async function packages(db: D1Database): Promise<Package[]> {
  const [packageRows, priceRows] = await db.batch([
    db.prepare(
      `SELECT id, mode, package_type, title, description, successful_payment_page, cancelled_payment_page, display_type,
         icon, custom_label, image_key, order_position
       FROM packages WHERE active = 1 ORDER BY package_type = 'match-pass', order_position, id`,
    ),
    db.prepare(
      `SELECT ${PRICE_COLUMNS}
       FROM prices pr JOIN packages p ON p.id = pr.package_id
       WHERE pr.active = 1 AND p.active = 1 ORDER BY pr.package_id, pr.position, pr.id`,
    ),
  ]);
  const prices = pricesByPackage(priceRows);
  return resultsOf<PackageRow>(packageRows).map((r) => ({
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
  const { results } = await listedLive(db).all<LiveRow>();
  return results.map(toLive);
}

/** The default live entry of a type (spec §9): the `live.defaultEntry.{type}` setting, read on every request. */
export async function defaultLiveAsset(db: D1Database, mediaType: LiveMediaType): Promise<LiveAsset | null> {
  const [assets, setting] = await db.batch([listedLive(db), db.prepare("SELECT value FROM settings WHERE key = ?1").bind(DEFAULT_LIVE_ENTRY_SETTING[mediaType])]);
  const configured = resultsOf<{ value: string }>(setting)[0]?.value;
  return defaultLiveEntry(resultsOf<LiveRow>(assets).map(toLive), mediaType, configured) ?? null;
}

/** Any asset by id, a disabled one included, so its player can say it is off air. */
export async function liveAsset(db: D1Database, id: string): Promise<LiveAsset | null> {
  const row = await db.prepare(`${LIVE_SELECT} WHERE id = ?`).bind(id).first<LiveRow>();
  return row ? toLive(row) : null;
}
