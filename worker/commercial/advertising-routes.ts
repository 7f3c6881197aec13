import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { advertRecords, specAdvert, type AdvertRecord } from "./adverts";
import { shell } from "../content/shell";
import { eligibleAdverts, pickAdvert, type FeedAdvert, type OlderAdvert } from "../../src/domain/advert-eligibility";
import { preferencesFromCookies } from "../../src/app/viewer-preferences";
import { ApiError } from "../http/api-error";

/**
 * The advertising calls of spec §7, every answer through the one eligibility rule
 * (src/domain/advert-eligibility.ts) at the time of the request, with the caller's child-friendly
 * mode (its cookie, default on):
 *   GET /api/advertising/slots/footer_slot?includeAllAdverts=true  data.attributes.adverts: every eligible advert
 *   GET /api/advertising/slots/{slotID}                             data.attributes.advert: one eligible advert at
 *       random (footer_slot: of any shape; mpu, banner, banner-large, content-feed: of that shape), or null
 *   GET /api/adverts?area=footer                                    adverts: every eligible advert
 *   GET /api/experiments/data                                       the configured experiments' adverts (older or
 *       aggregated-feed form, web setting experiments.data, a JSON list); none by default
 * Answers vary with the cookie and the clock, so they are never stored by a shared cache.
 */
/** /api/advertising/slots/{slotID} */
export const advertisingRoutes = new Hono<AppEnv>();
/** /api/adverts */
export const advertRoutes = new Hono<AppEnv>();
/** /api/experiments/data */
export const experimentRoutes = new Hono<AppEnv>();

export const FOOTER_SLOT_ID = "footer_slot";
const SHAPE_SLOTS = ["mpu", "banner", "banner-large", "content-feed"] as const;
const slotId = z.enum([FOOTER_SLOT_ID, ...SHAPE_SLOTS]);
const slotQuery = z.object({ includeAllAdverts: z.enum(["true", "false"]).optional(), channel: z.enum(["web", "Web"]).optional() });

function childFriendlyOf(c: Context<AppEnv>): boolean {
  return preferencesFromCookies(c.req.header("cookie")).childFriendly;
}

async function eligibleNow(c: Context<AppEnv>): Promise<AdvertRecord[]> {
  return eligibleAdverts(await advertRecords(c.env), Date.now(), childFriendlyOf(c));
}

function personal(c: Context) {
  c.header("Cache-Control", "private, no-store");
  c.header("Vary", "Cookie");
}

advertisingRoutes.get("/slots/:slotID", async (c) => {
  const slot = slotId.safeParse(c.req.param("slotID"));
  if (!slot.success) throw new ApiError(404, "SLOT_NOT_FOUND", "No advert slot by that id");
  const query = slotQuery.safeParse(c.req.query());
  if (!query.success) throw new ApiError(400, "INVALID_INPUT", "includeAllAdverts is true or false; channel is web");
  const eligible = await eligibleNow(c);
  personal(c);
  if (slot.data === FOOTER_SLOT_ID && query.data.includeAllAdverts === "true") {
    return c.json({ data: { id: slot.data, type: "slot", attributes: { adverts: eligible.map(specAdvert) } } });
  }
  const pool = slot.data === FOOTER_SLOT_ID ? eligible : eligible.filter((a) => a.slotType === slot.data);
  // pool is already eligible; pickAdvert re-applies the same rule and draws one at random.
  const advert = pickAdvert(pool, Date.now(), childFriendlyOf(c));
  return c.json({ data: { id: slot.data, type: "slot", attributes: { advert: advert ? specAdvert(advert) : null } } });
});

advertRoutes.get("/", async (c) => {
  const area = c.req.query("area");
  if (area !== "footer") throw new ApiError(400, "INVALID_INPUT", "area must be footer");
  const eligible = await eligibleNow(c);
  personal(c);
  return c.json({ adverts: eligible.map(specAdvert) });
});

const experimentAdvert = z.union([
  z.object({ advertID: z.union([z.number(), z.string()]), advertName: z.string(), targetUrl: z.string(), childFriendly: z.boolean(), imageData: z.object({ Location: z.string() }) }),
  z.object({ title: z.string(), url: z.string(), imageData: z.object({ key: z.string() }) }),
]);

/** The experiments configured in the web setting experiments.data; a malformed entry is left out, never an error. */
export function configuredExperiments(value: string | undefined): (OlderAdvert | FeedAdvert)[] {
  if (!value) return [];
  let list: unknown;
  try {
    list = JSON.parse(value);
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const parsed = experimentAdvert.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

experimentRoutes.get("/data", async (c) => {
  const experiments = configuredExperiments((await shell(c.env)).settings["experiments.data"]);
  personal(c);
  return c.json(eligibleAdverts(experiments, Date.now(), childFriendlyOf(c)));
});
