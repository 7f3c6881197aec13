import Stripe from "stripe";
import { settingsOf } from "../env";
import { isRepositorySecret } from "../known-secrets";

/**
 * What payments may use in this environment. Production is the default: there the
 * webhook needs STRIPE_WEBHOOK_SECRET and checkout needs STRIPE_SECRET_KEY, and without them
 * they are simply unavailable (never the dev checkout, never a built-in secret).
 * In development and test, without a key, the embedded dev checkout stands in for Stripe and
 * signs its webhooks with the development build's built-in secret (worker/development.ts).
 */

export interface PaymentsConfig {
  /** verifies /webhooks/stripe; null: the webhook answers 503 */
  webhookSecret: string | null;
  /** Stripe's API; null: no real checkout or portal */
  secretKey: string | null;
  /** development and test without a key: the embedded dev checkout and portal */
  devCheckout: boolean;
  /** another base URL for Stripe's API (the worker tests' local stand-in); development and test only */
  apiUrl: string | null;
}

export function paymentsConfigOf(env: object): PaymentsConfig {
  const settings = settingsOf(env);
  const { secretKey, webhookSecret, apiUrl } = settings.stripe;
  if (!settings.development) {
    return { webhookSecret: webhookSecret !== null && isRepositorySecret(webhookSecret) ? null : webhookSecret, secretKey, devCheckout: false, apiUrl: null };
  }
  return { webhookSecret: webhookSecret ?? settings.development.stripeWebhookSecret, secretKey, devCheckout: secretKey === null, apiUrl };
}

/** The one Stripe client: fetch-based (workerd has no Node http), pointed at apiUrl in tests. */
export function stripeClient(config: PaymentsConfig & { secretKey: string }): Stripe {
  const base = config.apiUrl ? new URL(config.apiUrl) : null;
  return new Stripe(config.secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 1,
    ...(base
      ? { host: base.hostname, port: Number(base.port || (base.protocol === "https:" ? 443 : 80)), protocol: base.protocol === "https:" ? "https" : "http" }
      : {}),
  });
}

/** Web Crypto for signatures (workerd has no Node crypto HMAC in the SDK's default path). */
export const stripeCrypto = Stripe.createSubtleCryptoProvider();
