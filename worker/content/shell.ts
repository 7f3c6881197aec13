import { z } from "zod";
import type { Reader } from "../viewer/reader";
import { childFriendlyShell } from "./child-friendly-shell";
import {
  advertSchema, menuPageSchema, overlayPromoSchema, sectionSponsorSchema, shellSchema, sponsorRowSchema,
  type Advert, type HeaderSponsor, type MenuPage, type OverlayPromo, type SectionSponsor, type Shell, type SponsorRow, type VideoMembership,
} from "../../src/schemas/shell";
import { cached, DEFAULT_TTL_SECONDS } from "../cache/kv-cache";
import { allRows, bool, resultsOf, rowSchema, settingRow, stringList } from "../db/rows";
import { servableAdverts } from "../../src/domain/advert-serving";

/** Columns of menu_pages that make a MenuPage (spec §3 'Menu page'). */
export const MENU_PAGE_COLUMNS = `id, parent_id, post_title, post_status, page_template, menu_layout, page_order,
  page_slug, full_path, nested_level, post_type, external_url, new_tab, icon, custom_class, link_slug`;

export const menuPageShape = {
  id: z.number(),
  parent_id: z.number().nullable(),
  post_title: z.string(),
  post_status: z.string(),
  page_template: menuPageSchema.shape.pageTemplate,
  menu_layout: menuPageSchema.shape.menuLayout,
  page_order: z.number(),
  page_slug: z.string(),
  full_path: z.string(),
  nested_level: z.number(),
  post_type: menuPageSchema.shape.postType,
  external_url: z.string().nullable(),
  new_tab: z.number(),
  icon: z.string().nullable(),
  custom_class: z.string().nullable(),
  link_slug: z.string().nullable(),
};
export const menuPageRow = rowSchema("menu_pages (MENU_PAGE_COLUMNS)", menuPageShape);
type MenuPageRow = z.infer<typeof menuPageRow>;

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

const sponsorJoinRow = rowSchema("sponsor_rows joined to their sponsors", {
  row_id: z.number(),
  row_title: z.string(),
  title_size: z.string(),
  sponsor_size: sponsorRowSchema.shape.sponsorSize,
  row_order: z.number(),
  sponsor_id: z.number().nullable(),
  campaign_id: z.number().nullable(),
  title: z.string().nullable(),
  url: z.string().nullable(),
  image_key: z.string().nullable(),
  forced_order: z.number().nullable(),
  is_child_friendly: z.number().nullable(),
});

function toSponsorRows(rows: z.infer<typeof sponsorJoinRow>[]): SponsorRow[] {
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

const headerSponsorRow = rowSchema("header_sponsors", { name: z.string(), image_key: z.string(), sponsor_url: z.string(), child_friendly: z.number() });

export const advertShape = {
  id: z.number(),
  advert_name: z.string(),
  advert_ref: z.string(),
  campaign_ref: z.string(),
  url: z.string().nullable(),
  enabled: z.number(),
  channel: advertSchema.shape.channel,
  child_friendly: z.number(),
  start_utc: z.string(),
  end_utc: z.string(),
  mobile_image_key: z.string().nullable(),
  desktop_image_key: z.string().nullable(),
  slot_type: advertSchema.shape.slotType,
};
const advertRow = rowSchema("adverts", advertShape);

export function toAdvert(row: z.infer<typeof advertRow>): Advert {
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

const membershipRow = rowSchema("memberships", {
  id: z.number(),
  title: z.string(),
  mapped_entitlements: z.string(),
  order_position: z.number(),
  button_text: z.string(),
  button_link: z.string(),
  locked_video_title: z.string(),
  locked_video_message: z.string(),
});

const sectionSponsorRow = rowSchema("section_sponsors joined to sponsors", {
  section_id: z.string(),
  name: z.string(),
  type: sectionSponsorSchema.shape.type,
  active: z.number(),
  title: z.string(),
  url: z.string(),
  image_key: z.string(),
  is_child_friendly: z.number(),
});

function toSectionSponsor(row: z.infer<typeof sectionSponsorRow>): SectionSponsor {
  return {
    sectionID: row.section_id,
    name: row.name,
    type: row.type,
    active: bool(row.active),
    sponsor: { title: row.title, url: row.url, imageKey: row.image_key, isChildFriendly: bool(row.is_child_friendly) },
  };
}

function toMembership(row: z.infer<typeof membershipRow>): VideoMembership {
  return {
    membershipID: row.id,
    title: row.title,
    // A list the club stores badly maps no entitlement, so never matches.
    mappedEntitlements: stringList(row.mapped_entitlements),
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
    sponsorRows: toSponsorRows(resultsOf(sponsorJoinRow, sponsors)),
    headerSponsors: resultsOf(headerSponsorRow, headerSponsors).map(
      (r): HeaderSponsor => ({ name: r.name, imageKey: r.image_key, sponsorUrl: r.sponsor_url, childFriendly: bool(r.child_friendly) }),
    ),
    adverts: servableAdverts(resultsOf(advertRow, adverts).map(toAdvert), now, ADVERT_LOOKAHEAD_MS),
    settings: Object.fromEntries(resultsOf(settingRow, settings).map((r) => [r.key, r.value])),
    memberships: resultsOf(membershipRow, memberships).map(toMembership),
    sectionSponsors: resultsOf(sectionSponsorRow, sectionSponsors).map(toSectionSponsor),
  };
}

export function shell(env: Pick<Env, "DB" | "CACHE">): Promise<Shell> {
  return cached(env, "shell", DEFAULT_TTL_SECONDS, shellSchema, () => loadShell(env.DB), ["menu", "sponsors", "adverts", "settings"]);
}

/** The main menu's page tree (spec §3 'Menu page'), flat; asked for by the drawer, not by pages. */
export function menuPages(env: Pick<Env, "DB" | "CACHE">): Promise<MenuPage[]> {
  return cached(env, "menu", DEFAULT_TTL_SECONDS, z.array(menuPageSchema), async () => {
    const rows = await allRows(
      menuPageRow,
      env.DB.prepare(
        `SELECT ${MENU_PAGE_COLUMNS} FROM menu_pages
         WHERE post_status = 'Published' AND in_menu = 1
         ORDER BY nested_level, parent_id, page_order, id`,
      ),
    );
    return rows.map(toMenuPage);
  }, ["menu"]);
}

const promoRow = rowSchema("overlay_promos", {
  id: z.number(),
  start_date_time: z.string(),
  end_date_time: z.string(),
  type: overlayPromoSchema.shape.type,
  url: z.string(),
  web_new_window: z.number(),
  image_key: z.string(),
  image_alt_text: z.string(),
  child_friendly: z.number(),
});

/**
 * The enabled overlay promos of one channel (spec §7 GET promo-overlays/?channel=Web), cached in KV.
 * Their start/end window is checked per request (worker/commercial/promo-overlays.ts) and again by the
 * browser against its own clock (src/domain/promo-window.ts).
 */
export function overlayPromos(env: Pick<Env, "DB" | "CACHE">, channel = "Web"): Promise<OverlayPromo[]> {
  return cached(env, `overlay-promos:${channel}`, DEFAULT_TTL_SECONDS, z.array(overlayPromoSchema), async () => {
    const rows = await allRows(
      promoRow,
      env.DB.prepare(
        `SELECT id, start_date_time, end_date_time, type, url, web_new_window, image_key, image_alt_text, child_friendly
         FROM overlay_promos WHERE channel = ?1 AND enabled = 1 ORDER BY start_date_time, id`,
      ).bind(channel),
    );
    return rows.map((r) => ({
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


/** The shell as the reader reads it: child-friendly mode leaves out what is not flagged for children. */
export async function readShell(r: Reader): Promise<Shell> {
  return childFriendlyShell(await shell(r.env), r.preferences.childFriendly);
}
