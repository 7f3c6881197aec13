import { bumpGeneration } from "../cache/kv-cache";
import { isRecord } from "../../src/domain/json-shape";
import { linkProblem, linkSettingKind } from "../../src/domain/link-rule";
import { fieldOfColumn, RESOURCES, settingBody, settingKey, type Resource, type ResourceName } from "./resources";

/**
 * The club's content writes, whichever door they come in by: the bearer-token admin API
 * (worker/club-api/content.ts) and the staff console (worker/console/content.ts) call these
 * and only turn the outcome into their own answer and audit entry. Bodies are parsed field by
 * field against worker/content/resources.ts; every write bumps the KV cache generation of
 * the area it touched (worker/cache/kv-cache.ts), so the next request everywhere reads D1 again.
 */

export type FieldError = { field: string; detail: string };
export type Presented = { id: unknown; attributes: Record<string, unknown> };

export type WriteOutcome =
  | { ok: true; status: 200 | 201; target: string; data: Presented }
  | { ok: false; status: 400; target: string | null; fields: FieldError[] }
  | { ok: false; status: 404 | 409; target: string | null; code: "NOT_FOUND" | "CONFLICT"; detail: string };

const invalid = (target: string | null, fields: FieldError[]): WriteOutcome => ({ ok: false, status: 400, target, fields });
const notFound = (target: string | null, detail: string): WriteOutcome => ({ ok: false, status: 404, target, code: "NOT_FOUND", detail });

function toColumn(value: unknown): unknown {
  return typeof value === "boolean" ? (value ? 1 : 0) : value;
}

type Parsed = { ok: true; columns: Record<string, unknown>; related?: { value: unknown } } | { ok: false; errors: FieldError[] };

/**
 * Parses a body against a resource: every field on create (fallbacks filled in), only those sent on
 * change. The related field is optional in both and parsed beside the columns.
 */
export function parseBody(resource: Resource, raw: unknown, mode: "create" | "change"): Parsed {
  if (!isRecord(raw)) return { ok: false, errors: [{ field: "body", detail: "a JSON object" }] };
  const body = raw;
  const errors: FieldError[] = Object.keys(body)
    .filter((key) => !(key in resource.fields) && key !== resource.related?.field)
    .map((key) => ({ field: key, detail: "unknown field" }));
  const columns: Record<string, unknown> = {};
  for (const [field, spec] of Object.entries(resource.fields)) {
    if (!(field in body)) {
      if (mode === "change") continue;
      if (!("fallback" in spec)) {
        errors.push({ field, detail: "required" });
        continue;
      }
      columns[spec.column] = toColumn(spec.fallback);
      continue;
    }
    const parsed = spec.schema.safeParse(body[field]);
    if (parsed.success) columns[spec.column] = toColumn(parsed.data);
    else errors.push({ field, detail: parsed.error.issues[0]?.message ?? "invalid" });
  }
  let related: { value: unknown } | undefined;
  if (resource.related && resource.related.field in body) {
    const parsed = resource.related.schema.safeParse(body[resource.related.field]);
    if (parsed.success) related = { value: parsed.data };
    else errors.push({ field: resource.related.field, detail: parsed.error.issues[0]?.message ?? "invalid" });
  }
  if (mode === "change" && errors.length === 0 && Object.keys(columns).length === 0 && !related) errors.push({ field: "body", detail: "no field to change" });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, columns, ...(related ? { related } : {}) };
}

async function readRow(db: D1Database, resource: Resource, id: number) {
  return db.prepare(`SELECT * FROM ${resource.table} WHERE id = ?1`).bind(id).first<Record<string, unknown>>();
}

/** The row as the APIs show it: the resource's fields, named as in the bodies (and the related one). */
export async function present(db: D1Database, resource: Resource, row: Record<string, unknown>): Promise<Presented> {
  const attributes: Record<string, unknown> = {};
  for (const [field, spec] of Object.entries(resource.fields)) attributes[field] = row[spec.column];
  if (resource.related) attributes[resource.related.field] = await resource.related.read(db, Number(row.id));
  return { id: row.id, attributes };
}

/** The field errors of the row as it will be: across fields, then the related field against D1. */
async function rowProblems(db: D1Database, resource: Resource, row: Record<string, unknown>, related: { value: unknown } | undefined): Promise<FieldError[]> {
  const problem = resource.check?.(row);
  if (problem) return [{ field: fieldOfColumn(resource, problem.field), detail: problem.detail }];
  if (!resource.related || !related) return [];
  const detail = await resource.related.problem(db, related.value);
  return detail ? [{ field: resource.related.field, detail }] : [];
}

/** A unique, foreign-key or CHECK refusal from D1 is the caller's mistake: 409, never a 500. */
async function constrained<T>(target: string | null, write: () => Promise<T>): Promise<T | WriteOutcome> {
  try {
    return await write();
  } catch (error) {
    if (/UNIQUE|FOREIGN KEY|CHECK constraint/i.test(String(error))) {
      return { ok: false, status: 409, target, code: "CONFLICT", detail: "The change conflicts with existing content (a duplicate or a missing parent)" };
    }
    throw error;
  }
}

const isOutcome = (value: unknown): value is WriteOutcome => isRecord(value) && typeof value.ok === "boolean" && typeof value.status === "number";

export async function createContent(env: Env, name: ResourceName, raw: unknown): Promise<WriteOutcome> {
  const resource: Resource = RESOURCES[name];
  const parsed = parseBody(resource, raw, "create");
  if (!parsed.ok) return invalid(null, parsed.errors);
  const problems = await rowProblems(env.DB, resource, parsed.columns, parsed.related);
  if (problems.length > 0) return invalid(null, problems);
  const names = Object.keys(parsed.columns);
  const created = await constrained(null, () =>
    env.DB.prepare(`INSERT INTO ${resource.table} (${names.join(", ")}) VALUES (${names.map((_, i) => `?${i + 1}`).join(", ")}) RETURNING *`)
      .bind(...names.map((n) => parsed.columns[n]))
      .first<Record<string, unknown>>(),
  );
  if (isOutcome(created)) return created;
  if (!created) throw new Error(`insert into ${resource.table} returned nothing`);
  const id = Number(created.id);
  if (resource.related && parsed.related) await resource.related.write(env.DB, id, parsed.related.value);
  await bumpGeneration(env, resource.area);
  return { ok: true, status: 201, target: String(id), data: await present(env.DB, resource, created) };
}

export async function changeContent(env: Env, name: ResourceName, id: number, raw: unknown): Promise<WriteOutcome> {
  const resource: Resource = RESOURCES[name];
  const target = String(id);
  const parsed = parseBody(resource, raw, "change");
  if (!parsed.ok) return invalid(target, parsed.errors);
  const current = await readRow(env.DB, resource, id);
  if (!current) return notFound(target, `No ${name} entry by that id`);
  const problems = await rowProblems(env.DB, resource, { ...current, ...parsed.columns }, parsed.related);
  if (problems.length > 0) return invalid(target, problems);
  const names = Object.keys(parsed.columns);
  // a body with only the related field changes no column
  const updated =
    names.length === 0
      ? current
      : await constrained(target, () =>
          env.DB.prepare(`UPDATE ${resource.table} SET ${names.map((n, i) => `${n} = ?${i + 2}`).join(", ")} WHERE id = ?1 RETURNING *`)
            .bind(id, ...names.map((n) => parsed.columns[n]))
            .first<Record<string, unknown>>(),
        );
  if (isOutcome(updated)) return updated;
  if (!updated) return notFound(target, `No ${name} entry by that id`);
  if (resource.related && parsed.related) await resource.related.write(env.DB, id, parsed.related.value);
  await bumpGeneration(env, resource.area);
  return { ok: true, status: 200, target, data: await present(env.DB, resource, updated) };
}

/** Adverts and promos: enabled 0; sponsors: unpublished; menu entries: out of the menu. */
export async function disableContent(env: Env, name: ResourceName, id: number): Promise<WriteOutcome> {
  const resource: Resource = RESOURCES[name];
  const updated = await env.DB.prepare(`UPDATE ${resource.table} SET ${resource.activeColumn} = 0 WHERE id = ?1 RETURNING *`).bind(id).first<Record<string, unknown>>();
  if (!updated) return notFound(String(id), `No ${name} entry by that id`);
  await bumpGeneration(env, resource.area);
  return { ok: true, status: 200, target: String(id), data: await present(env.DB, resource, updated) };
}

/** Sets a web setting (a new key adds it); the body is { value }; a link setting must keep src/domain/link-rule.ts. */
export async function putSetting(env: Env, rawKey: unknown, rawBody: unknown): Promise<WriteOutcome> {
  const key = settingKey.safeParse(rawKey);
  const body = settingBody.safeParse(rawBody);
  const target = key.success ? key.data : null;
  const fields: FieldError[] = [];
  if (!key.success) fields.push({ field: "key", detail: key.error.issues[0]?.message ?? "invalid" });
  if (!body.success) fields.push(...body.error.issues.map((i) => ({ field: i.path.join(".") || "value", detail: i.message })));
  if (!key.success || !body.success) return invalid(target, fields);
  // A link setting keeps the one link rule (empty: unset, the page's default).
  const linkKind = linkSettingKind(key.data);
  const linkError = linkKind && body.data.value !== "" ? linkProblem(linkKind, body.data.value) : null;
  if (linkError) return invalid(target, [{ field: "value", detail: linkError }]);
  await env.DB.prepare("INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value").bind(key.data, body.data.value).run();
  await bumpGeneration(env, "settings");
  return { ok: true, status: 200, target: key.data, data: { id: key.data, attributes: { value: body.data.value } } };
}

/** Removes a web setting: the pages read its default again. */
export async function deleteSetting(env: Env, rawKey: unknown): Promise<WriteOutcome> {
  const key = settingKey.safeParse(rawKey);
  if (!key.success) return notFound(null, "No setting by that name");
  const deleted = await env.DB.prepare("DELETE FROM settings WHERE key = ?1 RETURNING key").bind(key.data).first();
  if (!deleted) return notFound(key.data, "No setting by that name");
  await bumpGeneration(env, "settings");
  return { ok: true, status: 200, target: key.data, data: { id: key.data, attributes: { deleted: true } } };
}
