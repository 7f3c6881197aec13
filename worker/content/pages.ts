import { club } from "../../src/config/club";
import { homeSchema, type ContentPage, type Home } from "../../src/schemas/pages";
import type { Reader } from "../viewer/reader";
import { cached, DEFAULT_TTL_SECONDS } from "../cache/kv-cache";
import { spoilerFreeHome } from "../viewer/spoiler-free";
import { z } from "zod";
import { NEWS_SUMMARY_COLUMNS, newsSummaryRow, toNewsSummary } from "../news/queries";
import { firstOf, resultsOf, rowSchema, settingRow, stringList } from "../db/rows";
import { sanitizeHtml } from "../html/sanitize-html";
import { photoColumn, photoOf } from "../media-library/photo-column";
import { MENU_PAGE_COLUMNS, menuPageRow, menuPageShape, toMenuPage } from "./shell";
import { MATCH_SELECT, matchRow, matchShape, toMatch } from "../teams/queries";
import { toVideo, VIDEO_SELECT, videoRow } from "../videos/catalogue";
import { liveAssetSchema } from "../../src/schemas/videos";
import type { MatchdayCandidate } from "../../src/schemas/matchday";
import { ASSUMED_MATCH_MS, MAX_TAKEOVER_MINUTES, TAKEOVER_SETTINGS } from "../../src/domain/matchday-takeover";

const pageRow = rowSchema("menu_pages with their content", {
  ...menuPageShape,
  body_html: z.string(),
  hero_image_key: z.string().nullable(),
  hero_photo: z.string().nullable(),
  redirect_location: z.string().nullable(),
  redirect_status: z.number().nullable(),
});

/**
 * A published CMS page by its full path ("club-information/contact-us"). An external menu entry
 * (Shop) and a redirect page both come back with `redirect` set, so /shop leads to the shop.
 */
export async function page(db: D1Database, fullPath: string): Promise<ContentPage | null> {
  const path = fullPath.replace(/^\/+|\/+$/g, "");
  if (path === "") return null;
  const [pageResult, children] = await db.batch([
    db.prepare(
      `SELECT ${MENU_PAGE_COLUMNS}, body_html, hero_image_key, ${photoColumn("hero_image_key", "hero_photo")}, redirect_location, redirect_status
       FROM menu_pages WHERE full_path = ? AND post_status = 'Published'`,
    ).bind(path),
    db.prepare(
      `SELECT ${MENU_PAGE_COLUMNS} FROM menu_pages
       WHERE parent_id = (SELECT id FROM menu_pages WHERE full_path = ?) AND post_status = 'Published' AND in_menu = 1
       ORDER BY page_order, id`,
    ).bind(path),
  ]);
  const row = firstOf(pageRow, pageResult);
  if (!row) return null;
  const redirect =
    row.redirect_location !== null
      ? { location: row.redirect_location, status: row.redirect_status ?? 302 }
      : row.post_type === "external" && row.external_url
        ? { location: row.external_url, status: 302 }
        : null;
  return {
    page: toMenuPage(row),
    bodyHtml: sanitizeHtml(row.body_html),
    heroImageKey: row.hero_image_key,
    heroPhoto: photoOf(row.hero_photo),
    children: resultsOf(menuPageRow, children).map(toMenuPage),
    redirect,
  };
}

// As many as the home page shows (src/routes/home/Home.tsx): the lead and three more headlines, a
// feature and eight cards; more would only weigh on the page's router data.
const HEADLINES = 4;
const LATEST_NEWS = 9;
const UPCOMING = 6;
const HOME_VIDEOS = 8;

const HOUR_MS = 3_600_000;
/**
 * The matches the takeover may choose (src/domain/matchday-takeover.ts): every match the feed has
 * kicked off and not finished, those it finished within the longest window the settings allow (a
 * day, plus a margin), and those kicking off within it (a day ahead, a day plus a match behind):
 * margins the minute this data is cached cannot cross.
 */
const KICKED_OFF = "EXISTS (SELECT 1 FROM match_events e WHERE e.match_id = c.id AND e.type = 'kickoff' AND e.withdrawn = 0)";
const FULL_TIME_AT = "(SELECT e.created_at FROM match_events e WHERE e.match_id = c.id AND e.type = 'fulltime' AND e.withdrawn = 0 ORDER BY e.seq DESC LIMIT 1)";
const MATCHDAY_SELECT = `SELECT c.*, ${KICKED_OFF} AS kicked_off, ${FULL_TIME_AT} AS full_time_at
  FROM (${MATCH_SELECT} WHERE m.status != 'postponed' AND (m.kickoff BETWEEN ?1 AND ?2 OR m.live_seq > 0)) c
  WHERE c.kickoff BETWEEN ?1 AND ?2 OR (c.status = 'fixture' AND ${KICKED_OFF}) OR (c.status = 'result' AND ${FULL_TIME_AT} >= ?1)
  ORDER BY c.kickoff LIMIT 12`;
const matchdayRow = rowSchema("matchday matches (MATCHDAY_SELECT)", { ...matchShape, kicked_off: z.number(), full_time_at: z.string().nullable() });
const streamRow = rowSchema("live_stream_assets of matches", {
  id: z.string(),
  media_type: liveAssetSchema.shape.mediaType,
  entitlements: z.string(),
  match_id: z.number(),
});

function matchdayCandidate(row: z.infer<typeof matchdayRow>, streams: z.infer<typeof streamRow>[]): MatchdayCandidate {
  return {
    match: toMatch(row),
    state: row.status === "result" ? "result" : row.kicked_off === 1 ? "live" : "fixture",
    fullTimeAt: row.status === "result" ? row.full_time_at : null,
    streams: streams.filter((s) => s.match_id === row.id).map((s) => ({ id: s.id, mediaType: s.media_type, entitlements: stringList(s.entitlements) })),
  };
}

/**
 * The home page in one batch. "Next" and "last" come from match status rather than the clock:
 * a fixture is a match not yet played, whatever today's date.
 */
export async function home(db: D1Database, now: number = Date.now()): Promise<Home> {
  const season = club.currentSeason.slug;
  const reach = MAX_TAKEOVER_MINUTES * 60_000 + HOUR_MS;
  const [headline, latest, next, last, upcoming, videos, matchday, streams, settings] = await db.batch([
    db.prepare(`SELECT ${NEWS_SUMMARY_COLUMNS} FROM news n WHERE n.featured = 1 ORDER BY n.published_at DESC, n.id DESC LIMIT ?`).bind(HEADLINES),
    db.prepare(`SELECT ${NEWS_SUMMARY_COLUMNS} FROM news n WHERE n.featured = 0 ORDER BY n.published_at DESC, n.id DESC LIMIT ?`).bind(LATEST_NEWS),
    db.prepare(`${MATCH_SELECT} WHERE t.slug = '' AND s.slug = ? AND m.status = 'fixture' ORDER BY m.kickoff LIMIT 1`).bind(season),
    db.prepare(`${MATCH_SELECT} WHERE t.slug = '' AND m.status = 'result' ORDER BY m.kickoff DESC LIMIT 1`),
    db.prepare(`${MATCH_SELECT} WHERE s.slug = ? AND m.status = 'fixture' ORDER BY m.kickoff, t.sort_order LIMIT ?`).bind(season, UPCOMING),
    db.prepare(`${VIDEO_SELECT} ORDER BY v.created_at DESC, v.id DESC LIMIT ?`).bind(HOME_VIDEOS),
    db.prepare(MATCHDAY_SELECT).bind(new Date(now - reach - ASSUMED_MATCH_MS).toISOString(), new Date(now + reach).toISOString()),
    db.prepare("SELECT id, media_type, entitlements, match_id FROM live_stream_assets WHERE match_id IS NOT NULL AND status != 'disabled' ORDER BY position, id"),
    db.prepare("SELECT key, value FROM settings WHERE key IN (?1, ?2)").bind(TAKEOVER_SETTINGS.before, TAKEOVER_SETTINGS.after),
  ]);
  const settingRows = resultsOf(settingRow, settings);
  const setting = (key: string) => settingRows.find((r) => r.key === key)?.value ?? null;
  const nextRow = firstOf(matchRow, next);
  const lastRow = firstOf(matchRow, last);
  const streamRows = resultsOf(streamRow, streams);
  return {
    headline: resultsOf(newsSummaryRow, headline).map(toNewsSummary),
    latestNews: resultsOf(newsSummaryRow, latest).map(toNewsSummary),
    nextMatch: nextRow ? toMatch(nextRow) : null,
    lastResult: lastRow ? toMatch(lastRow) : null,
    upcoming: resultsOf(matchRow, upcoming).map(toMatch),
    videos: resultsOf(videoRow, videos).map(toVideo),
    matchday: {
      settings: { before: setting(TAKEOVER_SETTINGS.before), after: setting(TAKEOVER_SETTINGS.after) },
      candidates: resultsOf(matchdayRow, matchday).map((row) => matchdayCandidate(row, streamRows)),
    },
  };
}

/**
 * The home page as the reader reads it (spoiler-free takes the scores out), from KV and the
 * isolate's copy: a warm render of / makes no D1 query. Built from the takeover's settings rows
 * too (src/domain/matchday-takeover.ts): a change there is seen at once.
 */
export async function readHome(r: Reader): Promise<Home> {
  const data = await cached(r.env, "home", DEFAULT_TTL_SECONDS, homeSchema, () => home(r.env.DB), ["settings"]);
  return r.preferences.spoilerFree ? spoilerFreeHome(r.env.DB, data) : data;
}
