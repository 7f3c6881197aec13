import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { authConfigOf, AuthConfigError } from "../../worker/auth/config";
import { upsertAccountOnSignIn } from "../../worker/accounts/accounts";
import { installDevelopmentKit } from "../../worker/development";
import { developmentKit } from "../../worker/dev-kit";
import { demoUserById } from "../../worker/dev-portal/demo-users";
import { DEV_ADMIN_TOKEN, DEV_DEFAULTS, DEV_INGEST_TOKEN, DEV_STRIPE_WEBHOOK_SECRET, DEV_TRANSCODER_TOKEN } from "../../worker/dev-secrets";
import { parseSettings } from "../../worker/env";
import { isRepositorySecret } from "../../worker/known-secrets";
import { paymentsConfigOf } from "../../worker/payments/config";
import { browser, envWith } from "./auth-test-app";

/**
 * The worker started with exactly what `wrangler deploy` ships: the bindings
 * of the top-level wrangler.toml, no ENVIRONMENT, no AUTH_PROVIDER, no secrets, no .dev.vars, and
 * the production build: wrangler.toml's main, worker/index.ts, has no development kit
 * (worker/development.ts), so the tests take away the one their setup installed. That the
 * production bundle has none of the kit's code is tests/unit/production-bundle.test.ts.
 */
const shipped = (): Env => ({ DB: env.DB, CACHE: env.CACHE, ASSETS: env.ASSETS, STREAM_SESSIONS: env.STREAM_SESSIONS, MATCH_ROOMS: env.MATCH_ROOMS }) as Env;

async function call(target: Env, path: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`https://www.rovers.test${path}`, { redirect: "manual", ...init }), target, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** Every string of this repository that could have been used as a signing secret. */
const PUBLIC_STRINGS = [...new Set([...Object.values(DEV_DEFAULTS), DEV_STRIPE_WEBHOOK_SECRET, DEV_ADMIN_TOKEN, DEV_TRANSCODER_TOKEN, DEV_INGEST_TOKEN])];

/** Runs a describe block as the production build: no development kit installed. */
function asProductionBuild() {
  beforeAll(() => installDevelopmentKit(null));
  afterAll(() => installDevelopmentKit(developmentKit));
}

/** A site session cookie as worker/auth/session-cookie.ts signs it, for demo-tv, with a chosen key. */
function forgedSession(secret: string) {
  return new SignJWT({ sid: "forged-session-id-0123456789", prv: "dev" })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer("northbridge-rovers-site")
    .setAudience("rovers-session")
    .setSubject("demo-tv")
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(new TextEncoder().encode(secret));
}

const errorCode = async (res: Response) => ((await res.json()) as { errors: { code: string }[] }).errors[0]?.code;

describe("what `wrangler deploy` ships (production, no secrets)", () => {
  asProductionBuild();

  it("serves the public pages and the content API", async () => {
    const home = await call(shipped(), "/");
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("<html");
    expect((await call(shipped(), "/news")).status).toBe(200);
    expect((await call(shipped(), "/api/content/shell")).status).toBe(200);
  });

  it("answers 503 AUTH_NOT_CONFIGURED on sign-in and the session endpoints, never a portal page", async () => {
    for (const [path, init] of [
      ["/auth/login", {}],
      ["/auth/register", {}],
      ["/auth/callback?state=0123456789abcdef0123&tokenpayload=x", {}],
      ["/auth/logout", { method: "POST" }],
      ["/api/session", {}],
      ["/api/users/entitlements/demo-tv", {}],
      ["/api/playback", { method: "POST", headers: { "content-type": "application/json" }, body: '{"entryId":"0_abc"}' }],
      ["/api/session/check", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }],
      ["/media/vod/0_abc/master.m3u8?token=x", {}],
      ["/media/live/audio-1/index.m3u8?token=x", {}],
      ["/ws/streams", {}],
      ["/sso/login?client_id=northbridge-rovers-site&redirect_uri=https%3A%2F%2Fwww.rovers.test%2Fauth%2Fcallback", {}],
      ["/sso/api/auth?code=x&redirect_uri=y", {}],
    ] as const) {
      const res = await call(shipped(), path, init);
      expect(res.status, path).toBe(503);
      expect(res.headers.get("location"), path).toBeNull();
      expect(await errorCode(res), path).toBe("AUTH_NOT_CONFIGURED");
    }
  });

  it("/auth/login does not lead to a page with a password field", async () => {
    const res = await call(shipped(), "/auth/login");
    const text = await res.text();
    expect(text).not.toMatch(/type="password"/);
    expect(res.headers.get("location")).toBeNull();
  });

  it("does not honour a session cookie signed with any string in the repository", async () => {
    // demo-tv exists, so an honoured cookie would name a real account
    const demo = demoUserById("demo-tv");
    if (!demo) throw new Error("demo-tv fixture missing");
    await upsertAccountOnSignIn(env.DB, { ssoID: demo.id, email: demo.email, forename: demo.forename, surname: demo.surname }, demo.account);
    const configured = { AUTH_PROVIDER: "green", SESSION_SECRET: "a-real-production-secret-from-wrangler-secret-put", SSO_ISSUER: "https://login.example", SSO_AUDIENCE: "site", SSO_JWT_SECRET: "another-real-secret-of-the-login-portal-0123", SSO_LOGIN_URL: "https://login.example/login", SSO_AUTH_URL: "https://login.example/auth" };
    for (const secret of PUBLIC_STRINGS) {
      const cookie = `__Host-rovers_session=${await forgedSession(secret)}`;
      // no secrets at all: the session endpoint does not exist
      expect((await call(shipped(), "/api/session", { headers: { cookie } })).status).toBe(503);
      // a complete production configuration: the cookie is refused and cleared
      const withSecrets = { ...shipped(), ...configured } as Env;
      const res = await call(withSecrets, "/api/session", { headers: { cookie } });
      expect(await res.json()).toMatchObject({ data: null });
      // the same public string set as the secret is refused in production
      const weak = { ...shipped(), ...configured, SESSION_SECRET: secret } as Env;
      expect((await call(weak, "/api/session", { headers: { cookie } })).status).toBe(503);
    }
    // the same cookie in ENVIRONMENT=development: the production build has no built-in secret to honour it with
    const dev = { ...shipped(), ENVIRONMENT: "development", AUTH_PROVIDER: "dev" } as Env;
    const res = await call(dev, "/api/session", { headers: { cookie: `__Host-rovers_session=${await forgedSession(DEV_DEFAULTS.SESSION_SECRET)}` } });
    expect(res.status).toBe(503);
  });

  it("is production whatever ENVIRONMENT says, 'development' and 'test' included", async () => {
    for (const value of ["development", "test", "Development", "dev", "staging", "", "production"]) {
      const vars = { ...shipped(), ENVIRONMENT: value, AUTH_PROVIDER: "dev" } as Env;
      expect(parseSettings(vars).environment, value).toBe("production");
      const res = await call(vars, "/auth/login");
      expect(res.status, value).toBe(503);
      expect(await errorCode(res), value).toBe("AUTH_NOT_CONFIGURED");
    }
  });

  it("ENVIRONMENT=development brings back no portal, dev checkout, built-in secret, dev admin, transcoder or ingest token", async () => {
    const dev = { ...shipped(), ENVIRONMENT: "development", AUTH_PROVIDER: "dev", ADMIN_TOKEN: DEV_ADMIN_TOKEN, TRANSCODER_TOKEN: DEV_TRANSCODER_TOKEN, INGEST_TOKEN: DEV_INGEST_TOKEN, STRIPE_WEBHOOK_SECRET: DEV_STRIPE_WEBHOOK_SECRET } as Env;
    expect(authConfigOf(dev)).toBeInstanceOf(AuthConfigError);
    expect(parseSettings(dev).adminToken).toBeNull();
    expect(parseSettings(dev).transcoderToken).toBeNull();
    const claim = await call(dev, "/api/transcoder/claim", { method: "POST", headers: { authorization: `Bearer ${DEV_TRANSCODER_TOKEN}`, "content-type": "application/json" }, body: "{}" });
    expect(claim.status).toBe(404);
    expect(parseSettings(dev).ingestToken).toBeNull();
    const authorize = await call(dev, "/api/ingest/events", { headers: { authorization: `Bearer ${DEV_INGEST_TOKEN}` } });
    expect(authorize.status).toBe(404);
    expect(paymentsConfigOf(dev)).toMatchObject({ devCheckout: false, webhookSecret: null });
    for (const path of ["/dev-payments/portal", "/dev-payments/checkout.css"]) expect((await call(dev, path)).status, path).toBe(404);
    expect((await call(dev, "/sso/login")).status).toBe(503);
    const admin = await call(dev, "/api/admin/accounts/demo-tv", { headers: { authorization: `Bearer ${DEV_ADMIN_TOKEN}` } });
    expect(admin.status).toBe(404);
  });

  it("logs one line naming what is missing", async () => {
    const lines: string[] = [];
    const original = console.error;
    console.error = (line: unknown) => lines.push(String(line));
    try {
      await call(shipped(), "/api/session");
    } finally {
      console.error = original;
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/sign-in not configured.*AUTH_PROVIDER.*SESSION_SECRET/);
  });
});

describe("the development build (control)", () => {
  it("honours the built-in session secret in development, so the production refusal above is not vacuous", async () => {
    const demo = demoUserById("demo-tv");
    if (!demo) throw new Error("demo-tv fixture missing");
    await upsertAccountOnSignIn(env.DB, { ssoID: demo.id, email: demo.email, forename: demo.forename, surname: demo.surname }, demo.account);
    const dev = { ...shipped(), ENVIRONMENT: "development", AUTH_PROVIDER: "dev" } as Env;
    const res = await call(dev, "/api/session", { headers: { cookie: `__Host-rovers_session=${await forgedSession(DEV_DEFAULTS.SESSION_SECRET)}` } });
    expect(((await res.json()) as { data: { attributes: { ssoID: string } } }).data.attributes.ssoID).toBe("demo-tv");
  });

  it("knows every secret of the development build by its digest, and nothing else", () => {
    for (const secret of [developmentKit.defaults.SESSION_SECRET, developmentKit.defaults.DEV_SSO_SECRET, developmentKit.stripeWebhookSecret, DEV_ADMIN_TOKEN, DEV_TRANSCODER_TOKEN, DEV_INGEST_TOKEN]) {
      expect(isRepositorySecret(secret), secret).toBe(true);
    }
    expect(isRepositorySecret("a-real-production-secret-from-wrangler-secret-put")).toBe(false);
    expect(isRepositorySecret(`${DEV_ADMIN_TOKEN} `)).toBe(false);
  });
});

describe("production sign-in configuration", () => {
  const green = {
    ENVIRONMENT: "production",
    AUTH_PROVIDER: "green",
    SSO_ISSUER: "https://login.example",
    SSO_AUDIENCE: "site",
    SSO_JWT_SECRET: "another-real-secret-of-the-login-portal-0123",
    SSO_LOGIN_URL: "https://login.example/login",
    SSO_AUTH_URL: "https://login.example/auth",
    SESSION_SECRET: "a-real-production-secret-from-wrangler-secret-put",
  };
  const problem = (vars: Record<string, string>) => {
    const config = authConfigOf(envWith(vars));
    return config instanceof AuthConfigError ? config.message : null;
  };

  it("accepts a complete configuration (control)", () => {
    expect(problem(green)).toBeNull();
  });

  it("refuses a secret shorter than 32 characters or equal to a development default", () => {
    expect(problem({ ...green, SESSION_SECRET: "short-secret" })).toMatch(/SESSION_SECRET of at least 32/);
    expect(problem({ ...green, SESSION_SECRET: DEV_DEFAULTS.SESSION_SECRET })).toMatch(/SESSION_SECRET other than the development default/);
    expect(problem({ ...green, SSO_JWT_SECRET: DEV_DEFAULTS.DEV_SSO_SECRET })).toMatch(/SSO_JWT_SECRET other than the development default/);
  });

  it("refuses the dev portal: AUTH_PROVIDER=dev never starts a sign-in in production, even with secrets", async () => {
    const vars = { ENVIRONMENT: "production", AUTH_PROVIDER: "dev", SESSION_SECRET: green.SESSION_SECRET, DEV_SSO_SECRET: green.SSO_JWT_SECRET };
    expect(problem(vars)).toMatch(/AUTH_PROVIDER other than dev/);
    const res = await browser(vars).fetch("/auth/login");
    expect(res.status).toBe(503);
    const portal = await browser(vars).fetch("/sso/login");
    expect(portal.status).toBe(503);
  });

  it("the dev portal is not there (404) when another provider is configured", async () => {
    const res = await browser(green).fetch("/sso/login");
    expect(res.status).toBe(404);
  });

  it("requires https: for the portal URLs the worker calls", () => {
    for (const name of ["SSO_AUTH_URL", "SSO_JWKS_URL", "SSO_DIRECT_LOGIN_URL"]) {
      const vars: Record<string, string> = { ...green, SSO_DIRECT_LOGIN_URL: "https://login.example/direct", SSO_AUTHENTICATE_USER_URL: "https://login.example/authenticate-user", [name]: "http://login.example/x" };
      if (name === "SSO_JWKS_URL") delete vars.SSO_JWT_SECRET;
      expect(problem(vars), name).toContain(`${name} with https:`);
    }
    expect(problem({ ...green, AUTH_PROVIDER: "sports-alliance", SSO_REFRESH_URL: "http://login.example/r", SSO_SESSION_URL: "https://login.example/s", SSO_USER_AGENT_PASS: "pass" })).toContain(
      "SSO_REFRESH_URL with https:",
    );
    expect(problem({ ...green, AUTH_PROVIDER: "login-portal", SSO_API_BASE_URL: "http://login.example" })).toContain("SSO_API_BASE_URL with https:");
    // development may use a local http portal
    expect(problem({ ...green, ENVIRONMENT: "development", SSO_AUTH_URL: "http://localhost:9000/auth" })).toBeNull();
  });

  it("requires https: for the portal pages the browser is sent to, and then answers 503 AUTH_NOT_CONFIGURED", async () => {
    for (const name of ["SSO_LOGIN_URL", "SSO_REGISTER_URL", "SSO_PROFILE_URL", "SSO_FORGOT_PASSWORD_URL"]) {
      for (const provider of ["green", "login-portal"]) {
        const vars = { ...green, AUTH_PROVIDER: provider, SSO_API_BASE_URL: "https://login.example/api", [name]: "http://login.example/page" };
        expect(problem(vars), `${provider} ${name}`).toContain(`${name} with https:`);
      }
      const vars = { ...green, [name]: "http://login.example/page" };
      for (const path of ["/auth/login", "/auth/register"]) {
        const res = await browser(vars).fetch(path);
        expect(res.status, `${name} ${path}`).toBe(503);
        expect(res.headers.get("location"), `${name} ${path}`).toBeNull();
        expect(await errorCode(res), `${name} ${path}`).toBe("AUTH_NOT_CONFIGURED");
      }
      // control: the same page over https: is accepted; development may use a local http portal
      expect(problem({ ...green, [name]: "https://login.example/page" }), name).toBeNull();
      expect(problem({ ...green, ENVIRONMENT: "development", [name]: "http://localhost:9000/page" }), name).toBeNull();
    }
    // and with https: pages sign-in starts (control for the 503 above)
    const ok = await browser({ ...green, SSO_REGISTER_URL: "https://login.example/register" }).fetch("/auth/login");
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toMatch(/^https:\/\/login\.example\/login/);
  });
});
