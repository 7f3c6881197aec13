import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError, type FieldError } from "../http/api-error";
import { staffActor, writeAudit } from "../audit/audit-log";
import { requireCapability } from "./capabilities";
import { chainCandidates, deleteRedirect, insertRedirect, listRedirects, redirectById, updateRedirect, type RedirectInput, type SiteRedirect } from "../redirects/redirects";
import {
  normaliseRedirectPath,
  redirectChainProblem,
  redirectFromProblem,
  redirectLandingPath,
  redirectToProblem,
  REDIRECT_STATUSES,
} from "../../src/domain/site-redirects";
import { sameSitePath } from "../../src/domain/return-url";

/**
 * The console's Redirects section, behind staffOnly: the list for `content.view`, the writes for
 * `content.publish` (a redirect changes what the public site answers).
 *   GET    /api/console/redirects?q=&page=   the list, found by a word of either path
 *   POST   /api/console/redirects            { from, to, status }
 *   PUT    /api/console/redirects/:id        { from, to, status }
 *   DELETE /api/console/redirects/:id
 * A refused body is 400 with each field's problem (the form shows it beside the field); an old
 * path already redirected 409 REDIRECT_EXISTS on `from`; a chain or a loop 409 REDIRECT_CHAIN on
 * the field to change. Every answer, refusals too, is audited as `redirect.create`, `.update` or
 * `.delete` with the redirect before and after.
 */
export const consoleRedirectsApi = new Hono<AppEnv>();

const CONSOLE_PATH = "/redirects";

const bodySchema = z.object({
  from: z.string({ error: "Enter the old path, like /old-page" }).max(2048, "At most 2048 characters"),
  to: z.string({ error: "Enter where it goes: a path on this site or an https: URL" }).max(2048, "At most 2048 characters"),
  status: z.coerce.number({ error: "Choose 301 or 302" }).pipe(z.union(REDIRECT_STATUSES.map((s) => z.literal(s)), { error: "Choose 301 (moved for good) or 302 (for now)" })),
});
const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const listQuery = z.object({ q: z.string().max(200).default(""), page: z.coerce.number().int().min(0).max(10_000).default(0) });

/** The body as it will be stored, or every field's problem (all of them at once: each shows beside its field). */
function parsedBody(raw: unknown): { input: RedirectInput } | { fields: FieldError[] } {
  const body = bodySchema.safeParse(raw ?? {});
  const problems = new Map<string, string>();
  if (!body.success) for (const issue of body.error.issues) problems.set(String(issue.path[0] ?? "from"), problems.get(String(issue.path[0] ?? "from")) ?? issue.message);
  const given = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  const from = typeof given.from === "string" ? given.from : null;
  const to = typeof given.to === "string" ? given.to.trim() : null;
  const fromProblem = from === null ? null : redirectFromProblem(from);
  if (fromProblem && !problems.has("from")) problems.set("from", `The old path must be ${fromProblem}`);
  const toProblem = to === null ? null : redirectToProblem(to);
  if (toProblem && !problems.has("to")) problems.set("to", `The new location must be ${toProblem}`);
  if (!body.success || problems.size > 0) return { fields: [...problems].map(([field, detail]) => ({ field, detail })) };
  // A site path is stored as a browser would resolve it ('/a/../b' is '/b'), so the chain check compares like with like.
  const storedTo = redirectLandingPath(body.data.to.trim()) === null ? body.data.to.trim() : (sameSitePath(body.data.to.trim()) ?? body.data.to.trim());
  return { input: { from: normaliseRedirectPath(body.data.from)!, to: storedTo, status: body.data.status } };
}

type Action = "redirect.create" | "redirect.update" | "redirect.delete";

async function audited<T>(c: Context<AppEnv>, action: Action, target: string | null, run: (audit: (status: number, detail: Record<string, unknown>) => Promise<void>) => Promise<T>): Promise<T> {
  const actor = staffActor(c.get("user")?.ssoID ?? "unknown");
  return run((status, detail) => writeAudit(c, { actor, action, target, status, detail: { via: "console", ...detail } }));
}

/** Checks and writes one create or update; refusals audited with what was sent. */
async function save(c: Context<AppEnv>, id: number | null) {
  const raw: unknown = await c.req.json().catch(() => undefined);
  const action: Action = id === null ? "redirect.create" : "redirect.update";
  const actor = staffActor(c.get("user")?.ssoID ?? "unknown");
  return audited(c, action, id === null ? null : String(id), async (audit) => {
    const refuse = async (error: ApiError, before: SiteRedirect | null = null): Promise<never> => {
      await audit(error.status, { body: raw, before });
      throw error;
    };
    const before = id === null ? null : await redirectById(c.env.DB, id);
    if (id !== null && !before) return refuse(new ApiError(404, "REDIRECT_NOT_FOUND", "No such redirect: it may have been deleted"));
    const parsed = parsedBody(raw);
    if ("fields" in parsed) return refuse(ApiError.fields(400, "INVALID_INPUT", "Some fields need a change", parsed.fields), before);
    const { input } = parsed;
    const { others, version } = await chainCandidates(c.env.DB, input.from, redirectLandingPath(input.to), id);
    const chain = redirectChainProblem(input.from, input.to, others);
    if (chain) {
      const label = chain.field === "to" ? "The new location" : "The old path";
      return refuse(ApiError.fields(409, "REDIRECT_CHAIN", "A redirect may not lead to another", [{ field: chain.field, detail: `${label} ${chain.detail}` }]), before);
    }
    const taken = () => refuse(ApiError.fields(409, "REDIRECT_EXISTS", "That old path is redirected already", [{ field: "from", detail: "This old path is redirected already: edit that redirect instead" }]), before);
    const outcome = id === null ? await insertRedirect(c.env.DB, input, actor, version) : await updateRedirect(c.env.DB, id, input, actor, version);
    if (outcome.kind === "missing") return refuse(new ApiError(404, "REDIRECT_NOT_FOUND", "No such redirect: it may have been deleted"), before);
    if (outcome.kind === "taken") return taken();
    // Another redirect was written between the chain check and this write: checked again, it could chain.
    if (outcome.kind === "stale") return refuse(new ApiError(409, "REDIRECT_CONFLICT", "The redirects changed while this was saved: save it again"), before);
    const after = outcome.redirect;
    await writeAudit(c, { actor, action, target: String(after.id), status: id === null ? 201 : 200, detail: { via: "console", before, after } });
    return c.json({ data: { attributes: after } }, id === null ? 201 : 200);
  });
}

function idOf(c: Context<AppEnv>): number {
  const id = idParam.safeParse(c.req.param("id"));
  if (!id.success) throw new ApiError(404, "REDIRECT_NOT_FOUND", "No such redirect");
  return id.data;
}

consoleRedirectsApi.get(CONSOLE_PATH, requireCapability("content.view"), async (c) => {
  const query = listQuery.safeParse(c.req.query());
  if (!query.success) throw new ApiError(400, "INVALID_INPUT", "q is at most 200 characters and page a page number");
  return c.json({ data: { attributes: await listRedirects(c.env.DB, query.data.q.trim(), query.data.page) } });
});
consoleRedirectsApi.post(CONSOLE_PATH, requireCapability("content.publish"), (c) => save(c, null));
consoleRedirectsApi.put(`${CONSOLE_PATH}/:id`, requireCapability("content.publish"), (c) => save(c, idOf(c)));
consoleRedirectsApi.delete(`${CONSOLE_PATH}/:id`, requireCapability("content.publish"), async (c) => {
  const id = idOf(c);
  return audited(c, "redirect.delete", String(id), async (audit) => {
    const before = await deleteRedirect(c.env.DB, id);
    if (!before) {
      await audit(404, { before: null, after: null });
      throw new ApiError(404, "REDIRECT_NOT_FOUND", "No such redirect: it may have been deleted");
    }
    await audit(200, { before, after: null });
    return c.json({ data: { attributes: { deleted: before } } });
  });
});
