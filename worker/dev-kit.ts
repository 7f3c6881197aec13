import { installDevelopmentKit, type DevelopmentKit } from "./development";
import { DEV_DEFAULTS, DEV_STRIPE_WEBHOOK_SECRET } from "./dev-secrets";
import { devPortal } from "./dev-portal/app";
import { createDevProvider } from "./dev-portal/dev-provider";
import { devPayments, sendDueDevDeletions } from "./payments/dev-payments";
import { DEV_STATE_PATH, devState } from "./dev-state/d1-route";
import { wasmResizer } from "./dev-media/wasm-resizer";
import { devPromoCatalogue, devStripeCatalogue } from "./payments/dev-payments-catalogue";
import { devPaymentActions } from "./payments/dev-payments-actions";

/**
 * The development build's additions (worker/development.ts), installed as soon as this module is
 * evaluated. Imported first by the development entry (worker/dev-index.ts) and by the worker tests'
 * setup, so the kit is there before worker/app.ts mounts its routes. Nothing in the production
 * entry's import graph reaches this module.
 */
export const developmentKit: DevelopmentKit = {
  defaults: DEV_DEFAULTS,
  stripeWebhookSecret: DEV_STRIPE_WEBHOOK_SECRET,
  portal: devPortal,
  payments: devPayments,
  state: { path: DEV_STATE_PATH, routes: devState },
  createProvider: createDevProvider,
  sendDueDeletions: sendDueDevDeletions,
  photoResizer: wasmResizer,
  stripeCatalogue: devStripeCatalogue,
  promoCatalogue: devPromoCatalogue,
  paymentActions: devPaymentActions,
};

installDevelopmentKit(developmentKit);
