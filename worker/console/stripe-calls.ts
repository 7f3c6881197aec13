import type { Context } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../http/api-error";
import { stripeCatalogueOf, type StripeCatalogue } from "../payments/stripe-catalogue";

/**
 * The console's calls to Stripe's catalogue (match passes, packages): Stripe first, D1 after, so a
 * Stripe failure leaves nothing written (502), and the cleanup after a write D1 refused is best
 * effort, logged, never the answer.
 */
type Ctx = Context<AppEnv>;

export function catalogue(c: Ctx): StripeCatalogue {
  const found = stripeCatalogueOf(c.env);
  if (!found) throw new ApiError(503, "CATALOGUE_UNAVAILABLE", "Stripe is not configured: nothing can be sold");
  return found;
}

/** A call to Stripe, its failure answered as 502 (nothing in D1 is written before it succeeds). */
export async function stripeCall<T>(c: Ctx, step: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    console.error(JSON.stringify({ msg: "stripe catalogue call failed", step, requestId: c.get("requestId"), error: String(error) }));
    throw new ApiError(502, "STRIPE_FAILED", "Stripe did not answer: nothing was changed, please try again");
  }
}

/** Cleanup after a write that lost (D1 refused it): best effort, logged, never the answer. */
export async function stripeCleanup(c: Ctx, step: string, call: () => Promise<void>) {
  await call().catch((error: unknown) => console.error(JSON.stringify({ msg: "stripe catalogue cleanup failed", step, requestId: c.get("requestId"), error: String(error) })));
}
