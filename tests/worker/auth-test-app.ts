import { env } from "cloudflare:test";
import { app } from "../../worker/app";
import { DEV_DEFAULTS } from "../../worker/dev-secrets";
import type { Identity } from "../../worker/accounts/identity";
import { signLoginToken } from "../../worker/auth/tokens";

/**
 * The worker's own app (worker/app.ts), driven with a cookie jar like a browser. Each test may
 * give its own vars (provider, secrets, ENVIRONMENT).
 */
export const ORIGIN = "http://localhost";

export type Vars = Record<string, string>;

/** The test env with extra vars; a new object, so its parsed config is its own. */
export function envWith(vars: Vars = {}): Env {
  return { ...env, ...vars } as Env;
}

export class CookieJar {
  readonly cookies = new Map<string, string>();

  absorb(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

export interface Browser {
  jar: CookieJar;
  env: Env;
  /** a request with the jar's cookies (and a same-origin Origin on POST), absorbing Set-Cookie */
  fetch(path: string, init?: RequestInit & { ip?: string }): Promise<Response>;
}

let browsers = 0;

/** Each browser has its own IP (the per-IP sign-in budgets are not shared between tests). */
export function browser(vars: Vars = {}): Browser {
  browsers += 1;
  const ownIp = `10.${(browsers >> 16) & 255}.${(browsers >> 8) & 255}.${browsers & 255}`;
  const jar = new CookieJar();
  const testEnv = envWith(vars);
  return {
    jar,
    env: testEnv,
    async fetch(path, init = {}) {
      const url = path.startsWith("http") ? path : `${ORIGIN}${path}`;
      const headers = new Headers(init.headers);
      if (jar.cookies.size > 0 && !headers.has("cookie")) headers.set("cookie", jar.header());
      if ((init.method ?? "GET") !== "GET" && !headers.has("origin")) headers.set("origin", new URL(url).origin);
      headers.set("cf-connecting-ip", init.ip ?? ownIp);
      const response = await app.request(url, { ...init, headers, redirect: "manual" }, testEnv);
      jar.absorb(response);
      return response;
    },
  };
}

/** A login token as the dev portal would sign it; every option can be spoilt by a test. */
export function devToken(identity: Identity, options: { secret?: string; issuer?: string; audience?: string; expiresIn?: string; nonce?: string } = {}) {
  return signLoginToken(identity, {
    secret: options.secret ?? DEV_DEFAULTS.DEV_SSO_SECRET,
    issuer: options.issuer ?? DEV_DEFAULTS.SSO_ISSUER,
    audience: options.audience ?? DEV_DEFAULTS.SSO_AUDIENCE,
    expiresIn: options.expiresIn ?? "5m",
    nonce: options.nonce,
  });
}

let counter = 0;
/** A fresh identity (unique per call, so tests do not share accounts). */
export function freshIdentity(prefix = "user"): Identity {
  counter += 1;
  const id = `${prefix}-${Date.now().toString(36)}-${counter}`;
  return { ssoID: id, email: `${id}@example.test`, forename: "Sam", surname: "Supporter" };
}

/** Starts a sign-in (state cookie) and returns the state the portal would get back. */
export async function startLogin(b: Browser, returnUrl?: string): Promise<{ state: string; location: string }> {
  const query = returnUrl === undefined ? "" : `?returnUrl=${encodeURIComponent(returnUrl)}`;
  const response = await b.fetch(`/auth/login${query}`);
  if (response.status !== 302) throw new Error(`login start answered ${response.status}`);
  const location = response.headers.get("location") ?? "";
  const target = new URL(location);
  const callback = new URL(target.searchParams.get("redirect_uri") ?? target.searchParams.get("returnUrl") ?? "");
  return { state: callback.searchParams.get("state") ?? "", location };
}

/** A login token, or how to make one for the sign-in state (the token's nonce). */
export type TokenFor = string | ((nonce: string) => string | Promise<string>);

/** Signs in through the callback with a tokenpayload (no portal round trip). */
export async function signInWithToken(b: Browser, tokenFor: TokenFor, returnUrl?: string): Promise<Response> {
  const { state } = await startLogin(b, returnUrl);
  const token = typeof tokenFor === "string" ? tokenFor : await tokenFor(state);
  return b.fetch(`/auth/callback?state=${encodeURIComponent(state)}&tokenpayload=${encodeURIComponent(token)}`);
}

/** Signs in as a fresh user and returns the browser and who it is. */
export async function signedIn(vars: Vars = {}) {
  const b = browser(vars);
  const identity = freshIdentity();
  const response = await signInWithToken(b, (nonce) => devToken(identity, { nonce }));
  if (response.status !== 302 || !(response.headers.get("location") ?? "").includes("loginSuccess=true")) {
    throw new Error(`sign-in failed: ${response.status} ${response.headers.get("location")}`);
  }
  return { b, identity };
}

export function locationOf(response: Response): string {
  return response.headers.get("location") ?? "";
}

/** Sets the login.direct web setting (spec §9: off by default) in this test file's D1. */
export async function setDirectLogin(on: boolean): Promise<void> {
  await env.DB.prepare("UPDATE settings SET value = ?1 WHERE key = 'login.direct'").bind(on ? "1" : "0").run();
}

/** Runs with direct login on, and turns it off again afterwards whatever happens. */
export async function withDirectLogin<T>(run: () => Promise<T>): Promise<T> {
  await setDirectLogin(true);
  try {
    return await run();
  } finally {
    await setDirectLogin(false);
  }
}
