import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { overlayPromos } from "../content/shell";
import { ApiError } from "../http/api-error";
import { preferencesFromCookies } from "../../src/app/viewer-preferences";
import { isPromoActive } from "../../src/domain/promo-window";
import { filterOverlayPromos } from "../../src/domain/child-friendly";

/**
 * GET /api/promo-overlays/?channel=Web (spec §7): the list of promos of that channel whose start and
 * end bracket now (spec §5), enabled, and child friendly in child-friendly mode. Which of them shows
 * (the first not in the seen cookie) is the browser's choice: the cookie is the browser's own.
 */
export const promoOverlayRoutes = new Hono<AppEnv>();

const query = z.object({ channel: z.string().regex(/^[A-Za-z]{1,16}$/, "a channel name such as Web") });

// The spec's address ends in a slash; both forms answer (mounted at /api).
promoOverlayRoutes.get("/", promoList);

async function promoList(c: Context<AppEnv>) {
  const parsed = query.safeParse(c.req.query());
  if (!parsed.success) throw new ApiError(400, "INVALID_INPUT", `channel: ${parsed.error.issues[0]?.message ?? "required"}`);
  const { childFriendly } = preferencesFromCookies(c.req.header("cookie"));
  const now = Date.now();
  const promos = filterOverlayPromos(await overlayPromos(c.env, parsed.data.channel), childFriendly).filter((p) => isPromoActive(p, now));
  c.header("Cache-Control", "no-store");
  return c.json(promos);
}
