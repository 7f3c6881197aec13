import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError } from "../http/api-error";
import { RESOURCE_NAMES } from "../content/resources";
import { changeContent, createContent, deleteSetting, disableContent, putSetting, type WriteOutcome } from "../content/writes";

/**
 * The club's content writes, mounted on the admin API (worker/club-api/routes.ts: bearer
 * ADMIN_TOKEN, audited there):
 *   POST /api/admin/{adverts|sponsors|menu|promos}            create (201)
 *   PUT  /api/admin/{adverts|sponsors|menu|promos}/:id        change the fields sent
 *   POST /api/admin/{adverts|sponsors|menu|promos}/:id/disable  adverts: enabled 0; sponsors: published 0;
 *                                                              menu entries: out of the menu; promos: enabled 0
 *   PUT  /api/admin/settings/:key   { value }                 set a web setting; DELETE removes it
 * A sponsor's `rowID` places it in that footer sponsor row (null: in none; worker/content/sponsor-placement.ts).
 * The writes themselves are worker/content/writes.ts, shared with the staff console; here
 * their outcome becomes this API's answer: a bad body is a 400 listing every field's error
 * ({errors:[{code:'INVALID_FIELD', detail, field}]}), a duplicate or missing parent a 409.
 */
export const adminContentRoutes = new Hono<AppEnv>();

function answer(c: Context<AppEnv>, outcome: WriteOutcome, body: (data: Extract<WriteOutcome, { ok: true }>) => unknown = (o) => ({ data: o.data })) {
  c.set("auditTarget", outcome.target);
  if (outcome.ok) return c.json(body(outcome), outcome.status);
  if (outcome.status === 400) throw ApiError.fields(400, "INVALID_FIELD", "The body is not valid", outcome.fields);
  throw new ApiError(outcome.status, outcome.code, outcome.detail);
}

async function jsonBody(c: Context<AppEnv>): Promise<unknown> {
  const raw: unknown = await c.req.json().catch(() => undefined);
  c.set("auditDetail", raw);
  return raw;
}

const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The path's id, or null (then the answer is a 404, as for an id that names nothing). */
function idOf(c: Context<AppEnv>): number | null {
  const parsed = idParam.safeParse(c.req.param("id"));
  c.set("auditTarget", parsed.success ? String(parsed.data) : null);
  return parsed.success ? parsed.data : null;
}

for (const path of RESOURCE_NAMES) {
  const missing = (): never => {
    throw new ApiError(404, "NOT_FOUND", `No ${path} entry by that id`);
  };

  adminContentRoutes.post(`/${path}`, async (c) => {
    c.set("auditAction", `${path}.create`);
    return answer(c, await createContent(c.env, path, await jsonBody(c)));
  });

  adminContentRoutes.put(`/${path}/:id`, async (c) => {
    c.set("auditAction", `${path}.update`);
    const id = idOf(c);
    const raw = await jsonBody(c);
    return id === null ? missing() : answer(c, await changeContent(c.env, path, id, raw));
  });

  adminContentRoutes.post(`/${path}/:id/disable`, async (c) => {
    c.set("auditAction", `${path}.disable`);
    const id = idOf(c);
    return id === null ? missing() : answer(c, await disableContent(c.env, path, id));
  });
}

adminContentRoutes.put("/settings/:key", async (c) => {
  c.set("auditAction", "settings.update");
  const raw = await jsonBody(c);
  return answer(c, await putSetting(c.env, c.req.param("key"), raw));
});

adminContentRoutes.delete("/settings/:key", async (c) => {
  c.set("auditAction", "settings.delete");
  return answer(c, await deleteSetting(c.env, c.req.param("key")), (o) => ({ data: { id: o.target, deleted: true } }));
});
