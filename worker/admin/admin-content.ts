import { Hono, type Context } from "hono";
import { z } from "zod";
import { bumpGeneration, type CacheArea } from "../cache/kv-cache";
import { apiError } from "../http/api-error";
import { isRecord } from "../../src/domain/json-shape";
import { placeSponsor, ROW_ID_FIELD, rowIdProblem, rowIdSchema, sponsorRowOf } from "../commercial/sponsor-placement";

/**
 * The club's content writes, mounted on the admin API (worker/admin/admin-routes.ts: bearer
 * ADMIN_TOKEN, audited there):
 *   POST /api/admin/{adverts|sponsors|menu|promos}            create (201)
 *   PUT  /api/admin/{adverts|sponsors|menu|promos}/:id        change the fields sent
 *   POST /api/admin/{adverts|sponsors|menu|promos}/:id/disable  adverts: enabled 0; sponsors: published 0;
 *                                                              menu entries: out of the menu; promos: enabled 0
 *   PUT  /api/admin/settings/:key   { value }                 set a web setting; DELETE removes it
 * A sponsor's `rowID` places it in that footer sponsor row (null: in none; worker/commercial/sponsor-placement.ts).
 * Bodies are parsed with zod; a bad body is a 400 listing every field's error
 * ({errors:[{code:'INVALID_FIELD', field, detail}]}). Each write bumps the KV cache generation of
 * the area it touched (worker/cache/kv-cache.ts), so the next request everywhere reads D1 again.
 */
export type AdminContentEnv = { Bindings: Env; Variables: { auditAction: string; auditTarget: string | null; auditDetail: unknown } };

export const adminContentRoutes = new Hono<AdminContentEnv>();

const sitePathOrHttps = z
  .string()
  .max(2048)
  .refine((u) => (u.startsWith("/") && !u.startsWith("//")) || /^https:\/\/[^\s]+$/.test(u), "a site path (/…) or an https: URL");
const imageKey = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._/-]{0,199}$/, "letters, digits, . _ / - (up to 200)");
const imageSize = z.string().regex(/^\d{1,4}x\d{1,4}$/, "WIDTHxHEIGHT");
const instant = z.iso.datetime({ offset: true });
const name = z.string().trim().min(1).max(200);

interface Field {
  column: string;
  schema: z.ZodType;
  /** the column's value when the create body leaves the field out; none: the field is required */
  fallback?: unknown;
}

interface Resource {
  area: CacheArea;
  table: string;
  fields: Record<string, Field>;
  /** SET clause of a disable */
  disable: string;
  /** checks across fields (e.g. a window ends after it starts), on the row as it will be */
  check?: (row: Record<string, unknown>) => { field: string; detail: string } | null;
  /** a field kept in another table (a sponsor's footer row): checked against D1, written after the row, shown with it */
  related?: Related;
}

interface Related {
  field: string;
  schema: z.ZodType;
  problem(db: D1Database, value: unknown): Promise<string | null>;
  write(db: D1Database, id: number, value: unknown): Promise<void>;
  read(db: D1Database, id: number): Promise<unknown>;
}

const windowCheck = (start: string, end: string) => (row: Record<string, unknown>) =>
  typeof row[start] === "string" && typeof row[end] === "string" && Date.parse(row[end] as string) <= Date.parse(row[start] as string)
    ? { field: end, detail: `must be after ${start}` }
    : null;

const RESOURCES: Record<string, Resource> = {
  adverts: {
    area: "adverts",
    table: "adverts",
    disable: "enabled = 0",
    fields: {
      advertName: { column: "advert_name", schema: name },
      advertRef: { column: "advert_ref", schema: name },
      campaignRef: { column: "campaign_ref", schema: name },
      advertTitle: { column: "advert_title", schema: z.string().max(200), fallback: "" },
      url: { column: "url", schema: sitePathOrHttps.nullable(), fallback: null },
      enabled: { column: "enabled", schema: z.boolean(), fallback: true },
      channel: { column: "channel", schema: z.enum(["", "web", "app"]), fallback: "" },
      childFriendly: { column: "child_friendly", schema: z.boolean(), fallback: false },
      startUTC: { column: "start_utc", schema: instant },
      endUTC: { column: "end_utc", schema: instant },
      mobileImageKey: { column: "mobile_image_key", schema: imageKey.nullable(), fallback: null },
      mobileImageSize: { column: "mobile_image_size", schema: imageSize.nullable(), fallback: "750x750" },
      desktopImageKey: { column: "desktop_image_key", schema: imageKey.nullable(), fallback: null },
      desktopImageSize: { column: "desktop_image_size", schema: imageSize.nullable(), fallback: null },
      slotType: { column: "slot_type", schema: z.enum(["mpu", "banner", "banner-large", "content-feed"]) },
    },
    check: windowCheck("start_utc", "end_utc"),
  },
  sponsors: {
    area: "sponsors",
    table: "sponsors",
    disable: "published = 0",
    fields: {
      title: { column: "title", schema: name },
      adminName: { column: "admin_name", schema: name },
      url: { column: "url", schema: sitePathOrHttps },
      imageKey: { column: "image_key", schema: imageKey },
      campaignID: { column: "campaign_id", schema: z.number().int().nullable(), fallback: null },
      published: { column: "published", schema: z.boolean(), fallback: true },
      forcedOrder: { column: "forced_order", schema: z.number().int().min(0).max(10_000), fallback: 0 },
      isChildFriendly: { column: "is_child_friendly", schema: z.boolean(), fallback: false },
    },
    related: {
      field: ROW_ID_FIELD,
      schema: rowIdSchema,
      problem: (db, value) => rowIdProblem(db, value as number | null),
      write: (db, id, value) => placeSponsor(db, id, value as number | null),
      read: (db, id) => sponsorRowOf(db, id),
    },
  },
  menu: {
    area: "menu",
    table: "menu_pages",
    disable: "in_menu = 0",
    fields: {
      postTitle: { column: "post_title", schema: name },
      pageSlug: { column: "page_slug", schema: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "lower-case words joined by -") },
      fullPath: { column: "full_path", schema: z.string().regex(/^[a-z0-9-]+(?:\/[a-z0-9-]+)*$/, "slugs joined by /, no leading or trailing /") },
      parentId: { column: "parent_id", schema: z.number().int().positive().nullable(), fallback: null },
      postStatus: { column: "post_status", schema: z.enum(["Published", "Draft"]), fallback: "Published" },
      pageTemplate: { column: "page_template", schema: z.enum(["Hub", "Landing", "Default"]), fallback: "Default" },
      menuLayout: { column: "menu_layout", schema: z.enum(["component-menu", "full-menu", "feature-menu", "auto-only-menu"]), fallback: "auto-only-menu" },
      pageOrder: { column: "page_order", schema: z.number().int().min(0).max(10_000), fallback: 0 },
      nestedLevel: { column: "nested_level", schema: z.number().int().min(0).max(10), fallback: 0 },
      postType: { column: "post_type", schema: z.enum(["internal", "external"]), fallback: "internal" },
      externalUrl: { column: "external_url", schema: z.url({ protocol: /^https$/ }).nullable(), fallback: null },
      newTab: { column: "new_tab", schema: z.boolean(), fallback: false },
      icon: { column: "icon", schema: z.string().regex(/^[a-z0-9-]{1,40}$/).nullable(), fallback: null },
      customClass: { column: "custom_class", schema: z.string().regex(/^[A-Za-z0-9_-]{1,60}$/).nullable(), fallback: null },
      inMenu: { column: "in_menu", schema: z.boolean(), fallback: true },
    },
    check: (row) => (row.post_type === "external" && !row.external_url ? { field: "external_url", detail: "an external entry needs externalUrl" } : null),
  },
  // Overlay promos (spec §3 'Overlay promo'). The `enabled` column comes with the promo overlay
  // work (migrations/0008_overlay_promos_enabled.sql on the gate branch); disable writes it.
  promos: {
    area: "promos",
    table: "overlay_promos",
    disable: "enabled = 0",
    fields: {
      startDateTime: { column: "start_date_time", schema: instant },
      endDateTime: { column: "end_date_time", schema: instant },
      type: { column: "type", schema: z.enum(["Default", "Mini"]), fallback: "Default" },
      url: { column: "url", schema: sitePathOrHttps },
      webNewWindow: { column: "web_new_window", schema: z.boolean(), fallback: false },
      imageKey: { column: "image_key", schema: imageKey },
      imageAltText: { column: "image_alt_text", schema: z.string().max(300), fallback: "" },
      childFriendly: { column: "child_friendly", schema: z.boolean(), fallback: true },
      channel: { column: "channel", schema: z.enum(["Web"]), fallback: "Web" },
    },
    check: windowCheck("start_date_time", "end_date_time"),
  },
};

const COLUMN_FIELD = new Map(Object.values(RESOURCES).flatMap((r) => Object.entries(r.fields).map(([field, f]) => [`${r.table}.${f.column}`, field])));

type FieldError = { code: "INVALID_FIELD"; field: string; detail: string };

function fieldErrors(c: Context, errors: FieldError[]) {
  return c.json({ errors }, 400);
}

function toColumn(value: unknown): unknown {
  return typeof value === "boolean" ? (value ? 1 : 0) : value;
}

type Parsed = { ok: true; columns: Record<string, unknown>; related?: { value: unknown } } | { ok: false; errors: FieldError[] };

/**
 * Parses a body against a resource: every field on create (fallbacks filled in), only those sent on
 * change. The related field is optional in both and parsed beside the columns.
 */
function parseBody(resource: Resource, raw: unknown, mode: "create" | "change"): Parsed {
  if (!isRecord(raw)) return { ok: false, errors: [{ code: "INVALID_FIELD", field: "body", detail: "a JSON object" }] };
  const body = raw;
  const errors: FieldError[] = Object.keys(body)
    .filter((key) => !(key in resource.fields) && key !== resource.related?.field)
    .map((key) => ({ code: "INVALID_FIELD", field: key, detail: "unknown field" }));
  const columns: Record<string, unknown> = {};
  for (const [field, spec] of Object.entries(resource.fields)) {
    if (!(field in body)) {
      if (mode === "change") continue;
      if (!("fallback" in spec)) {
        errors.push({ code: "INVALID_FIELD", field, detail: "required" });
        continue;
      }
      columns[spec.column] = toColumn(spec.fallback);
      continue;
    }
    const parsed = spec.schema.safeParse(body[field]);
    if (parsed.success) columns[spec.column] = toColumn(parsed.data);
    else errors.push({ code: "INVALID_FIELD", field, detail: parsed.error.issues[0]?.message ?? "invalid" });
  }
  let related: { value: unknown } | undefined;
  if (resource.related && resource.related.field in body) {
    const parsed = resource.related.schema.safeParse(body[resource.related.field]);
    if (parsed.success) related = { value: parsed.data };
    else errors.push({ code: "INVALID_FIELD", field: resource.related.field, detail: parsed.error.issues[0]?.message ?? "invalid" });
  }
  if (mode === "change" && errors.length === 0 && Object.keys(columns).length === 0 && !related) errors.push({ code: "INVALID_FIELD", field: "body", detail: "no field to change" });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, columns, ...(related ? { related } : {}) };
}

async function readRow(db: D1Database, resource: Resource, id: number) {
  return db.prepare(`SELECT * FROM ${resource.table} WHERE id = ?1`).bind(id).first<Record<string, unknown>>();
}

/** The row as the API shows it: the resource's fields, named as in the bodies (and the related one). */
async function present(db: D1Database, resource: Resource, row: Record<string, unknown>) {
  const attributes: Record<string, unknown> = {};
  for (const [field, spec] of Object.entries(resource.fields)) attributes[field] = row[spec.column];
  if (resource.related) attributes[resource.related.field] = await resource.related.read(db, Number(row.id));
  return { id: row.id, attributes };
}

/** A 400 naming the related field when D1 refuses its value (a row that does not exist), else null. */
async function relatedCheck(c: Context<AdminContentEnv>, resource: Resource, related: { value: unknown } | undefined) {
  if (!resource.related || !related) return null;
  const detail = await resource.related.problem(c.env.DB, related.value);
  return detail ? fieldErrors(c, [{ code: "INVALID_FIELD", field: resource.related.field, detail }]) : null;
}

function crossCheck(c: Context, resource: Resource, row: Record<string, unknown>) {
  const problem = resource.check?.(row);
  if (!problem) return null;
  return fieldErrors(c, [{ code: "INVALID_FIELD", field: COLUMN_FIELD.get(`${resource.table}.${problem.field}`) ?? problem.field, detail: problem.detail }]);
}

async function jsonBody(c: Context<AdminContentEnv>): Promise<unknown> {
  const raw: unknown = await c.req.json().catch(() => undefined);
  c.set("auditDetail", raw);
  return raw;
}

const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

function idOf(c: Context<AdminContentEnv>): number | null {
  const parsed = idParam.safeParse(c.req.param("id"));
  c.set("auditTarget", parsed.success ? String(parsed.data) : null);
  return parsed.success ? parsed.data : null;
}

/** A unique or foreign-key refusal from D1 is the caller's mistake: 409, never a 500. */
function constraintError(c: Context, error: unknown) {
  const message = String(error);
  if (/UNIQUE|FOREIGN KEY|CHECK constraint/i.test(message)) return apiError(c, 409, "CONFLICT", "The change conflicts with existing content (a duplicate or a missing parent)");
  throw error;
}

for (const [path, resource] of Object.entries(RESOURCES)) {
  adminContentRoutes.post(`/${path}`, async (c) => {
    c.set("auditAction", `${path}.create`);
    const parsed = parseBody(resource, await jsonBody(c), "create");
    if (!parsed.ok) return fieldErrors(c, parsed.errors);
    const invalid = crossCheck(c, resource, parsed.columns) ?? (await relatedCheck(c, resource, parsed.related));
    if (invalid) return invalid;
    const names = Object.keys(parsed.columns);
    let created: Record<string, unknown> | null;
    try {
      created = await c.env.DB.prepare(`INSERT INTO ${resource.table} (${names.join(", ")}) VALUES (${names.map((_, i) => `?${i + 1}`).join(", ")}) RETURNING *`)
        .bind(...names.map((n) => parsed.columns[n]))
        .first<Record<string, unknown>>();
    } catch (error) {
      return constraintError(c, error);
    }
    if (!created) throw new Error(`insert into ${resource.table} returned nothing`);
    c.set("auditTarget", String(created.id));
    if (resource.related && parsed.related) await resource.related.write(c.env.DB, Number(created.id), parsed.related.value);
    await bumpGeneration(c.env, resource.area);
    return c.json({ data: await present(c.env.DB, resource, created) }, 201);
  });

  adminContentRoutes.put(`/${path}/:id`, async (c) => {
    c.set("auditAction", `${path}.update`);
    const id = idOf(c);
    const raw = await jsonBody(c);
    if (id === null) return apiError(c, 404, "NOT_FOUND", `No ${path} entry by that id`);
    const parsed = parseBody(resource, raw, "change");
    if (!parsed.ok) return fieldErrors(c, parsed.errors);
    const current = await readRow(c.env.DB, resource, id);
    if (!current) return apiError(c, 404, "NOT_FOUND", `No ${path} entry by that id`);
    const invalid = crossCheck(c, resource, { ...current, ...parsed.columns }) ?? (await relatedCheck(c, resource, parsed.related));
    if (invalid) return invalid;
    const names = Object.keys(parsed.columns);
    let updated: Record<string, unknown> | null = current;
    // a body with only the related field changes no column
    try {
      if (names.length > 0) {
        updated = await c.env.DB.prepare(`UPDATE ${resource.table} SET ${names.map((n, i) => `${n} = ?${i + 2}`).join(", ")} WHERE id = ?1 RETURNING *`)
          .bind(id, ...names.map((n) => parsed.columns[n]))
          .first<Record<string, unknown>>();
      }
    } catch (error) {
      return constraintError(c, error);
    }
    if (!updated) return apiError(c, 404, "NOT_FOUND", `No ${path} entry by that id`);
    if (resource.related && parsed.related) await resource.related.write(c.env.DB, id, parsed.related.value);
    await bumpGeneration(c.env, resource.area);
    return c.json({ data: await present(c.env.DB, resource, updated) });
  });

  adminContentRoutes.post(`/${path}/:id/disable`, async (c) => {
    c.set("auditAction", `${path}.disable`);
    const id = idOf(c);
    if (id === null) return apiError(c, 404, "NOT_FOUND", `No ${path} entry by that id`);
    const updated = await c.env.DB.prepare(`UPDATE ${resource.table} SET ${resource.disable} WHERE id = ?1 RETURNING *`).bind(id).first<Record<string, unknown>>();
    if (!updated) return apiError(c, 404, "NOT_FOUND", `No ${path} entry by that id`);
    await bumpGeneration(c.env, resource.area);
    return c.json({ data: await present(c.env.DB, resource, updated) });
  });
}

const settingKey = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+){0,5}$/).max(100);
const settingBody = z.object({ value: z.string().max(20_000) }).strict();

function settingKeyOf(c: Context<AdminContentEnv>): string | null {
  const parsed = settingKey.safeParse(c.req.param("key"));
  c.set("auditTarget", parsed.success ? parsed.data : null);
  return parsed.success ? parsed.data : null;
}

adminContentRoutes.put("/settings/:key", async (c) => {
  c.set("auditAction", "settings.update");
  const key = settingKeyOf(c);
  const raw = await jsonBody(c);
  if (!key) return fieldErrors(c, [{ code: "INVALID_FIELD", field: "key", detail: "a dotted setting name (cookie.title)" }]);
  const body = settingBody.safeParse(raw);
  if (!body.success) return fieldErrors(c, body.error.issues.map((i) => ({ code: "INVALID_FIELD", field: i.path.join(".") || "value", detail: i.message })));
  await c.env.DB.prepare("INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value").bind(key, body.data.value).run();
  await bumpGeneration(c.env, "settings");
  return c.json({ data: { id: key, attributes: { value: body.data.value } } });
});

adminContentRoutes.delete("/settings/:key", async (c) => {
  c.set("auditAction", "settings.delete");
  const key = settingKeyOf(c);
  if (!key) return apiError(c, 404, "NOT_FOUND", "No setting by that name");
  const deleted = await c.env.DB.prepare("DELETE FROM settings WHERE key = ?1 RETURNING key").bind(key).first();
  if (!deleted) return apiError(c, 404, "NOT_FOUND", "No setting by that name");
  await bumpGeneration(c.env, "settings");
  return c.json({ data: { id: key, deleted: true } });
});
