import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError, fieldErrorsOf } from "../http/api-error";
import { staffActor, writeAudit } from "../audit/audit-log";
import { requireCapability } from "./capabilities";
import { seasonSettings, setPreseason } from "../teams/seasons";

/**
 * The console's seasons (Matches → Seasons), behind staffOnly: the list for `content.view`, the
 * preseason setting for `settings.edit` (it hides every fixture of a season, site-wide).
 *   GET /api/console/seasons                 every season, its preseason mode and its fixtures to play
 *   PUT /api/console/seasons/:slug/preseason { preseason: boolean }
 * Audited as `season.preseason` with the setting before and after, refusals too.
 */
export const consoleSeasonsApi = new Hono<AppEnv>();

const slugParam = z.string().regex(/^\d{4}-\d{2}$/);
const preseasonInput = z.object({ preseason: z.boolean({ error: "Choose on or off" }) });

consoleSeasonsApi.get("/seasons", requireCapability("content.view"), async (c) => c.json({ data: { attributes: { seasons: await seasonSettings(c.env.DB) } } }));

consoleSeasonsApi.put("/seasons/:slug/preseason", requireCapability("settings.edit"), async (c) => {
  const actor = staffActor(c.get("user")?.ssoID ?? "unknown");
  const slug = c.req.param("slug");
  const raw: unknown = await c.req.json().catch(() => undefined);
  const body = preseasonInput.safeParse(raw ?? {});
  if (!body.success) {
    await writeAudit(c, { actor, action: "season.preseason", target: slug, status: 400, detail: { via: "console", body: raw } });
    throw ApiError.fields(400, "INVALID_INPUT", "Some fields need a change", fieldErrorsOf(body.error, "preseason"));
  }
  const outcome = slugParam.safeParse(slug).success ? await setPreseason(c.env, slug, body.data.preseason) : { ok: false as const };
  if (!outcome.ok) {
    await writeAudit(c, { actor, action: "season.preseason", target: slug, status: 404, detail: { via: "console", body: raw } });
    throw new ApiError(404, "SEASON_NOT_FOUND", "No such season");
  }
  await writeAudit(c, { actor, action: "season.preseason", target: slug, status: 200, detail: { via: "console", before: outcome.before, after: outcome.after } });
  return c.json({ data: { attributes: outcome.after } });
});
