import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError } from "../http/api-error";
import { staffActor } from "../audit/audit-log";
import { requireCapability } from "./capabilities";
import { auditedWrite, fieldsRefused, jsonBody, parsedBody } from "./audited-write";
import { promoCatalogueOf, type PromoCatalogue } from "../payments/stripe-promotions";
import { deactivatePromoCode, insertPromoCode, promoCodeById, promoCodeTaken } from "../commercial/promo-code-store";
import { checkPromo } from "../../src/domain/promo-codes";
import type { ConsolePromoCode } from "../../src/schemas/console-promotions";

/**
 * Promo codes (/admin/promotions), behind staffOnly, the console's Origin check and
 * `commerce.manage`; each is made in Stripe first (worker/payments/stripe-promotions.ts) and stored
 * only once Stripe has it, so a code the site lists is one checkout takes:
 *   POST /api/console/promotions  { code, percentOff | amountOff, duration, durationInMonths, firstTimeOnly, maxRedemptions, expiresOn }
 *        → 201 the code: a Stripe coupon (the discount, its duration, limit and end) and its promotion code
 *   POST /api/console/promotions/{id}/deactivate  {} → its Stripe promotion code `active=false`, then here
 * Refusals: 400 INVALID_INPUT per field; 409 CODE_TAKEN (the code field: a code's text names one
 * code for good, whatever its case); 404 PROMO_NOT_FOUND; 409 ALREADY_INACTIVE; 502 STRIPE_FAILED
 * with Stripe's reason (nothing written here); 503 PAYMENTS_UNAVAILABLE without payments. Every
 * write, refusals too, is audited as `promo-code.*` with the code before and after.
 */
export const consolePromotionsApi = new Hono<AppEnv>();
type Ctx = Context<AppEnv>;

const text = (max: number) => z.string({ error: "Enter a value" }).max(max, `At most ${max} characters`);
const createInput = z.object({
  code: text(60),
  percentOff: text(12).default(""),
  amountOff: text(12).default(""),
  duration: text(20),
  durationInMonths: text(6).default(""),
  firstTimeOnly: z.boolean({ error: "Yes or no" }).default(false),
  maxRedemptions: text(12).default(""),
  expiresOn: text(20).default(""),
});
const ID = /^[1-9][0-9]{0,8}$/;

const CODE_TAKEN = (code: string) =>
  ApiError.fields(409, "CODE_TAKEN", "That code is taken", [{ field: "code", detail: `${code} is already a code (codes are the same whatever their case): choose another` }]);

function catalogue(c: Ctx): PromoCatalogue {
  const found = promoCatalogueOf(c.env);
  if (!found) throw new ApiError(503, "PAYMENTS_UNAVAILABLE", "Payments are not configured: no promo code can be made or changed");
  return found;
}

/** Stripe's own words for a refusal (an invalid request, an unreachable API), short enough for a form's problem line. */
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").trim().slice(0, 300);

/** A call to Stripe, its refusal answered as 502 with Stripe's reason (nothing in D1 is written before it succeeds). */
async function stripe<T>(c: Ctx, step: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    console.error(JSON.stringify({ msg: "stripe promotions call failed", step, requestId: c.get("requestId"), error: String(error) }));
    throw new ApiError(502, "STRIPE_FAILED", `Stripe refused it: ${reasonOf(error)} Nothing was saved.`);
  }
}

/** Cleanup after a step that failed later (Stripe or D1 refused what came next): best effort, logged, never the answer. */
async function undo(c: Ctx, step: string, call: () => Promise<void>) {
  await call().catch((error: unknown) => console.error(JSON.stringify({ msg: "stripe promotions cleanup failed", step, requestId: c.get("requestId"), error: String(error) })));
}

const unix = (iso: string | null) => (iso === null ? null : Math.floor(Date.parse(iso) / 1000));

const auditView = (p: ConsolePromoCode) => ({
  id: p.id,
  code: p.code,
  percentOff: p.percentOff,
  amountOffPence: p.amountOffPence,
  duration: p.duration,
  durationInMonths: p.durationInMonths,
  firstTimeOnly: p.firstTimeOnly,
  maxRedemptions: p.maxRedemptions,
  expiresAt: p.expiresAt,
  stripeCouponId: p.stripeCouponId,
  stripePromotionCodeId: p.stripePromotionCodeId,
  active: p.active,
});

const actorOf = (c: Ctx) => staffActor(c.get("user")?.ssoID ?? "unknown");
const codeOf = (raw: unknown) => (raw && typeof raw === "object" && "code" in raw && typeof raw.code === "string" ? raw.code.trim().slice(0, 60) : null);

consolePromotionsApi.post("/promotions", requireCapability("commerce.manage"), async (c) => {
  const raw = await jsonBody(c);
  return auditedWrite(c, "promo-code.create", codeOf(raw), raw, async () => {
    const input = parsedBody(createInput, raw);
    const checked = checkPromo(input, new Date());
    if (!checked.ok) throw fieldsRefused(checked.problems);
    const promo = checked.promo;
    if (await promoCodeTaken(c.env.DB, promo.code)) throw CODE_TAKEN(promo.code);
    const shop = catalogue(c);
    const ends = unix(promo.expiresAt);
    // One coupon per code: its limit and end are the code's too, so Stripe's dashboard tells the same story.
    const coupon = await stripe(c, "coupon", () =>
      shop.createCoupon({ percentOff: promo.percentOff, amountOffPence: promo.amountOffPence, duration: promo.duration, durationInMonths: promo.durationInMonths, maxRedemptions: promo.maxRedemptions, redeemBy: ends, name: promo.code }),
    );
    let promotion: { id: string };
    try {
      promotion = await stripe(c, "promotion code", () => shop.createPromotionCode({ coupon: coupon.id, code: promo.code, firstTimeOnly: promo.firstTimeOnly, maxRedemptions: promo.maxRedemptions, expiresAt: ends }));
    } catch (error) {
      await undo(c, "delete coupon", () => shop.deleteCoupon(coupon.id));
      throw error;
    }
    const id = await insertPromoCode(c.env.DB, promo, { couponId: coupon.id, promotionCodeId: promotion.id }, actorOf(c));
    if (id === null) {
      // Another member stored the same text meanwhile: Stripe's copy must not be redeemable.
      await undo(c, "deactivate promotion code", () => shop.deactivatePromotionCode(promotion.id));
      throw CODE_TAKEN(promo.code);
    }
    const after = (await promoCodeById(c.env.DB, id))!;
    return { detail: { before: null, after: auditView(after) }, answer: after, status: 201 };
  });
});

consolePromotionsApi.post("/promotions/:id/deactivate", requireCapability("commerce.manage"), async (c) => {
  const raw = await jsonBody(c);
  return auditedWrite(c, "promo-code.deactivate", c.req.param("id") ?? null, raw, async () => {
    const idText = c.req.param("id") ?? "";
    const before = ID.test(idText) ? await promoCodeById(c.env.DB, Number(idText)) : null;
    if (!before) throw new ApiError(404, "PROMO_NOT_FOUND", "No such promo code");
    if (!before.active) throw new ApiError(409, "ALREADY_INACTIVE", `${before.code} is already deactivated`);
    const shop = catalogue(c);
    // Stripe first: until it says so, checkout still takes the code, so the site must not say otherwise.
    await stripe(c, "deactivate", () => shop.deactivatePromotionCode(before.stripePromotionCodeId));
    if (!(await deactivatePromoCode(c.env.DB, before.id, actorOf(c)))) throw new ApiError(409, "ALREADY_INACTIVE", `${before.code} is already deactivated`);
    const after = (await promoCodeById(c.env.DB, before.id))!;
    return { detail: { before: auditView(before), after: auditView(after) }, answer: after };
  });
});
