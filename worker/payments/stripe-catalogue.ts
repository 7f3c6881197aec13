import { installedDevelopmentKit, type StripeCatalogue } from "../development";
import type { AppEnv } from "../env";
import { paymentsConfigOf, stripeClient } from "./config";

export type { StripeCatalogue };

/**
 * Stripe's catalogue as the console's match passes and packages use it: a Product per package, a Price per amount
 * (Stripe's prices are immutable: a new amount is a new Price and the old one archived), and the
 * archive of both. With STRIPE_SECRET_KEY it is Stripe's API (the worker tests point it at their
 * stand-in); in development and test without a key it is the dev checkout's own mirror
 * (worker/payments/dev-payments-catalogue.ts, from the development kit), so the console and the dev
 * checkout run the same code path offline. Anywhere else: null, and the console answers 503.
 */
export function stripeCatalogueOf(env: AppEnv["Bindings"]): StripeCatalogue | null {
  const config = paymentsConfigOf(env);
  if (config.secretKey) {
    const stripe = stripeClient({ ...config, secretKey: config.secretKey });
    return {
      async createProduct({ name, description, packageId, matchId }) {
        const product = await stripe.products.create({ name, description, metadata: { packageID: packageId, ...(matchId === undefined ? {} : { matchID: String(matchId) }) } });
        return { id: product.id };
      },
      async updateProduct(id, { name }) {
        await stripe.products.update(id, { name });
      },
      async createPrice({ product, amountPence, packageId, interval }) {
        const price = await stripe.prices.create({ product, unit_amount: amountPence, currency: "gbp", metadata: { packageID: packageId }, ...(interval ? { recurring: { interval } } : {}) });
        return { id: price.id };
      },
      async archivePrice(id) {
        await stripe.prices.update(id, { active: false });
      },
      async archiveProduct(id) {
        await stripe.products.update(id, { active: false });
      },
    };
  }
  if (config.devCheckout) return installedDevelopmentKit()?.stripeCatalogue(env.DB) ?? null;
  return null;
}
