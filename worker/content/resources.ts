import { z } from "zod";
import { mediaRefId } from "../../src/domain/media-ref";
import type { CacheArea } from "../cache/kv-cache";
import { isHttpsLink, linkProblem } from "../../src/domain/link-rule";
import { placeSponsor, ROW_ID_FIELD, rowIdProblem, rowIdSchema, sponsorRowOf } from "./sponsor-placement";
import type { ContentFieldInput, ContentOption } from "../../src/schemas/console-content";

/**
 * The club's editable content (adverts, overlay promos, sponsors, menu entries): per field its D1
 * column, its zod schema (the one rule both the admin API and the console's forms are held to), and
 * how the console's form shows it (label, input). worker/content/writes.ts does the writes.
 */

/** The one link rule (src/domain/link-rule.ts): the same as the link settings'. */
const sitePathOrHttps = z.string().refine((u) => linkProblem("site-path-or-https", u) === null, "a path on this site (/…, not // or /\\) or an https: URL");
const httpsLink = z.string().refine(isHttpsLink, "an https: URL (https://…)");
// A library photo (media:{id}, chosen with the console's picker) or a generated key of the demo content.
const imageKey = z.string().refine((v) => mediaRefId(v) !== null || /^[A-Za-z0-9][A-Za-z0-9._/-]{0,199}$/.test(v), "Choose a photo from the media library");
const imageSize = z.string().regex(/^\d{1,4}x\d{1,4}$/, "WIDTHxHEIGHT");
const instant = z.iso.datetime({ offset: true, message: "a date and time (ISO 8601 with its offset)" });
const name = z.string().trim().min(1, "required").max(200);

export interface Field {
  column: string;
  schema: z.ZodType;
  /** the column's value when the create body leaves the field out; none: the field is required */
  fallback?: unknown;
  /** the console form's label */
  label: string;
  /** the console form's control; default text */
  input?: ContentFieldInput;
  /** a select's choices: the enum the schema accepts */
  options?: readonly string[];
}

export interface Related {
  field: string;
  label: string;
  schema: z.ZodType;
  problem(db: D1Database, value: unknown): Promise<string | null>;
  write(db: D1Database, id: number, value: unknown): Promise<void>;
  read(db: D1Database, id: number): Promise<unknown>;
  /** the values it may take, for the console's select (besides none) */
  options(db: D1Database): Promise<ContentOption[]>;
}

export interface Resource {
  area: CacheArea;
  table: string;
  /** the form's name for one entry ('advert') */
  singular: string;
  fields: Record<string, Field>;
  /** the 0/1 column a disable clears (and that says whether the entry is live) */
  activeColumn: string;
  /** the column that names an entry in the console's list */
  titleColumn: string;
  /** the fields the console's list shows beside the title */
  listFields: readonly string[];
  /** checks across fields (e.g. a window ends after it starts), on the row as it will be */
  check?: (row: Record<string, unknown>) => { field: string; detail: string } | null;
  /** a field kept in another table (a sponsor's footer row): checked against D1, written after the row, shown with it */
  related?: Related;
}

const windowCheck = (start: string, end: string) => (row: Record<string, unknown>) => {
  const from = row[start];
  const to = row[end];
  return typeof from === "string" && typeof to === "string" && Date.parse(to) <= Date.parse(from) ? { field: end, detail: `must be after ${start}` } : null;
};

/** An enum field: the schema and the form's choices from the one list. */
function choice<const T extends readonly [string, ...string[]]>(column: string, label: string, values: T, fallback?: T[number]): Field {
  return { column, label, schema: z.enum(values), input: "select", options: values, ...(fallback === undefined ? {} : { fallback }) };
}

const flag = (column: string, label: string, fallback: boolean): Field => ({ column, label, schema: z.boolean(), input: "checkbox", fallback });

const footerRow: Related = {
  field: ROW_ID_FIELD,
  label: "Footer sponsor row",
  schema: rowIdSchema,
  problem: (db, value) => rowIdProblem(db, rowIdSchema.parse(value)),
  write: (db, id, value) => placeSponsor(db, id, rowIdSchema.parse(value)),
  read: (db, id) => sponsorRowOf(db, id),
  options: async (db) => {
    const { results } = await db.prepare("SELECT id, title FROM sponsor_rows WHERE area = 'footer' ORDER BY forced_order, id").all<{ id: number; title: string }>();
    return results.map((r) => ({ value: String(r.id), label: r.title }));
  },
};

export const RESOURCES = {
  adverts: {
    area: "adverts",
    table: "adverts",
    singular: "advert",
    activeColumn: "enabled",
    titleColumn: "advert_name",
    listFields: ["slotType", "startUTC", "endUTC"],
    fields: {
      advertName: { column: "advert_name", label: "Name", schema: name },
      advertRef: { column: "advert_ref", label: "Advert reference", schema: name },
      campaignRef: { column: "campaign_ref", label: "Campaign reference", schema: name },
      advertTitle: { column: "advert_title", label: "Title", schema: z.string().max(200), fallback: "" },
      url: { column: "url", label: "Link (site path or https URL)", schema: sitePathOrHttps.nullable(), fallback: null },
      enabled: flag("enabled", "Enabled", true),
      channel: choice("channel", "Channel (empty: every channel)", ["", "web", "app"], ""),
      childFriendly: flag("child_friendly", "Child friendly", false),
      startUTC: { column: "start_utc", label: "Starts (UTC)", schema: instant, input: "datetime" },
      endUTC: { column: "end_utc", label: "Ends (UTC)", schema: instant, input: "datetime" },
      mobileImageKey: { column: "mobile_image_key", label: "Mobile image", schema: imageKey.nullable(), input: "photo", fallback: null },
      mobileImageSize: { column: "mobile_image_size", label: "Mobile image size", schema: imageSize.nullable(), fallback: "750x750" },
      desktopImageKey: { column: "desktop_image_key", label: "Desktop image", schema: imageKey.nullable(), input: "photo", fallback: null },
      desktopImageSize: { column: "desktop_image_size", label: "Desktop image size", schema: imageSize.nullable(), fallback: null },
      slotType: choice("slot_type", "Slot shape", ["mpu", "banner", "banner-large", "content-feed"]),
    },
    check: windowCheck("start_utc", "end_utc"),
  },
  sponsors: {
    area: "sponsors",
    table: "sponsors",
    singular: "sponsor",
    activeColumn: "published",
    titleColumn: "title",
    listFields: ["url", ROW_ID_FIELD],
    fields: {
      title: { column: "title", label: "Title", schema: name },
      adminName: { column: "admin_name", label: "Admin name", schema: name },
      url: { column: "url", label: "Link (site path or https URL)", schema: sitePathOrHttps },
      imageKey: { column: "image_key", label: "Logo", schema: imageKey, input: "photo" },
      campaignID: { column: "campaign_id", label: "Campaign id", schema: z.number().int().nullable(), input: "number", fallback: null },
      published: flag("published", "Published", true),
      forcedOrder: { column: "forced_order", label: "Order", schema: z.number().int().min(0).max(10_000), input: "number", fallback: 0 },
      isChildFriendly: flag("is_child_friendly", "Child friendly", false),
    },
    related: footerRow,
  },
  menu: {
    area: "menu",
    table: "menu_pages",
    singular: "menu entry",
    activeColumn: "in_menu",
    titleColumn: "post_title",
    listFields: ["fullPath", "postStatus"],
    fields: {
      postTitle: { column: "post_title", label: "Title", schema: name },
      pageSlug: { column: "page_slug", label: "Slug", schema: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "lower-case words joined by -") },
      fullPath: { column: "full_path", label: "Full path", schema: z.string().regex(/^[a-z0-9-]+(?:\/[a-z0-9-]+)*$/, "slugs joined by /, no leading or trailing /") },
      parentId: { column: "parent_id", label: "Parent entry id", schema: z.number().int().positive().nullable(), input: "number", fallback: null },
      postStatus: choice("post_status", "Status", ["Published", "Draft"], "Published"),
      pageTemplate: choice("page_template", "Template", ["Hub", "Landing", "Default"], "Default"),
      menuLayout: choice("menu_layout", "Menu layout", ["component-menu", "full-menu", "feature-menu", "auto-only-menu"], "auto-only-menu"),
      pageOrder: { column: "page_order", label: "Order", schema: z.number().int().min(0).max(10_000), input: "number", fallback: 0 },
      nestedLevel: { column: "nested_level", label: "Nesting level", schema: z.number().int().min(0).max(10), input: "number", fallback: 0 },
      postType: choice("post_type", "Kind", ["internal", "external"], "internal"),
      externalUrl: { column: "external_url", label: "External URL (https)", schema: httpsLink.nullable(), fallback: null },
      newTab: flag("new_tab", "Opens in a new tab", false),
      icon: { column: "icon", label: "Icon", schema: z.string().regex(/^[a-z0-9-]{1,40}$/).nullable(), fallback: null },
      customClass: { column: "custom_class", label: "Custom class", schema: z.string().regex(/^[A-Za-z0-9_-]{1,60}$/).nullable(), fallback: null },
      inMenu: flag("in_menu", "In the menu", true),
    },
    check: (row) => (row.post_type === "external" && !row.external_url ? { field: "external_url", detail: "an external entry needs externalUrl" } : null),
  },
  // Overlay promos (spec §3 'Overlay promo'); disable clears `enabled` (migration 0008).
  promos: {
    area: "promos",
    table: "overlay_promos",
    singular: "overlay promo",
    activeColumn: "enabled",
    titleColumn: "image_alt_text",
    listFields: ["type", "startDateTime", "endDateTime"],
    fields: {
      startDateTime: { column: "start_date_time", label: "Starts (UTC)", schema: instant, input: "datetime" },
      endDateTime: { column: "end_date_time", label: "Ends (UTC)", schema: instant, input: "datetime" },
      type: choice("type", "Type", ["Default", "Mini"], "Default"),
      url: { column: "url", label: "Link (site path or https URL)", schema: sitePathOrHttps },
      webNewWindow: flag("web_new_window", "Opens in a new window", false),
      imageKey: { column: "image_key", label: "Image (square, shown at 1400 × 1400)", schema: imageKey, input: "photo" },
      imageAltText: { column: "image_alt_text", label: "Image text (alt)", schema: z.string().max(300), fallback: "" },
      childFriendly: flag("child_friendly", "Child friendly", true),
      channel: choice("channel", "Channel", ["Web"], "Web"),
      enabled: flag("enabled", "Enabled", true),
    },
    check: windowCheck("start_date_time", "end_date_time"),
  },
} satisfies Record<string, Resource>;

export type ResourceName = keyof typeof RESOURCES;
export const RESOURCE_NAMES = Object.keys(RESOURCES).filter((k): k is ResourceName => k in RESOURCES);

/** The body's field name of a column (the cross-field check names columns). */
export function fieldOfColumn(resource: Resource, column: string): string {
  return Object.entries(resource.fields).find(([, f]) => f.column === column)?.[0] ?? column;
}

/** Settings are key and value (spec §3 'Web settings'); the key is the id. */
export const settingKey = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+){0,5}$/, "a dotted setting name (cookie.title)").max(100);
export const settingBody = z.object({ value: z.string().max(20_000) }).strict();
