import { z } from "zod";

/**
 * Sign-in configuration (spec §1, §7): which provider, where it lives, and the secrets that sign
 * and verify tokens. Parsed once per env object with zod, so a missing or malformed value is one
 * clear error at the first request instead of a confusing failure deep inside a sign-in.
 *
 * Dev secrets have embedded defaults only when ENVIRONMENT is development or test; in production
 * every secret must be set (`wrangler secret put ...`).
 */

export const AUTH_PROVIDERS = ["dev", "login-portal", "sports-alliance", "green"] as const;
export type AuthProviderKind = (typeof AUTH_PROVIDERS)[number];

/** Algorithms a login token may be signed with; 'none' is never among them. */
const JWT_ALGORITHMS = ["HS256", "HS384", "HS512", "RS256", "RS384", "RS512", "PS256", "ES256", "ES384", "EdDSA"] as const;
export type JwtAlgorithm = (typeof JWT_ALGORITHMS)[number];

/** Embedded defaults, usable only in development and test (never in production). */
export const DEV_DEFAULTS = {
  SESSION_SECRET: "dev-only-session-secret-northbridge-rovers-0123456789",
  DEV_SSO_SECRET: "dev-only-sso-signing-secret-northbridge-rovers-0123456789",
  SSO_ISSUER: "rovers-dev-sso",
  SSO_AUDIENCE: "northbridge-rovers-site",
  SSO_CLIENT_ID: "northbridge-rovers-site",
} as const;

const optionalUrl = z.url({ protocol: /^https?$/ }).optional();
const optionalText = z.string().min(1).optional();
const boolFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const rawSchema = z.object({
  ENVIRONMENT: z.enum(["development", "test", "production"]).default("development"),
  AUTH_PROVIDER: z.enum(AUTH_PROVIDERS).default("dev"),
  /** The site's own origin (https://www.example.com); default: the request's origin. */
  SITE_ORIGIN: optionalUrl,
  /** Signs the site session cookie and the sign-in state cookie. */
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  /** Direct username/password login (spec §9: off by default). */
  DIRECT_LOGIN: boolFlag,
  /** Bearer token of /api/admin/*; the admin API does not exist (404) without it. */
  ADMIN_TOKEN: z.string().min(24, "ADMIN_TOKEN must be at least 24 characters").optional(),

  // Token verification (every provider): issuer, audience, key, pinned algorithms.
  SSO_ISSUER: optionalText,
  SSO_AUDIENCE: optionalText,
  SSO_CLIENT_ID: optionalText,
  /** Shared secret of HMAC-signed login tokens (HS*). */
  SSO_JWT_SECRET: z.string().min(32, "SSO_JWT_SECRET must be at least 32 characters").optional(),
  /** JWKS of asymmetrically signed login tokens (RS*, PS*, ES*, EdDSA). */
  SSO_JWKS_URL: optionalUrl,
  /** Comma-separated list, e.g. "RS256"; default HS256 with a secret, RS256 with a JWKS. */
  SSO_JWT_ALGORITHMS: optionalText,

  // Pages of the portal the browser is sent to.
  SSO_LOGIN_URL: optionalUrl,
  SSO_REGISTER_URL: optionalUrl,
  SSO_PROFILE_URL: optionalUrl,
  SSO_FORGOT_PASSWORD_URL: optionalUrl,

  // login-portal: GET /api/authenticated, GET /api/refresh, POST /api/sign_out, POST /api/cookie-auth
  SSO_API_BASE_URL: optionalUrl,
  SSO_AUTH_COOKIE: z.string().regex(/^[A-Za-z0-9_.-]+$/).default("auth_string"),

  // sports-alliance: refresh endpoint (refresh_token, user_agent_pass) and session endpoint (session id cookie)
  SSO_REFRESH_URL: optionalUrl,
  SSO_SESSION_URL: optionalUrl,
  SSO_USER_AGENT_PASS: optionalText,
  SSO_SESSION_COOKIE: z.string().regex(/^[A-Za-z0-9_.-]+$/).default("sa_session_id"),

  // green: GET auth endpoint with code and redirect_uri
  SSO_AUTH_URL: optionalUrl,
  SSO_CLIENT_SECRET: optionalText,

  // direct login through an SSO helper (authenticate-user call), external providers only
  SSO_DIRECT_LOGIN_URL: optionalUrl,

  // dev: the embedded portal at /sso/*
  DEV_SSO_SECRET: z.string().min(32, "DEV_SSO_SECRET must be at least 32 characters").optional(),
});

export interface TokenVerification {
  issuer: string;
  audience: string;
  algorithms: JwtAlgorithm[];
  key: { kind: "secret"; secret: string } | { kind: "jwks"; url: string };
}

export interface AuthConfig {
  environment: "development" | "test" | "production";
  provider: AuthProviderKind;
  siteOrigin: string | null;
  sessionSecret: string;
  directLogin: boolean;
  adminToken: string | null;
  clientId: string;
  verification: TokenVerification;
  urls: {
    login: string | null;
    register: string | null;
    profile: string | null;
    forgotPassword: string | null;
    apiBase: string | null;
    refresh: string | null;
    session: string | null;
    auth: string | null;
    directLogin: string | null;
  };
  authCookie: string;
  sessionCookie: string;
  userAgentPass: string | null;
  clientSecret: string | null;
  devSsoSecret: string | null;
}

export class AuthConfigError extends Error {
  override name = "AuthConfigError";
}

function parseAlgorithms(list: string | undefined, fallback: JwtAlgorithm): JwtAlgorithm[] {
  if (!list) return [fallback];
  const parsed = z.array(z.enum(JWT_ALGORITHMS)).min(1).safeParse(list.split(",").map((a) => a.trim()));
  if (!parsed.success) throw new AuthConfigError(`SSO_JWT_ALGORITHMS: only ${JWT_ALGORITHMS.join(", ")} are allowed`);
  return parsed.data;
}

/** Builds the typed config, listing every missing value at once. */
export function parseAuthConfig(env: Record<string, unknown>): AuthConfig {
  const parsed = rawSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new AuthConfigError(`Invalid sign-in configuration: ${issues}`);
  }
  const raw = parsed.data;
  const dev = raw.ENVIRONMENT !== "production";
  const missing: string[] = [];
  const need = (name: string, value: string | undefined): string | null => {
    if (value === undefined) missing.push(name);
    return value ?? null;
  };

  const sessionSecret = raw.SESSION_SECRET ?? (dev ? DEV_DEFAULTS.SESSION_SECRET : need("SESSION_SECRET", undefined));

  let verification: TokenVerification;
  let devSsoSecret: string | null = null;
  if (raw.AUTH_PROVIDER === "dev") {
    devSsoSecret = raw.DEV_SSO_SECRET ?? (dev ? DEV_DEFAULTS.DEV_SSO_SECRET : need("DEV_SSO_SECRET", undefined));
    verification = {
      issuer: raw.SSO_ISSUER ?? DEV_DEFAULTS.SSO_ISSUER,
      audience: raw.SSO_AUDIENCE ?? DEV_DEFAULTS.SSO_AUDIENCE,
      algorithms: ["HS256"],
      key: { kind: "secret", secret: devSsoSecret ?? "" },
    };
  } else {
    const issuer = need("SSO_ISSUER", raw.SSO_ISSUER) ?? "";
    const audience = need("SSO_AUDIENCE", raw.SSO_AUDIENCE) ?? "";
    if (raw.SSO_JWT_SECRET && raw.SSO_JWKS_URL) missing.push("only one of SSO_JWT_SECRET and SSO_JWKS_URL");
    if (!raw.SSO_JWT_SECRET && !raw.SSO_JWKS_URL) missing.push("SSO_JWT_SECRET or SSO_JWKS_URL");
    const key: TokenVerification["key"] = raw.SSO_JWKS_URL
      ? { kind: "jwks", url: raw.SSO_JWKS_URL }
      : { kind: "secret", secret: raw.SSO_JWT_SECRET ?? "" };
    const algorithms = parseAlgorithms(raw.SSO_JWT_ALGORITHMS, key.kind === "jwks" ? "RS256" : "HS256");
    // A secret must only verify HMAC tokens and a JWKS only asymmetric ones (no algorithm confusion).
    const hmac = algorithms.filter((a) => a.startsWith("HS"));
    if (key.kind === "secret" && hmac.length !== algorithms.length) missing.push("SSO_JWT_ALGORITHMS of HS* only with SSO_JWT_SECRET");
    if (key.kind === "jwks" && hmac.length > 0) missing.push("SSO_JWT_ALGORITHMS without HS* with SSO_JWKS_URL");
    verification = { issuer, audience, algorithms, key };

    need("SSO_LOGIN_URL", raw.SSO_LOGIN_URL);
    if (raw.AUTH_PROVIDER === "login-portal") need("SSO_API_BASE_URL", raw.SSO_API_BASE_URL);
    if (raw.AUTH_PROVIDER === "sports-alliance") {
      need("SSO_REFRESH_URL", raw.SSO_REFRESH_URL);
      need("SSO_SESSION_URL", raw.SSO_SESSION_URL);
      need("SSO_USER_AGENT_PASS", raw.SSO_USER_AGENT_PASS);
    }
    if (raw.AUTH_PROVIDER === "green") need("SSO_AUTH_URL", raw.SSO_AUTH_URL);
    if (raw.DIRECT_LOGIN) need("SSO_DIRECT_LOGIN_URL", raw.SSO_DIRECT_LOGIN_URL);
  }

  if (missing.length > 0) {
    throw new AuthConfigError(
      `Sign-in configuration for AUTH_PROVIDER=${raw.AUTH_PROVIDER} in ${raw.ENVIRONMENT} needs: ${missing.join(", ")}`,
    );
  }

  return {
    environment: raw.ENVIRONMENT,
    provider: raw.AUTH_PROVIDER,
    siteOrigin: raw.SITE_ORIGIN ? new URL(raw.SITE_ORIGIN).origin : null,
    sessionSecret: sessionSecret ?? "",
    directLogin: raw.DIRECT_LOGIN,
    adminToken: raw.ADMIN_TOKEN ?? null,
    clientId: raw.SSO_CLIENT_ID ?? DEV_DEFAULTS.SSO_CLIENT_ID,
    verification,
    urls: {
      login: raw.SSO_LOGIN_URL ?? null,
      register: raw.SSO_REGISTER_URL ?? null,
      profile: raw.SSO_PROFILE_URL ?? null,
      forgotPassword: raw.SSO_FORGOT_PASSWORD_URL ?? null,
      apiBase: raw.SSO_API_BASE_URL ?? null,
      refresh: raw.SSO_REFRESH_URL ?? null,
      session: raw.SSO_SESSION_URL ?? null,
      auth: raw.SSO_AUTH_URL ?? null,
      directLogin: raw.SSO_DIRECT_LOGIN_URL ?? null,
    },
    authCookie: raw.SSO_AUTH_COOKIE,
    sessionCookie: raw.SSO_SESSION_COOKIE,
    userAgentPass: raw.SSO_USER_AGENT_PASS ?? null,
    clientSecret: raw.SSO_CLIENT_SECRET ?? null,
    devSsoSecret,
  };
}

const cache = new WeakMap<object, AuthConfig>();

/** The parsed config of this env object (parsed on first use, then cached). Throws AuthConfigError. */
export function getAuthConfig(env: object): AuthConfig {
  const hit = cache.get(env);
  if (hit) return hit;
  const config = parseAuthConfig(env as Record<string, unknown>);
  cache.set(env, config);
  return config;
}
