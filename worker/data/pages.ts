import { club } from "../../src/config/club";
import type { ContentPage, Home } from "../../src/schemas/pages";
import { NEWS_SUMMARY_COLUMNS, toNewsSummary, type NewsSummaryRow } from "./news";
import { firstOf, resultsOf } from "../db/rows";
import { sanitizeHtml } from "../html/sanitize-html";
import { MENU_PAGE_COLUMNS, toMenuPage, type MenuPageRow } from "./shell";
import { MATCH_SELECT, toMatch, type MatchRow } from "./teams";
import { toVideo, VIDEO_SELECT, type VideoRow } from "./video-catalogue";

interface PageRow extends MenuPageRow {
  body_html: string;
  hero_image_key: string | null;
  redirect_location: string | null;
  redirect_status: number | null;
}

/**
 * A published CMS page by its full path ("club-information/contact-us"). An external menu entry
 * (Shop) and a redirect page both come back with `redirect` set, so /shop leads to the shop.
 */
export async function page(db: D1Database, fullPath: string): Promise<ContentPage | null> {
  const path = fullPath.replace(/^\/+|\/+$/g, "");
  if (path === "") return null;
  const [pageResult, children] = await db.batch([
    db.prepare(
      `SELECT ${MENU_PAGE_COLUMNS}, body_html, hero_image_key, redirect_location, redirect_status
       FROM menu_pages WHERE full_path = ? AND post_status = 'Published'`,
    ).bind(path),
    db.prepare(
      `SELECT ${MENU_PAGE_COLUMNS} FROM menu_pages
       WHERE parent_id = (SELECT id FROM menu_pages WHERE full_path = ?) AND post_status = 'Published' AND in_menu = 1
       ORDER BY page_order, id`,
    ).bind(path),
  ]);
  const row = firstOf<PageRow>(pageResult);
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
    children: resultsOf<MenuPageRow>(children).map(toMenuPage),
    redirect,
  };
}

// As many as the home page shows (src/routes/Home.tsx): the lead and three more headlines, a
// feature and eight cards; more would only weigh on the page's router data.
const HEADLINES = 4;
const LATEST_NEWS = 9;
const UPCOMING = 6;
const HOME_VIDEOS = 8;

/**
 * The home page in one batch. "Next" and "last" come from match status rather than the clock:
 * a fixture is a match not yet played, whatever today's date.
 */
export async function home(db: D1Database): Promise<Home> {
  const season = club.currentSeason.slug;
  const [headline, latest, next, last, upcoming, videos] = await db.batch([
    db.prepare(`SELECT ${NEWS_SUMMARY_COLUMNS} FROM news n WHERE n.featured = 1 ORDER BY n.published_at DESC, n.id DESC LIMIT ?`).bind(HEADLINES),
    db.prepare(`SELECT ${NEWS_SUMMARY_COLUMNS} FROM news n WHERE n.featured = 0 ORDER BY n.published_at DESC, n.id DESC LIMIT ?`).bind(LATEST_NEWS),
    db.prepare(`${MATCH_SELECT} WHERE t.slug = '' AND s.slug = ? AND m.status = 'fixture' ORDER BY m.kickoff LIMIT 1`).bind(season),
    db.prepare(`${MATCH_SELECT} WHERE t.slug = '' AND m.status = 'result' ORDER BY m.kickoff DESC LIMIT 1`),
    db.prepare(`${MATCH_SELECT} WHERE s.slug = ? AND m.status = 'fixture' ORDER BY m.kickoff, t.sort_order LIMIT ?`).bind(season, UPCOMING),
    db.prepare(`${VIDEO_SELECT} ORDER BY v.created_at DESC, v.id DESC LIMIT ?`).bind(HOME_VIDEOS),
  ]);
  const nextRow = firstOf<MatchRow>(next);
  const lastRow = firstOf<MatchRow>(last);
  return {
    headline: resultsOf<NewsSummaryRow>(headline).map(toNewsSummary),
    latestNews: resultsOf<NewsSummaryRow>(latest).map(toNewsSummary),
    nextMatch: nextRow ? toMatch(nextRow) : null,
    lastResult: lastRow ? toMatch(lastRow) : null,
    upcoming: resultsOf<MatchRow>(upcoming).map(toMatch),
    videos: resultsOf<VideoRow>(videos).map(toVideo),
  };
}
