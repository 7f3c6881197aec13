import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { settingsOf, type AppEnv } from "../env";
import { ApiError } from "../http/api-error";
import { constantTimeEqual } from "../auth/constant-time";
import { isLoopbackRequest } from "../../src/domain/loopback";
import { publishDue } from "../news/schedule";

/**
 * The development build's state route (mounted at /dev-state by worker/app.ts when the kit is
 * installed): POST /dev-state/d1 runs one SQL statement on the server's own D1 and answers its rows.
 * The e2e tests read and write the database through it (tests/e2e/support/d1.ts), so one runtime,
 * the server's, owns the SQLite file: a second runtime opening the same file met SQLITE_BUSY
 * beside the server and could cost it its D1 mid-run.
 *
 * It answers only when all of these hold, checked in this order:
 * - the development build (worker/dev-kit.ts; the production bundle does not contain this module)
 *   running as development or test (ENVIRONMENT), else 404;
 * - DEV_STATE_TOKEN set (scripts/e2e.mjs passes a fresh random one per run; `npm run dev` passes
 *   none, so there the route does not exist), else 404;
 * - a caller on this machine (src/domain/loopback.ts), else 403 LOOPBACK_ONLY;
 * - `Authorization: Bearer <DEV_STATE_TOKEN>`, else 401 UNAUTHORIZED.
 *
 * Body: `{ "sql": "...", "params": [ ... ] }` (params bound to `?`). Answer: `{ data: rows }`.
 * A statement D1 refuses answers 400 D1_ERROR with D1's message; a body that is not that shape
 * 400 INVALID_INPUT.
 */
export const devState = new Hono<AppEnv>();
export const DEV_STATE_PATH = "/dev-state";

/** Long enough that it is a secret, not a word; scripts/e2e.mjs makes 32 random bytes. */
export const DEV_STATE_TOKEN_MIN = 24;
// Read from the env here rather than through settingsOf (worker/env.ts): the variable's name and
// its rule stay out of the production bundle along with the route.
const tokenVar = z.object({ DEV_STATE_TOKEN: z.string().min(DEV_STATE_TOKEN_MIN) });

const statement = z.object({
  sql: z.string().trim().min(1, "one SQL statement is required"),
  params: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])).max(100).default([]),
});

const guard: MiddlewareHandler<AppEnv> = async function devStateGuard(c, next) {
  const token = tokenVar.safeParse(c.env);
  if (!isDevelopment(c.env) || !token.success) throw new ApiError(404, "NOT_FOUND", `No route ${c.req.method} ${c.req.path}`);
  if (!isLoopbackRequest(new URL(c.req.url).hostname, c.req.header("cf-connecting-ip"))) {
    throw new ApiError(403, "LOOPBACK_ONLY", "The development state route answers only this machine");
  }
  const header = c.req.header("authorization") ?? "";
  const presented = header.startsWith("Bearer ") ? header.slice("Bearer ".length) : "";
  if (!(await constantTimeEqual(presented, token.data.DEV_STATE_TOKEN))) {
    c.header("WWW-Authenticate", 'Bearer realm="dev-state"');
    throw new ApiError(401, "UNAUTHORIZED", "A valid development state token is required");
  }
  c.header("Cache-Control", "no-store");
  await next();
};

function isDevelopment(env: object): boolean {
  try {
    return settingsOf(env).isDevelopment;
  } catch {
    return false;
  }
}

devState.use("*", guard);

devState.post("/d1", async (c) => {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError(400, "INVALID_INPUT", "The body must be JSON: { sql, params }");
  }
  const parsed = statement.safeParse(body);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => ({ field: issue.path.join(".") || "body", detail: issue.message }));
    throw ApiError.fields(400, "INVALID_INPUT", "The body must be { sql, params }", fields);
  }
  let rows: Record<string, unknown>[];
  try {
    rows = (await c.env.DB.prepare(parsed.data.sql).bind(...parsed.data.params).all()).results;
  } catch (error) {
    throw new ApiError(400, "D1_ERROR", error instanceof Error ? error.message : String(error));
  }
  return c.json({ data: rows });
});

/**
 * POST /dev-state/clock `{ "now": ISO 8601 }`: runs the scheduler's sweep (worker/news/schedule.ts)
 * as if it were that time, so the e2e tests see a scheduled article go live without waiting for it.
 * Answer: `{ data: { published: [ids] } }`.
 */
devState.post("/clock", async (c) => {
  const parsed = z.object({ now: z.iso.datetime() }).safeParse(await c.req.json().catch(() => undefined));
  if (!parsed.success) throw ApiError.fields(400, "INVALID_INPUT", "The body must be { now: ISO 8601 }", [{ field: "now", detail: "an ISO 8601 UTC time" }]);
  return c.json({ data: { published: await publishDue(c.env, new Date(parsed.data.now)) } });
});
