import { z } from "zod";
import type { SecureHeadersVariables } from "hono/secure-headers";
import type { RequestIdVariables } from "hono/request-id";
import type { SessionUser } from "../src/schemas/session-user";
import type { StaffRole } from "../src/domain/staff-roles";
import { DEFAULT_SOCKETS_PER_ADDRESS, DEFAULT_SOCKETS_PER_ROOM, type SocketLimits } from "../src/domain/match-socket";
import { isRepositorySecret } from "./known-secrets";
import secretNames from "./secret-names.json";

/**
 * The worker's whole environment (vars, secrets, bindings), parsed once per env object with zod.
 * Everything else reads settings through `settingsOf(env)`, never `env.SOME_VAR` directly.
 *
 * Production is the default: ENVIRONMENT is development or test only when it says exactly that
 * (`npm run dev`, the e2e suite, the bench and the worker tests set it themselves) and the worker
 * is the development build (worker/dev-index.ts, worker/development.ts); anything else, absent
 * included, is production. The top-level wrangler.toml, which `wrangler deploy` ships, sets
 * neither ENVIRONMENT nor any secret, and its entry (worker/index.ts) is the production build.
 *
 * Bindings and the site-wide vars must parse or nothing works (a clear error at the first
 * request). The sign-in settings are parsed separately: when they are missing or malformed the
 * public pages still work and only sign-in answers 503 AUTH_NOT_CONFIGURED (worker/auth/config.ts).
 */
export type Environment = "development" | "test" | "production";

const binding = <T>(name: string) =>
  z.custom<T>((value) => typeof value === "object" && value !== null, `the ${name} binding is missing`);

const optionalText = z.string().min(1).optional();
const optionalUrl = z.url({ protocol: /^https?$/ }).optional();
const cookieName = (fallback: string) => z.string().regex(/^[A-Za-z0-9_.-]+$/).default(fallback);

/** Bindings of wrangler.toml (types from `npm run cf-typegen`, worker-configuration.d.ts) and site-wide vars. */
const siteSchema = z.object({
  DB: binding<Env["DB"]>("DB"),
  CACHE: binding<Env["CACHE"]>("CACHE"),
  ASSETS: binding<Env["ASSETS"]>("ASSETS"),
  STREAM_SESSIONS: binding<Env["STREAM_SESSIONS"]>("STREAM_SESSIONS"),
  MATCH_ROOMS: binding<Env["MATCH_ROOMS"]>("MATCH_ROOMS"),
  /** The media library's R2 bucket; without it the library answers 503 MEDIA_NOT_CONFIGURED and the rest of the site works. */
  MEDIA: z.custom<R2Bucket>((v) => typeof v === "object" && v !== null && "put" in v).optional(),
  /** The Workers Images binding: production's resizer of library photos (the development build brings its own). */
  IMAGES: z.custom<ImagesBinding>((v) => typeof v === "object" && v !== null && "input" in v).optional(),
  ENVIRONMENT: z.unknown().optional().transform((v): Environment => (v === "development" || v === "test" ? v : "production")),
  /** The site's own origin (https://www.example.com); default: the request's origin. */
  SITE_ORIGIN: optionalUrl,
  /** Bearer token of /api/admin/*; the admin API does not exist (404) without it, or with one under 24 characters. */
  ADMIN_TOKEN: z.string().optional(),
  /** Bearer token of /api/transcoder/* (the transcoders' job API); the API does not exist (404) without it, or with one under 24 characters. */
  TRANSCODER_TOKEN: z.string().optional(),
  /** Bearer token of /api/ingest/* (the live ingest service's API) and the key stream keys are derived from; the API does not exist (404) without it, or with one under 24 characters. */
  INGEST_TOKEN: z.string().optional(),
  /** The host encoders push SRT to (the ingest service's public name); default: the site's host. */
  INGEST_HOST: z.string().regex(/^[A-Za-z0-9.-]{1,253}$/).optional(),
  /** The ingest service's first SRT port: an event listens on this plus its slot. */
  INGEST_SRT_BASE_PORT: z.coerce.number().int().min(1024).max(60000).default(9000),
  /** The ingest service's RTMP port, one for all events (the stream key picks the event). */
  INGEST_RTMP_PORT: z.coerce.number().int().min(1).max(65535).default(1935),
  /** Live streams one account may hold at once (bypassed accounts are exempt); default 2. */
  STREAM_CONCURRENCY_LIMIT: z.coerce.number().int().min(1).max(20).default(2),
  /** Match centre sockets one address may hold in one match room, and one room holds (src/domain/match-socket.ts has the defaults). */
  MATCH_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_SOCKETS_PER_ADDRESS),
  MATCH_SOCKETS_PER_ROOM: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_SOCKETS_PER_ROOM),
  /** Stripe (worker/payments/config.ts): secret API key, webhook signing secret, and an API base URL for tests. */
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_URL: optionalUrl,
  /** Workers Analytics Engine dataset for tracking events (worker/events/event-store.ts); without it, D1. */
  EVENTS: z.custom<AnalyticsEngineDataset>((v) => typeof v === "object" && v !== null && "writeDataPoint" in v).optional(),
});

/** Sign-in: provider, secrets, portal URLs (spec §7). Checked further in worker/auth/config.ts. */
export const AUTH_PROVIDERS = ["dev", "login-portal", "sports-alliance", "green"] as const;
export type AuthProviderKind = (typeof AUTH_PROVIDERS)[number];

const authSchema = z.object({
  AUTH_PROVIDER: z.enum(AUTH_PROVIDERS).optional(),
  /** Signs the site session cookie and the sign-in state cookie. */
  SESSION_SECRET: optionalText,
  SSO_ISSUER: optionalText,
  SSO_AUDIENCE: optionalText,
  SSO_CLIENT_ID: optionalText,
  /** Shared secret of HMAC-signed login tokens (HS*). */
  SSO_JWT_SECRET: optionalText,
  /** JWKS of asymmetrically signed login tokens (RS*, PS*, ES*, EdDSA). */
  SSO_JWKS_URL: optionalUrl,
  /** Comma-separated list, e.g. "RS256"; default HS256 with a secret, RS256 with a JWKS. */
  SSO_JWT_ALGORITHMS: optionalText,
  SSO_LOGIN_URL: optionalUrl,
  SSO_REGISTER_URL: optionalUrl,
  SSO_PROFILE_URL: optionalUrl,
  SSO_FORGOT_PASSWORD_URL: optionalUrl,
  SSO_API_BASE_URL: optionalUrl,
  SSO_AUTH_COOKIE: cookieName("auth_string"),
  SSO_REFRESH_URL: optionalUrl,
  SSO_SESSION_URL: optionalUrl,
  SSO_USER_AGENT_PASS: optionalText,
  SSO_SESSION_COOKIE: cookieName("sa_session_id"),
  SSO_AUTH_URL: optionalUrl,
  SSO_CLIENT_SECRET: optionalText,
  SSO_DIRECT_LOGIN_URL: optionalUrl,
  SSO_AUTHENTICATE_USER_URL: optionalUrl,
  /** Signs the embedded dev portal's tokens (development and test only). */
  DEV_SSO_SECRET: optionalText,
});
export type AuthSettings = z.output<typeof authSchema>;

/**
 * The settings above that are secrets: set with `wrangler secret put`, never written in
 * wrangler.toml, where `npm run check:deploy` refuses them. The names are in
 * worker/secret-names.json, which scripts/check-deploy.mjs reads too; each must name a setting.
 */
type SettingName = keyof z.input<typeof siteSchema> | keyof z.input<typeof authSchema>;
const isSettingName = (name: string): name is SettingName => Object.hasOwn(siteSchema.shape, name) || Object.hasOwn(authSchema.shape, name);

export const SECRET_SETTINGS: readonly SettingName[] = secretNames.map((name) => {
  if (!isSettingName(name)) throw new Error(`worker/secret-names.json: ${name} is not a setting`);
  return name;
});

export const ADMIN_TOKEN_MIN = 24;

/**
 * What settings need of the development build's kit (worker/development.ts): its built-in values.
 * Plain data and one function, so this module, which everything reads, depends on no feature.
 */
export interface DevelopmentSettings {
  /** Built-in values development and test use when they are not set. */
  defaults: {
    SESSION_SECRET: string;
    DEV_SSO_SECRET: string;
    SSO_ISSUER: string;
    SSO_AUDIENCE: string;
  };
  /** Signs the dev checkout's webhook events when STRIPE_WEBHOOK_SECRET is not set. */
  stripeWebhookSecret: string;
  /** The deletions Stripe would send for the dev portal's subscriptions whose period is over. */
  sendDueDeletions(env: Env, ssoID?: string | null): Promise<number>;
}

let installedKit: DevelopmentSettings | null = null;

/** Called by worker/development.ts's installDevelopmentKit only. */
export function setDevelopmentSettings(kit: DevelopmentSettings | null): void {
  installedKit = kit;
}

export interface Settings {
  environment: Environment;
  /** development or test: the only environments with built-in secrets, the dev portal and demo accounts */
  isDevelopment: boolean;
  /** the development build's kit in development and test; null in production (and always in the production build) */
  development: DevelopmentSettings | null;
  /** the configured public origin, or null (then the request's own origin is used) */
  siteOrigin: string | null;
  adminToken: string | null;
  /** the transcoders' bearer token (worker/video-pipeline/transcoder-routes.ts), or null: no job API */
  transcoderToken: string | null;
  /** the live ingest service's bearer token (worker/live-ingest/ingest-routes.ts), or null: no ingest API and no stream keys */
  ingestToken: string | null;
  /** where encoders push: the ingest service's public host (null: the site's), first SRT port and RTMP port */
  ingest: { host: string | null; srtBasePort: number; rtmpPort: number };
  /** live streams one account may hold at once (durable-objects/StreamSessions.ts) */
  streamConcurrencyLimit: number;
  matchSockets: SocketLimits;
  bindings: Pick<Env, "DB" | "CACHE" | "ASSETS" | "STREAM_SESSIONS" | "MATCH_ROOMS">;
  /** Stripe's raw settings; worker/payments/config.ts decides what each environment may use */
  stripe: { secretKey: string | null; webhookSecret: string | null; apiUrl: string | null };
  /** the media library's bucket and production's resizer, each null when not bound */
  media: { bucket: R2Bucket | null; images: ImagesBinding | null };
  /** the Analytics Engine dataset tracking events go to, or null (then D1) */
  eventsDataset: AnalyticsEngineDataset | null;
  /** the sign-in settings, or why they do not parse */
  auth: { ok: true; value: AuthSettings } | { ok: false; problem: string };
}

export class EnvError extends Error {
  override name = "EnvError";
}

const issuesOf = (error: z.ZodError) => error.issues.map((i) => `${i.path.join(".") || "env"}: ${i.message}`).join("; ");

/** Parses an env object (the worker's, or a test's); throws EnvError when bindings or site vars are wrong. */
export function parseSettings(env: object): Settings {
  const site = siteSchema.safeParse(env);
  if (!site.success) throw new EnvError(`Invalid worker environment: ${issuesOf(site.error)}`);
  const auth = authSchema.safeParse(env);
  const s = site.data;
  // The production build has no development kit: there ENVIRONMENT=development changes nothing.
  const kit = installedKit;
  const environment: Environment = kit ? s.ENVIRONMENT : "production";
  return {
    environment,
    isDevelopment: environment !== "production",
    development: environment !== "production" ? kit : null,
    siteOrigin: s.SITE_ORIGIN ? new URL(s.SITE_ORIGIN).origin : null,
    adminToken: adminTokenOf(s.ADMIN_TOKEN, environment),
    transcoderToken: adminTokenOf(s.TRANSCODER_TOKEN, environment),
    ingestToken: adminTokenOf(s.INGEST_TOKEN, environment),
    ingest: { host: s.INGEST_HOST ?? null, srtBasePort: s.INGEST_SRT_BASE_PORT, rtmpPort: s.INGEST_RTMP_PORT },
    streamConcurrencyLimit: s.STREAM_CONCURRENCY_LIMIT,
    matchSockets: { perAddress: s.MATCH_SOCKETS_PER_ADDRESS, perRoom: s.MATCH_SOCKETS_PER_ROOM },
    stripe: { secretKey: s.STRIPE_SECRET_KEY ?? null, webhookSecret: s.STRIPE_WEBHOOK_SECRET ?? null, apiUrl: s.STRIPE_API_URL ?? null },
    eventsDataset: s.EVENTS ?? null,
    media: { bucket: s.MEDIA ?? null, images: s.IMAGES ?? null },
    bindings: { DB: s.DB, CACHE: s.CACHE, ASSETS: s.ASSETS, STREAM_SESSIONS: s.STREAM_SESSIONS, MATCH_ROOMS: s.MATCH_ROOMS },
    auth: auth.success ? { ok: true, value: auth.data } : { ok: false, problem: issuesOf(auth.error) },
  };
}

/**
 * A bearer token (admin, transcoder, ingest) when long enough and, in production, not one of the
 * repository's secrets (the tokens `npm run dev` passes): else its API does not exist.
 */
function adminTokenOf(token: string | undefined, environment: Environment): string | null {
  if (token === undefined || token.length < ADMIN_TOKEN_MIN) return null;
  if (environment === "production" && isRepositorySecret(token)) return null;
  return token;
}

const cache = new WeakMap<object, Settings>();

/** The settings of this env object, parsed on first use and then cached. */
export function settingsOf(env: object): Settings {
  let settings = cache.get(env);
  if (!settings) {
    settings = parseSettings(env);
    cache.set(env, settings);
  }
  return settings;
}

/** The site's public origin: SITE_ORIGIN when set, else the origin of the request. */
export function siteOriginOf(env: object, requestUrl: string): string {
  return settingsOf(env).siteOrigin ?? new URL(requestUrl).origin;
}

/** The site session behind `c.var.user` (what logout revokes). */
export interface SessionInfo {
  sid: string;
  ssoID: string;
  provider: AuthProviderKind;
  /** unix seconds when the cookie expires */
  exp: number;
}

/**
 * What one request carries beside the bindings. Each is set by the middleware that owns it, and
 * only on the routes behind it; elsewhere it is undefined, whatever its type says:
 * - user, session, authNotice, staffRoles: worker/auth/session-middleware.ts, on the routes that read
 *   the user. `authNotice` is 'LOGIN_FAILED' when this request ended a session because the provider
 *   refused to refresh it (spec §8 'There was a problem logging in'), so /api/session can say why;
 *   `staffRoles` are the console's roles (none for a supporter), never sent to the browser.
 * - adminActor, auditAction, auditTarget, auditDetail: the admin API's audit (worker/club-api/routes.ts).
 */
export type RequestVariables = SecureHeadersVariables &
  RequestIdVariables & {
    user: SessionUser | null;
    session: SessionInfo | null;
    authNotice: "LOGIN_FAILED" | null;
    staffRoles: readonly StaffRole[];
    adminActor: string;
    auditAction: string;
    auditTarget: string | null;
    auditDetail: unknown;
  };

/** The one Hono environment of every app, sub-app, middleware and handler of the worker. */
export type AppEnv = { Bindings: Env; Variables: RequestVariables };

declare module "hono" {
  interface ContextRenderer {
    (children: React.ReactElement): Response | Promise<Response>;
  }
}
