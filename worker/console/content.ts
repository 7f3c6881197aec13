import { requireCapability } from "./capabilities";
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError } from "../http/api-error";
import { staffActor, writeAudit } from "../audit/audit-log";
import { RESOURCES, type Field, type Resource, type ResourceName } from "../content/resources";
import { changeContent, createContent, deleteSetting, disableContent, present, putSetting, type WriteOutcome } from "../content/writes";
import { isRecord } from "../../src/domain/json-shape";
import { allRows, settingRow } from "../db/rows";
import { contentField } from "../../src/domain/content-form";
import { contentKindSchema, type ConsoleContent, type ConsoleContentAnswer, type ContentField, type ContentFieldInput, type ContentKind, type ContentRow, type ContentValue } from "../../src/schemas/console-content";

/**
 * The console's content pages: the club's adverts, overlay promos, sponsors (with
 * their footer rows), menu entries and web settings, listed with the form each needs, and written
 * through the very functions of the admin API (worker/content/writes.ts):
 *
 *   GET  /api/console/content/:kind              the list and its form's fields
 *   POST /api/console/content/:kind              create (settings: { key, value })
 *   PUT  /api/console/content/:kind/:id          change the fields sent
 *   POST /api/console/content/:kind/:id/disable  out of the public site (settings: removed)
 *
 * A refused body is 400 INVALID_INPUT with one error per field ({ code, detail: "required", field: "advertName" }), the form's errors.
 * Every write, refused ones too, is audited with the staff member as actor, like the admin API's.
 */
export const consoleContentApi = new Hono<AppEnv>();

const LIST_LIMIT = 300;

const optionLabel = (value: string) => (value === "" ? "Every channel" : value);

function fieldOf(name: string, f: Field): ContentField {
  return contentField(name, f.label, f.input ?? "text", {
    options: (f.options ?? []).map((value) => ({ value, label: optionLabel(value) })),
    required: !("fallback" in f),
    nullable: f.schema.safeParse(null).success,
    initial: "fallback" in f ? valueOf(f.input, f.fallback) : null,
  });
}

/** A column's value as the form holds it: 0/1 of a checkbox as a boolean, anything else as it is. */
function valueOf(input: ContentFieldInput | undefined, raw: unknown): ContentValue {
  if (input === "checkbox") return raw === 1 || raw === true;
  return typeof raw === "string" || typeof raw === "number" || typeof raw === "boolean" || raw === null ? raw : String(raw);
}

async function resourceContent(db: D1Database, kind: ResourceName): Promise<ConsoleContent> {
  const resource: Resource = RESOURCES[kind];
  const fields = Object.entries(resource.fields).map(([name, f]) => fieldOf(name, f));
  if (resource.related) {
    const { field, label } = resource.related;
    fields.push(contentField(field, label, "select", { options: await resource.related.options(db), nullable: true, numeric: true }));
  }
  const byName = new Map(fields.map((f) => [f.name, f]));
  const { results } = await db.prepare(`SELECT * FROM ${resource.table} ORDER BY id DESC LIMIT ${LIST_LIMIT}`).all<Record<string, unknown>>();
  const rows = await Promise.all(
    results.map(async (row): Promise<ContentRow> => {
      const { attributes } = await present(db, resource, row);
      const title = row[resource.titleColumn];
      return {
        id: String(row.id),
        title: typeof title === "string" && title !== "" ? title : `${resource.singular} ${String(row.id)}`,
        active: row[resource.activeColumn] === 1,
        values: Object.fromEntries(Object.entries(attributes).map(([name, v]) => [name, valueOf(byName.get(name)?.input, v)])),
      };
    }),
  );
  return { kind, singular: resource.singular, fields, listFields: [...resource.listFields], rows };
}

const SETTING_FIELDS: ContentField[] = [
  contentField("key", "Name", "text", { required: true, createOnly: true, initial: "" }),
  contentField("value", "Value", "textarea", { required: true, initial: "" }),
];

async function settingsContent(db: D1Database): Promise<ConsoleContent> {
  const rows = await allRows(settingRow, db.prepare("SELECT key, value FROM settings ORDER BY key"));
  return {
    kind: "settings",
    singular: "web setting",
    fields: SETTING_FIELDS,
    listFields: ["value"],
    rows: rows.map((r) => ({ id: r.key, title: r.key, active: true, values: { key: r.key, value: r.value } })),
  };
}

/** One content page's data: the list and its form's fields. */
export function consoleContent(db: D1Database, kind: ContentKind): Promise<ConsoleContent> {
  return kind === "settings" ? settingsContent(db) : resourceContent(db, kind);
}

function kindOf(c: Context<AppEnv>): ContentKind {
  const kind = contentKindSchema.safeParse(c.req.param("kind"));
  if (!kind.success) throw new ApiError(404, "NOT_FOUND", `No API route ${c.req.method} ${c.req.path}`);
  return kind.data;
}

const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const noEntry = (kind: ContentKind): WriteOutcome => ({ ok: false, status: 404, target: null, code: "NOT_FOUND", detail: `No ${kind} entry by that id` });

/** Writes, audits and answers: the outcome of a shared write as the console's JSON. */
async function audited(c: Context<AppEnv>, action: string, detail: unknown, write: () => Promise<WriteOutcome>) {
  const outcome = await write();
  const user = c.get("user");
  await writeAudit(c, { actor: staffActor(user?.ssoID ?? "unknown"), action, target: outcome.target, status: outcome.status, detail: { via: "console", body: detail } });
  if (outcome.ok) return c.json({ data: outcome.data }, outcome.status);
  if (outcome.status === 400) throw ApiError.fields(400, "INVALID_INPUT", "Some fields need a change", outcome.fields);
  throw new ApiError(outcome.status, outcome.code, outcome.detail);
}

const body = (c: Context<AppEnv>): Promise<unknown> => c.req.json().catch(() => undefined);

/** Web settings switch the whole site: their own capability. An unknown kind reaches kindOf's 404. */
const isSettings = (c: Context<AppEnv>) => c.req.param("kind") === "settings";
const mayRead = requireCapability((c) => (isSettings(c) ? "settings.edit" : "content.view"));
const mayWrite = requireCapability((c) => (isSettings(c) ? "settings.edit" : "content.publish"));

consoleContentApi.get("/content/:kind", mayRead, async (c) => {
  const answer: ConsoleContentAnswer = { data: { attributes: await consoleContent(c.env.DB, kindOf(c)) } };
  return c.json(answer);
});

consoleContentApi.post("/content/:kind", mayWrite, async (c) => {
  const kind = kindOf(c);
  const raw = await body(c);
  return audited(c, `${kind}.create`, raw, async () => {
    if (kind !== "settings") return createContent(c.env, kind, raw);
    const { key, ...rest } = isRecord(raw) ? raw : {};
    // Creating is for a new name; an existing setting is changed from its own form.
    const exists = typeof key === "string" && (await c.env.DB.prepare("SELECT 1 FROM settings WHERE key = ?1").bind(key).first());
    if (exists) return { ok: false, status: 400, target: key, fields: [{ field: "key", detail: "a setting by that name exists: edit it instead" }] };
    return putSetting(c.env, key, rest);
  });
});

consoleContentApi.put("/content/:kind/:id", mayWrite, async (c) => {
  const kind = kindOf(c);
  const raw = await body(c);
  const id = c.req.param("id");
  return audited(c, `${kind}.update`, raw, async () => {
    if (kind === "settings") return putSetting(c.env, id, raw);
    const parsed = idParam.safeParse(id);
    return parsed.success ? changeContent(c.env, kind, parsed.data, raw) : noEntry(kind);
  });
});

consoleContentApi.post("/content/:kind/:id/disable", mayWrite, async (c) => {
  const kind = kindOf(c);
  const id = c.req.param("id");
  return audited(c, kind === "settings" ? "settings.delete" : `${kind}.disable`, undefined, async () => {
    if (kind === "settings") return deleteSetting(c.env, id);
    const parsed = idParam.safeParse(id);
    return parsed.success ? disableContent(c.env, kind, parsed.data) : noEntry(kind);
  });
});
