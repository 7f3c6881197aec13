import { z } from "zod";
import { settingsOf, type AuthSettings, type AuthProviderKind, type Environment, type Settings } from "../env";
import { isRepositorySecret } from "../known-secrets";

export { AUTH_PROVIDERS, type AuthProviderKind } from "../env";

/**
 * Sign-in configuration (spec §1, §7): which provider, where it lives, and the secrets that sign
 * and verify tokens. Built from the parsed env (worker/env.ts, the one place the env is read),
 * once per env object, so a missing or malformed value is one clear error naming it.
 *
 * Production is strict: no built-in secret, no dev portal, secrets of 32+ characters that are none
 * of the secrets in this repository, https: portal URLs (those the worker calls and those it sends
 * the browser to). When sign-in is not configured the public pages still work; /auth/*, /sso/* and
 * the session endpoints answer 503 AUTH_NOT_CONFIGURED (worker/auth/require-auth.ts).
 * The built-in values of development and test come from the development build's kit
 * (worker/development.ts); the production build does not contain them.
 */

/** Algorithms a login token may be signed with; 'none' is never among them. */
const JWT_ALGORITHMS = ["HS256", "HS384", "HS512", "RS256", "RS384", "RS512", "PS256", "ES256", "ES384", "EdDSA"] as const;
export type JwtAlgorithm = (typeof JWT_ALGORITHMS)[number];

/** The site's client id at the portal when SSO_CLIENT_ID does not say (a name, not a secret). */
export const DEFAULT_CLIENT_ID = "northbridge-rovers-site";

export const SECRET_MIN_LENGTH = 32;

export interface TokenVerification {
  issuer: string;
  audience: string;
  algorithms: JwtAlgorithm[];
  key: { kind: "secret"; secret: string } | { kind: "jwks"; url: string };
}

export interface AuthConfig {
  environment: Environment;
  provider: AuthProviderKind;
  sessionSecret: string;
  /** Whether the portal can do direct login (spec §7); the login.direct setting decides whether it is offered. */
  directLogin: boolean;
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
    authenticateUser: string | null;
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

/** Builds the typed config from the parsed settings, listing every missing or refused value at once. */
export function buildAuthConfig(settings: Settings): AuthConfig {
  if (!settings.auth.ok) throw new AuthConfigError(`Invalid sign-in configuration: ${settings.auth.problem}`);
  const raw: AuthSettings = settings.auth.value;
  const dev = settings.isDevelopment;
  const builtIn = settings.development?.defaults;
  const environment = settings.environment;
  const missing: string[] = [];
  const need = (name: string, value: string | undefined): string | null => {
    if (value === undefined) missing.push(name);
    return value ?? null;
  };
  /** A secret: set (or, in development and test only, its built-in value), long enough, not public. */
  const secret = (name: string, value: string | undefined, devDefault?: string): string | null => {
    const chosen = value ?? (dev ? devDefault : undefined);
    if (chosen === undefined) return need(name, undefined);
    if (chosen.length < SECRET_MIN_LENGTH) missing.push(`${name} of at least ${SECRET_MIN_LENGTH} characters`);
    else if (!dev && isRepositorySecret(chosen)) missing.push(`${name} other than the development default`);
    return chosen;
  };
  /**
   * Portal URLs must be https: outside development: tokens and secrets travel on those the worker
   * calls, and the browser carries its sign-in (credentials, return codes) to those it is sent to.
   */
  const secureUrl = (name: string, value: string | undefined) => {
    if (value !== undefined && !dev && new URL(value).protocol !== "https:") missing.push(`${name} with https:`);
  };

  const provider = raw.AUTH_PROVIDER ?? (dev ? "dev" : undefined);
  if (provider === undefined) missing.push("AUTH_PROVIDER");
  if (provider === "dev" && !dev) missing.push("AUTH_PROVIDER other than dev (the dev portal exists only in development and test)");
  const sessionSecret = secret("SESSION_SECRET", raw.SESSION_SECRET, builtIn?.SESSION_SECRET);

  let verification: TokenVerification = { issuer: "", audience: "", algorithms: ["HS256"], key: { kind: "secret", secret: "" } };
  let devSsoSecret: string | null = null;
  if (provider === "dev") {
    devSsoSecret = secret("DEV_SSO_SECRET", raw.DEV_SSO_SECRET, builtIn?.DEV_SSO_SECRET);
    verification = {
      issuer: raw.SSO_ISSUER ?? builtIn?.SSO_ISSUER ?? "",
      audience: raw.SSO_AUDIENCE ?? builtIn?.SSO_AUDIENCE ?? "",
      algorithms: ["HS256"],
      key: { kind: "secret", secret: devSsoSecret ?? "" },
    };
  } else if (provider !== undefined) {
    const issuer = need("SSO_ISSUER", raw.SSO_ISSUER) ?? "";
    const audience = need("SSO_AUDIENCE", raw.SSO_AUDIENCE) ?? "";
    if (raw.SSO_JWT_SECRET && raw.SSO_JWKS_URL) missing.push("only one of SSO_JWT_SECRET and SSO_JWKS_URL");
    if (!raw.SSO_JWT_SECRET && !raw.SSO_JWKS_URL) missing.push("SSO_JWT_SECRET or SSO_JWKS_URL");
    const key: TokenVerification["key"] = raw.SSO_JWKS_URL
      ? { kind: "jwks", url: raw.SSO_JWKS_URL }
      : { kind: "secret", secret: (raw.SSO_JWT_SECRET && secret("SSO_JWT_SECRET", raw.SSO_JWT_SECRET)) ?? "" };
    const algorithms = parseAlgorithms(raw.SSO_JWT_ALGORITHMS, key.kind === "jwks" ? "RS256" : "HS256");
    // A secret must only verify HMAC tokens and a JWKS only asymmetric ones (no algorithm confusion).
    const hmac = algorithms.filter((a) => a.startsWith("HS"));
    if (key.kind === "secret" && hmac.length !== algorithms.length) missing.push("SSO_JWT_ALGORITHMS of HS* only with SSO_JWT_SECRET");
    if (key.kind === "jwks" && hmac.length > 0) missing.push("SSO_JWT_ALGORITHMS without HS* with SSO_JWKS_URL");
    verification = { issuer, audience, algorithms, key };

    need("SSO_LOGIN_URL", raw.SSO_LOGIN_URL);
    if (provider === "login-portal") need("SSO_API_BASE_URL", raw.SSO_API_BASE_URL);
    if (provider === "sports-alliance") {
      need("SSO_REFRESH_URL", raw.SSO_REFRESH_URL);
      need("SSO_SESSION_URL", raw.SSO_SESSION_URL);
      need("SSO_USER_AGENT_PASS", raw.SSO_USER_AGENT_PASS);
    }
    if (provider === "green") need("SSO_AUTH_URL", raw.SSO_AUTH_URL);
    // Direct login needs both of the helper's calls (spec §7); one without the other is a mistake.
    if (raw.SSO_DIRECT_LOGIN_URL || raw.SSO_AUTHENTICATE_USER_URL) {
      need("SSO_DIRECT_LOGIN_URL", raw.SSO_DIRECT_LOGIN_URL);
      need("SSO_AUTHENTICATE_USER_URL", raw.SSO_AUTHENTICATE_USER_URL);
    }
    if (raw.SSO_CLIENT_SECRET !== undefined && !dev && isRepositorySecret(raw.SSO_CLIENT_SECRET)) missing.push("SSO_CLIENT_SECRET other than a public string");
    secureUrl("SSO_LOGIN_URL", raw.SSO_LOGIN_URL);
    secureUrl("SSO_REGISTER_URL", raw.SSO_REGISTER_URL);
    secureUrl("SSO_PROFILE_URL", raw.SSO_PROFILE_URL);
    secureUrl("SSO_FORGOT_PASSWORD_URL", raw.SSO_FORGOT_PASSWORD_URL);
    secureUrl("SSO_JWKS_URL", raw.SSO_JWKS_URL);
    secureUrl("SSO_API_BASE_URL", raw.SSO_API_BASE_URL);
    secureUrl("SSO_REFRESH_URL", raw.SSO_REFRESH_URL);
    secureUrl("SSO_SESSION_URL", raw.SSO_SESSION_URL);
    secureUrl("SSO_AUTH_URL", raw.SSO_AUTH_URL);
    secureUrl("SSO_DIRECT_LOGIN_URL", raw.SSO_DIRECT_LOGIN_URL);
    secureUrl("SSO_AUTHENTICATE_USER_URL", raw.SSO_AUTHENTICATE_USER_URL);
  }

  if (missing.length > 0 || provider === undefined) {
    throw new AuthConfigError(`Sign-in configuration for AUTH_PROVIDER=${provider ?? "(unset)"} in ${environment} needs: ${missing.join(", ")}`);
  }

  return {
    environment,
    provider,
    sessionSecret: sessionSecret ?? "",
    // The dev portal answers both calls itself; a real portal needs its two URLs.
    directLogin: provider === "dev" || (raw.SSO_DIRECT_LOGIN_URL !== undefined && raw.SSO_AUTHENTICATE_USER_URL !== undefined),
    clientId: raw.SSO_CLIENT_ID ?? DEFAULT_CLIENT_ID,
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
      authenticateUser: raw.SSO_AUTHENTICATE_USER_URL ?? null,
    },
    authCookie: raw.SSO_AUTH_COOKIE,
    sessionCookie: raw.SSO_SESSION_COOKIE,
    userAgentPass: raw.SSO_USER_AGENT_PASS ?? null,
    clientSecret: raw.SSO_CLIENT_SECRET ?? null,
    devSsoSecret,
  };
}

const cache = new WeakMap<object, AuthConfig | AuthConfigError>();

/** The sign-in config of this env object, or why there is none (built on first use, then cached). */
export function authConfigOf(env: object): AuthConfig | AuthConfigError {
  let result = cache.get(env);
  if (!result) {
    try {
      result = buildAuthConfig(settingsOf(env));
    } catch (error) {
      if (!(error instanceof AuthConfigError)) throw error;
      result = error;
    }
    cache.set(env, result);
  }
  return result;
}

/** The sign-in config; throws AuthConfigError. Routes behind requireAuthConfig can rely on it. */
export function getAuthConfig(env: object): AuthConfig {
  const result = authConfigOf(env);
  if (result instanceof AuthConfigError) throw result;
  return result;
}
