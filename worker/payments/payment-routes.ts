import { sessionMiddleware } from "../auth/session-middleware";
import { Hono } from "hono";
import { z } from "zod";
import { ApiError } from "../http/api-error";
import { siteOriginOf, type AppEnv } from "../env";
import { findAccount } from "../accounts/accounts";
import { insertPendingPurchase } from "./payment-records";
import { offeredPrice } from "../commercial/package-service";
import { holdsEntitlement, CHECKOUT_UNAVAILABLE_ALERT } from "../../src/domain/package-purchase";
import { PLAYBACK_REFUSALS } from "../../src/domain/playback-access";
import { NO_SUBSCRIPTIONS_MESSAGE } from "../../src/domain/entitlement-response";
import { safeReturnUrl } from "../../src/domain/return-url";
import { paymentsConfigOf, stripeClient } from "./config";
import { checkoutRequest } from "./checkout-request";
import { DEV_PAYMENTS_PATH } from "./dev-payments-paths";
import type { CheckoutAnswer, PortalAnswer } from "../../src/schemas/payments";

/**
 * POST /api/checkout and POST /api/payments/portal (mount at /api; session + CSRF from app.ts).
 *
 * checkout {packageID, priceID} → 200 { id, url } (Stripe's hosted checkout, or the dev checkout in
 *   development without STRIPE_SECRET_KEY). 401 NOT_LOGGED_IN; 403 BLOCKED / COUNTRY_BLOCKED (a
 *   blocked account buys nothing it could not use); 400 INVALID_INPUT; 400 INVALID_PRICE
 *   (a price that is not this package's, not on offer, or made up); 409 ALREADY_ENTITLED;
 *   503 CHECKOUT_UNAVAILABLE / 502 when Stripe fails, both with spec §8's checkout failure text.
 * portal {returnURL, customerID?} → 200 { url }. 401 NOT_LOGGED_IN; 403 FORBIDDEN (another
 *   customer id); 404 NO_STRIPE_CUSTOMER; 503 PORTAL_UNAVAILABLE. A blocked account may still open
 *   it: that is where it cancels what it pays for.
 */
/** POST /api/checkout */
export const checkoutRoutes = new Hono<AppEnv>();
checkoutRoutes.use(sessionMiddleware);
/** POST /api/payments/portal */
export const paymentPortalRoutes = new Hono<AppEnv>();
paymentPortalRoutes.use(sessionMiddleware);

const checkoutBody = z.object({
  packageID: z.string().min(1).max(100),
  priceID: z.string().min(1).max(100),
});

const portalBody = z.object({
  returnURL: z.string().max(2048).optional(),
  customerID: z.string().max(255).optional(),
});

async function jsonBody(c: { req: { json: () => Promise<unknown> } }): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return null;
  }
}

checkoutRoutes.post("/", async (c) => {
  c.header("Cache-Control", "private, no-store");
  const user = c.get("user");
  if (!user) throw new ApiError(401, "NOT_LOGGED_IN", "Not logged in");
  if (user.blocked) {
    const refusal = PLAYBACK_REFUSALS[user.blockedReason === "country" ? "COUNTRY_BLOCKED" : "BLOCKED"];
    throw new ApiError(403, refusal.code, refusal.detail);
  }
  const body = checkoutBody.safeParse(await jsonBody(c));
  if (!body.success) throw new ApiError(400, "INVALID_INPUT", "packageID and priceID are required");
  const db = c.env.DB;
  const price = await offeredPrice(db, body.data.priceID, body.data.packageID);
  if (!price) throw new ApiError(400, "INVALID_PRICE", "That price is not on offer");
  if (holdsEntitlement(user.entitlements, price.entitlements)) {
    throw new ApiError(409, "ALREADY_ENTITLED", "You already hold this package");
  }
  const account = await findAccount(db, user.ssoID);
  if (!account) throw new ApiError(401, "NOT_LOGGED_IN", "Not logged in");
  const config = paymentsConfigOf(c.env);
  const origin = siteOriginOf(c.env, c.req.url);
  const request = checkoutRequest(price, { ssoID: user.ssoID, email: user.email, stripeCustomerID: user.stripeCustomerID }, origin);
  const mode = request.mode === "subscription" ? "subscription" : "payment";

  if (config.secretKey) {
    try {
      const session = await stripeClient({ ...config, secretKey: config.secretKey }).checkout.sessions.create(request);
      // (a hosted session always has its page; an embedded one would not, and is never asked for)
      if (!session.url) throw new Error(`checkout session ${session.id} has no url`);
      await insertPendingPurchase(db, { accountId: account.id, packageId: price.packageId, priceId: price.priceId, mode, sessionId: session.id }).run();
      return c.json<CheckoutAnswer>({ id: session.id, url: session.url });
    } catch (error) {
      console.error(JSON.stringify({ msg: "checkout failed", requestId: c.get("requestId"), error: String(error) }));
      throw new ApiError(502, "CHECKOUT_UNAVAILABLE", CHECKOUT_UNAVAILABLE_ALERT);
    }
  }
  if (config.devCheckout) {
    // The dev checkout keeps its session as the pending purchase; the page reads it back from D1.
    const id = `cs_dev_${crypto.randomUUID().replaceAll("-", "")}`;
    await insertPendingPurchase(db, { accountId: account.id, packageId: price.packageId, priceId: price.priceId, mode, sessionId: id }).run();
    return c.json<CheckoutAnswer>({ id, url: `${DEV_PAYMENTS_PATH}/checkout/${id}` });
  }
  console.error(JSON.stringify({ msg: "checkout unavailable: STRIPE_SECRET_KEY is not set", requestId: c.get("requestId") }));
  throw new ApiError(503, "CHECKOUT_UNAVAILABLE", CHECKOUT_UNAVAILABLE_ALERT);
});

/** The portal's return address: a same-site URL (absolute on this origin, or a path), else the home page. */
export function portalReturnUrl(origin: string, input: string | undefined): string {
  let path = input ?? "/";
  if (/^https?:\/\//i.test(path)) {
    const url = new URL(path);
    path = url.origin === origin ? url.pathname + url.search + url.hash : "/";
  }
  return new URL(safeReturnUrl(path), origin).toString();
}

paymentPortalRoutes.post("/portal", async (c) => {
  c.header("Cache-Control", "private, no-store");
  const user = c.get("user");
  if (!user) throw new ApiError(401, "NOT_LOGGED_IN", "Not logged in");
  const body = portalBody.safeParse((await jsonBody(c)) ?? {});
  if (!body.success) throw new ApiError(400, "INVALID_INPUT", "returnURL must be a URL on this site");
  // Only the signed-in account's own customer: a body naming another is refused, never followed.
  if (body.data.customerID !== undefined && body.data.customerID !== user.stripeCustomerID) {
    throw new ApiError(403, "FORBIDDEN", "You can only manage your own subscriptions");
  }
  if (!user.stripeCustomerID) throw new ApiError(404, "NO_STRIPE_CUSTOMER", NO_SUBSCRIPTIONS_MESSAGE);
  const origin = siteOriginOf(c.env, c.req.url);
  const returnUrl = portalReturnUrl(origin, body.data.returnURL);
  const config = paymentsConfigOf(c.env);
  if (config.secretKey) {
    try {
      const session = await stripeClient({ ...config, secretKey: config.secretKey }).billingPortal.sessions.create({
        customer: user.stripeCustomerID,
        return_url: returnUrl,
      });
      return c.json<PortalAnswer>({ url: session.url });
    } catch (error) {
      console.error(JSON.stringify({ msg: "portal failed", requestId: c.get("requestId"), error: String(error) }));
      throw new ApiError(502, "PORTAL_UNAVAILABLE", "The subscription portal is not available, please try again");
    }
  }
  if (config.devCheckout) {
    const returnPath = new URL(returnUrl).pathname + new URL(returnUrl).search;
    return c.json<PortalAnswer>({ url: `${DEV_PAYMENTS_PATH}/portal?return=${encodeURIComponent(returnPath)}` });
  }
  throw new ApiError(503, "PORTAL_UNAVAILABLE", "The subscription portal is not available, please try again");
});
