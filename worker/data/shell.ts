import type { Advert, HeaderSponsor, MenuPage, OverlayPromo, SectionSponsor, Shell, SponsorRow, VideoMembership } from "../../src/schemas/shell";
import { cached, DEFAULT_TTL_SECONDS } from "../cache/kv-cache";
import { bool, resultsOf } from "../db/rows";
import { servableAdverts } from "../../src/domain/advert-serving";

/** Columns of menu_pages that make a MenuPage (spec §3 'Menu page'). */
export const MENU_PAGE_COLUMNS = `id, parent_id, post_title, post_status, page_template, menu_layout, page_order,
  page_slug, full_path, nested_level, post_type, external_url, new_tab, icon, custom_class, link_slug`;

export interface MenuPageRow {
  id: number;
  parent_id: number | null;
  post_title: string;
  post_status: string;
  page_template: MenuPage["pageTemplate"];
  menu_layout: MenuPage["menuLayout"];
  page_order: number;
  page_slug: string;
  full_path: string;
  nested_level: number;
  post_type: MenuPage["postType"];
  external_url: string | null;
  new_tab: number;
  icon: string | null;
  custom_class: string | null;
  link_slug: string | null;
}

/** Only published pages are ever read, so postStatus is always "Published". */
export function toMenuPage(row: MenuPageRow): MenuPage {
  return {
    postID: row.id,
    parentId: row.parent_id,
    postTitle: row.post_title,
    postStatus: "Published",
    pageTemplate: row.page_template,
    menuLayout: row.menu_layout,
    pageOrder: row.page_order,
    pageSlug: row.page_slug,
    fullPath: row.full_path,
    nestedLevel: row.nested_level,
    postType: row.post_type,
    externalUrl: row.external_url,
    newTab: bool(row.new_tab),
    icon: row.icon,
    customClass: row.custom_class,
    linkSlug: row.link_slug,
  };
}

interface SponsorJoinRow {
  row_id: number;
  row_title: string;
  title_size: string;
  sponsor_size: SponsorRow["sponsorSize"];
  row_order: number;
  sponsor_id: number | null;
  campaign_id: number | null;
  title: string | null;
  url: string | null;
  image_key: string | null;
  forced_order: number | null;
  is_child_friendly: number | null;
}

function toSponsorRows(rows: SponsorJoinRow[]): SponsorRow[] {
  const byRow = new Map<number, SponsorRow>();
  for (const r of rows) {
    let row = byRow.get(r.row_id);
    if (!row) {
      row = { rowID: r.row_id, title: r.row_title, titleSize: r.title_size, sponsorSize: r.sponsor_size, forcedOrder: r.row_order, sponsors: [] };
      byRow.set(r.row_id, row);
    }
    if (r.sponsor_id !== null) {
      row.sponsors.push({
        sponsorID: r.sponsor_id,
        campaignID: r.campaign_id,
        title: r.title ?? "",
        url: r.url ?? "",
        imageKey: r.image_key ?? "",
        forcedOrder: r.forced_order ?? 0,
        isChildFriendly: bool(r.is_child_friendly),
      });
    }
  }
  return [...byRow.values()];
}

interface HeaderSponsorRow {
  name: string;
  image_key: string;
  sponsor_url: string;
  child_friendly: number;
}

export interface AdvertRow {
  id: number;
  advert_name: string;
  advert_ref: string;
  campaign_ref: string;
  url: string | null;
  enabled: number;
  channel: Advert["channel"];
  child_friendly: number;
  start_utc: string;
  end_utc: string;
  mobile_image_key: string | null;
  desktop_image_key: string | null;
  slot_type: Advert["slotType"];
}

export function toAdvert(row: AdvertRow): Advert {
  return {
    id: row.id,
    advertName: row.advert_name,
    advertRef: row.advert_ref,
    campaignRef: row.campaign_ref,
    url: row.url,
    enabled: bool(row.enabled),
    channel: row.channel,
    childFriendly: bool(row.child_friendly),
    startUTC: row.start_utc,
    endUTC: row.end_utc,
    mobileImageKey: row.mobile_image_key,
    desktopImageKey: row.desktop_image_key,
    slotType: row.slot_type,
  };
}

interface MembershipRow {
  id: number;
  title: string;
  mapped_entitlements: string;
  order_position: number;
  button_text: string;
  button_link: string;
  locked_video_title: string;
  locked_video_message: string;
}

/** A JSON list of codes as the club stores it; anything else maps no entitlement (so never matches). */
function codeList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

interface SectionSponsorRow {
  section_id: string;
  name: string;
  type: SectionSponsor["type"];
  active: number;
  title: string;
  url: string;
  image_key: string;
  is_child_friendly: number;
}

function toSectionSponsor(row: SectionSponsorRow): SectionSponsor {
  return {
    sectionID: row.section_id,
    name: row.name,
    type: row.type,
    active: bool(row.active),
    sponsor: { title: row.title, url: row.url, imageKey: row.image_key, isChildFriendly: bool(row.is_child_friendly) },
  };
}

function toMembership(row: MembershipRow): VideoMembership {
  return {
    membershipID: row.id,
    title: row.title,
    mappedEntitlements: codeList(row.mapped_entitlements),
    orderPosition: row.order_position,
    buttonText: row.button_text,
    buttonLink: row.button_link,
    lockedVideoTitle: row.locked_video_title,
    lockedVideoMessage: row.locked_video_message,
  };
}

/**
 * A rendered page's shell lives this long in the KV cache and then the page cache: adverts that
 * start within it are sent too (servableAdverts), so none is missing when its window opens.
 */
const ADVERT_LOOKAHEAD_MS = 5 * 60_000;

/** The sponsors, live adverts and settings, straight from D1 (one batch). */
export async function loadShell(db: D1Database, now: number = Date.now()): Promise<Shell> {
  const [sponsors, headerSponsors, adverts, settings, memberships, sectionSponsors] = await db.batch([
    db.prepare(`SELECT r.id AS row_id, r.title AS row_title, r.title_size, r.sponsor_size, r.forced_order AS row_order,
        s.id AS sponsor_id, s.campaign_id, s.title, s.url, s.image_key, s.forced_order, s.is_child_friendly
      FROM sponsor_rows r
      LEFT JOIN sponsor_row_sponsors rs ON rs.row_id = r.id
      LEFT JOIN sponsors s ON s.id = rs.sponsor_id AND s.published = 1
      WHERE r.area = 'footer'
      ORDER BY r.forced_order, r.id, rs.position, s.forced_order`),
    db.prepare("SELECT name, image_key, sponsor_url, child_friendly FROM header_sponsors ORDER BY position, id"),
    // Which one shows depends on the viewer's clock and child-friendly mode (src/domain/advert-eligibility):
    // the page carries those that can show while it is cached, not the disabled or ended ones.
    db.prepare(`SELECT id, advert_name, advert_ref, campaign_ref, url, enabled, channel, child_friendly, start_utc, end_utc,
        mobile_image_key, desktop_image_key, slot_type FROM adverts ORDER BY id`),
    // The site lock's settings (its entry phrase) stay in the worker (worker/site-lock/lock-state.ts),
    // and so do the console's: a public page does not say the console exists.
    db.prepare("SELECT key, value FROM settings WHERE key NOT LIKE 'siteLock.%' AND key NOT LIKE 'console.%' ORDER BY key"),
    db.prepare(`SELECT id, title, mapped_entitlements, order_position, button_text, button_link, locked_video_title,
        locked_video_message FROM memberships ORDER BY order_position, id`),
    // Which slot shows where is src/domain/section-sponsor.ts; an unpublished sponsor is in no slot.
    db.prepare(`SELECT ss.section_id, ss.name, ss.type, ss.active, s.title, s.url, s.image_key, s.is_child_friendly
      FROM section_sponsors ss JOIN sponsors s ON s.id = ss.sponsor_id AND s.published = 1 ORDER BY ss.id`),
  ]);
  return {
    sponsorRows: toSponsorRows(resultsOf<SponsorJoinRow>(sponsors)),
    headerSponsors: resultsOf<HeaderSponsorRow>(headerSponsors).map(
      (r): HeaderSponsor => ({ name: r.name, imageKey: r.image_key, sponsorUrl: r.sponsor_url, childFriendly: bool(r.child_friendly) }),
    ),
    adverts: servableAdverts(resultsOf<AdvertRow>(adverts).map(toAdvert), now, ADVERT_LOOKAHEAD_MS),
    settings: Object.fromEntries(resultsOf<{ key: string; value: string }>(settings).map((r) => [r.key, r.value])),
    memberships: resultsOf<MembershipRow>(memberships).map(toMembership),
    sectionSponsors: resultsOf<SectionSponsorRow>(sectionSponsors).map(toSectionSponsor),
  };
}

export function shell(env: Pick<Env, "DB" | "CACHE">): Promise<Shell> {
  return cached(env, "shell", DEFAULT_TTL_SECONDS, () => loadShell(env.DB), ["menu", "sponsors", "adverts", "settings"]);
}

/** The main menu's page tree (spec §3 'Menu page'), flat; asked for by the drawer, not by pages. */
export function menuPages(env: Pick<Env, "DB" | "CACHE">): Promise<MenuPage[]> {
  return cached(env, "menu", DEFAULT_TTL_SECONDS, async () => {
    const { results } = await env.DB.prepare(
      `SELECT ${MENU_PAGE_COLUMNS} FROM menu_pages
       WHERE post_status = 'Published' AND in_menu = 1
       ORDER BY nested_level, parent_id, page_order, id`,
    ).all<MenuPageRow>();
    return results.map(toMenuPage);
  }, ["menu"]);
}

interface PromoRow {
  id: number;
  start_date_time: string;
  end_date_time: string;
  type: OverlayPromo["type"];
  url: string;
  web_new_window: number;
  image_key: string;
  image_alt_text: string;
  child_friendly: number;
}

/**
 * The enabled overlay promos of one channel (spec §7 GET promo-overlays/?channel=Web), cached in KV.
 * Their start/end window is checked per request (worker/commercial/promo-overlays.ts) and again by the
 * browser against its own clock (src/domain/promo-window.ts).
 */
export function overlayPromos(env: Pick<Env, "DB" | "CACHE">, channel = "Web"): Promise<OverlayPromo[]> {
  return cached(env, `overlay-promos:${channel}`, DEFAULT_TTL_SECONDS, async () => {
    const { results } = await env.DB.prepare(
      `SELECT id, start_date_time, end_date_time, type, url, web_new_window, image_key, image_alt_text, child_friendly
       FROM overlay_promos WHERE channel = ?1 AND enabled = 1 ORDER BY start_date_time, id`,
    )
      .bind(channel)
      .all<PromoRow>();
    return results.map((r) => ({
      promoID: r.id,
      startDateTime: r.start_date_time,
      endDateTime: r.end_date_time,
      type: r.type,
      url: r.url,
      webNewWindow: bool(r.web_new_window),
      imageKey: r.image_key,
      imageAltText: r.image_alt_text,
      childFriendly: bool(r.child_friendly),
    }));
  }, ["promos"]);
}

/** One setting, through the cached shell (e.g. support.email). */
export async function setting(env: Pick<Env, "DB" | "CACHE">, key: string): Promise<string | null> {
  return (await shell(env)).settings[key] ?? null;
}

