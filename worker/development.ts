import type { Hono } from "hono";
import type { AuthProvider, ProviderDeps } from "./auth/providers/types";
import { installDevProvider } from "./auth/providers";
import { setDevelopmentSettings, type DevelopmentSettings, type AppEnv } from "./env";
import type { PhotoResizer } from "../src/schemas/media";

/**
 * What only the development build has. The production entry (worker/index.ts, wrangler.toml's
 * `main`) never imports a development module, so `wrangler deploy` bundles none of this: no dev
 * login portal, no dev checkout, no state route for the tests, no demo accounts or their password,
 * no built-in secret. The development entry (worker/dev-index.ts: `npm run dev`, the e2e suite,
 * the bench, the worker tests) installs the kit (worker/dev-kit.ts) before the app is built.
 *
 * Without a kit the worker is production whatever ENVIRONMENT says (worker/env.ts): one wrong
 * variable cannot bring the development features back, because their code is not there.
 */
export interface DevelopmentKit extends DevelopmentSettings {
  /** The embedded login portal (AUTH_PROVIDER=dev), mounted at /sso. */
  portal: Hono<AppEnv>;
  /** The embedded dev checkout and subscription portal, mounted at /dev-payments. */
  payments: Hono<AppEnv>;
  /**
   * The state route the e2e tests read and write D1 through (worker/dev-state/d1-route.ts), with
   * the path to mount it at: the path too stays out of the production bundle.
   */
  state: { path: string; routes: Hono<AppEnv> };
  /** The sign-in provider of the embedded portal. */
  createProvider(deps: ProviderDeps): AuthProvider;
  /** The dev checkout's offline mirror of Stripe's catalogue, for the console's match passes. */
  stripeCatalogue(db: D1Database): StripeCatalogue;
  /** The dev checkout's offline mirror of Stripe's coupons and promotion codes, for the console's promo codes. */
  promoCatalogue(db: D1Database): PromoCatalogue;
  /** The dev checkout's stand-in for Stripe's refunds and cancellations, for supporter care. */
  paymentActions(env: Env): PaymentActions;
  /** Resizes the media library's photos offline (WebAssembly codecs), where production uses the Images binding. */
  photoResizer: PhotoResizer;
}

/**
 * Stripe's catalogue as the console uses it for match passes and packages
 * (worker/payments/stripe-catalogue.ts chooses Stripe's API or the dev checkout's mirror): a
 * Product per package, a Price per amount and way of paying (`interval` for a subscription's), and
 * their archive. Declared here so the kit can name it without the kit's folder reaching payments.
 */
export interface StripeCatalogue {
  createProduct(input: { name: string; description: string; packageId: string; matchId?: number }): Promise<{ id: string }>;
  updateProduct(id: string, input: { name: string }): Promise<void>;
  createPrice(input: { product: string; amountPence: number; packageId: string; interval?: "month" | "year" | null }): Promise<{ id: string }>;
  archivePrice(id: string): Promise<void>;
  archiveProduct(id: string): Promise<void>;
}

/**
 * Stripe's coupons and promotion codes as the console's promo codes use them
 * (worker/payments/stripe-promotions.ts chooses Stripe's API or the dev checkout's mirror): a coupon
 * per code (the discount and how long it lasts), its promotion code (the text typed at checkout,
 * with its own limits), the coupon's removal when its code could not be made, and deactivation.
 * A refusal throws an Error whose message is Stripe's reason.
 */
export interface PromoCatalogue {
  createCoupon(input: {
    percentOff: number | null;
    amountOffPence: number | null;
    duration: "once" | "repeating" | "forever";
    durationInMonths: number | null;
    maxRedemptions: number | null;
    /** unix seconds */
    redeemBy: number | null;
    name: string;
  }): Promise<{ id: string }>;
  createPromotionCode(input: { coupon: string; code: string; firstTimeOnly: boolean; maxRedemptions: number | null; expiresAt: number | null }): Promise<{ id: string }>;
  deleteCoupon(id: string): Promise<void>;
  deactivatePromotionCode(id: string): Promise<void>;
}

/**
 * What supporter care asks of Stripe (worker/payments/payment-actions.ts chooses Stripe's API or
 * the dev checkout's stand-in): refund a payment, whole or in part, and cancel a subscription now
 * or at its period end. Either way Stripe's webhook events then change the account, as when the
 * same is done in Stripe's dashboard.
 */
export interface PaymentActions {
  refund(input: { paymentIntent: string; amountPence: number; paidPence: number; refundedPence: number }): Promise<{ id: string }>;
  cancelSubscription(input: { id: string; when: "now" | "period-end" }): Promise<void>;
}

let installed: DevelopmentKit | null = null;

/** Called once by worker/dev-kit.ts; the worker tests also take it away to run as the production build. */
export function installDevelopmentKit(kit: DevelopmentKit | null): void {
  installed = kit;
  // worker/env.ts keeps its own reference to the built-in values, so it imports nothing from here.
  setDevelopmentSettings(kit);
  installDevProvider(kit ? (deps) => kit.createProvider(deps) : null);
}

/** The installed kit: null in the production build. Settings carry its built-in values (`settingsOf(env).development`). */
export function installedDevelopmentKit(): DevelopmentKit | null {
  return installed;
}
