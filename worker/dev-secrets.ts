import devAdminToken from "./dev-admin-token.json";
import devTranscoderToken from "./dev-transcoder-token.json";
import devIngestToken from "./dev-ingest-token.json";

/**
 * Every secret written in this repository: development and test only, imported by the development
 * build alone (worker/dev-kit.ts). Production knows them only by digest (worker/known-secrets.ts)
 * and refuses them as secrets.
 */
export const DEV_DEFAULTS = {
  SESSION_SECRET: "dev-only-session-secret-northbridge-rovers-0123456789",
  DEV_SSO_SECRET: "dev-only-sso-signing-secret-northbridge-rovers-0123456789",
  SSO_ISSUER: "rovers-dev-sso",
  SSO_AUDIENCE: "northbridge-rovers-site",
} as const;

/** Signs the dev checkout's webhook events (worker/payments/dev-payments.ts). */
export const DEV_STRIPE_WEBHOOK_SECRET = "whsec_dev_only_northbridge_rovers_0123456789abcdef";

/** The admin token `npm run dev` passes and prints (scripts/dev.mjs reads the same JSON file). */
export const DEV_ADMIN_TOKEN: string = devAdminToken.DEV_ADMIN_TOKEN;

/** The transcoder token `npm run dev` passes to the worker and to its transcoder (scripts/run-command.mjs reads the same JSON file). */
export const DEV_TRANSCODER_TOKEN: string = devTranscoderToken.DEV_TRANSCODER_TOKEN;

/** The ingest token `npm run dev` passes to the worker and to its ingest service (scripts/run-command.mjs reads the same JSON file). */
export const DEV_INGEST_TOKEN: string = devIngestToken.DEV_INGEST_TOKEN;
