import { Hono, type Context } from "hono";
import { z } from "zod";
import { authConfigOf, AuthConfigError, getAuthConfig, type AuthConfig } from "../auth/config";
import { siteOriginOf, type AppEnv } from "../env";
import { clientIp } from "../http/client-ip";
import { RATE_LIMITED_DETAIL } from "../auth/rate-limit";
import { attemptKey, checkAttempt, recordFailure, recordSuccess, withinAddressCeiling } from "../auth/sign-in-guard";
import { formFields } from "../http/form-body";
import { signLoginToken, verifyLoginToken } from "../auth/tokens";
import { consumeCode, issueCode } from "./codes";
import { badRequestPage, forgotPasswordPage, PORTAL_CSS, profilePage, registerPage, signInPage, type PortalRequest } from "./pages";
import { authenticatePortalUser, findPortalUser, registerPortalUser, type PortalUser } from "./users";
import { INVALID_CREDENTIALS_MESSAGE } from "../auth/providers/direct-login";
import { SOCIAL_PROVIDERS } from "../../src/domain/social-login";
import { registrationFormOf } from "../../src/domain/registration-form";
import { birthdateOf } from "../../src/domain/adult-age";

/**
 * The embedded dev login portal (AUTH_PROVIDER=dev), served at /sso/*. It behaves like an external
 * portal: the site redirects here with client_id and redirect_uri, the person signs in or
 * registers, and the portal sends the browser back to redirect_uri with ?code= (exchanged
 * server-side at /sso/api/auth, green-type) or ?tokenpayload= (a signed login token).
 * It only ever redirects to the site's own /auth/callback, so it is no open redirector.
 */

export const TOKEN_TTL = "5m";
export const ALREADY_REGISTERED_MESSAGE = "An account with this email address already exists";
export const TOO_MANY_ATTEMPTS_MESSAGE = RATE_LIMITED_DETAIL;

/** The sign-in state the site put in its callback URL: the portal's tokens carry it as `nonce`. */
function stateOf(redirectUri: string): string | undefined {
  return new URL(redirectUri).searchParams.get("state") ?? undefined;
}

function requestSchema(c: Context, config: AuthConfig) {
  const origin = siteOriginOf(c.env, c.req.url);
  return z.object({
    client_id: z.literal(config.clientId),
    redirect_uri: z
      .string()
      .max(2048)
      .refine((value) => {
        try {
          const url = new URL(value);
          return url.origin === origin && url.pathname === "/auth/callback" && url.username === "" && url.password === "";
        } catch {
          return false;
        }
      }),
    response_type: z.enum(["code", "tokenpayload"]).default("code"),
    social: z.enum(SOCIAL_PROVIDERS).optional(),
  });
}

function parseRequest(c: Context, config: AuthConfig, input: Record<string, unknown>): PortalRequest | null {
  const parsed = requestSchema(c, config).safeParse(input);
  return parsed.success ? parsed.data : null;
}

/** A malformed body is 400 MALFORMED_BODY (worker/http/form-body.ts), never a 500. */
const formOf = (c: Context): Promise<Record<string, string>> => formFields(c);

/** Sends the browser back to the site with a code or a signed token, like an external portal. */
async function returnToSite(c: Context<AppEnv>, config: AuthConfig, req: PortalRequest, user: PortalUser) {
  const target = new URL(req.redirect_uri);
  if (req.response_type === "tokenpayload") {
    const token = await signLoginToken(user, {
      secret: config.devSsoSecret ?? "",
      issuer: config.verification.issuer,
      audience: config.verification.audience,
      expiresIn: TOKEN_TTL,
      nonce: stateOf(req.redirect_uri),
    });
    target.searchParams.set("tokenpayload", token);
  } else {
    const code = await issueCode(c.env.DB, { userId: user.ssoID, redirectUri: req.redirect_uri, clientId: req.client_id });
    target.searchParams.set("code", code);
  }
  c.header("Cache-Control", "no-store");
  return c.redirect(target.toString(), 303);
}

const signInForm = z.object({ username: z.string().trim().min(1).max(320), password: z.string().min(1).max(1024) });
const registerForm = z.object({
  forename: z.string().trim().min(1).max(100),
  surname: z.string().trim().min(1).max(100),
  email: z.email().max(320),
  password: z.string().min(8, "Your password must be at least 8 characters").max(1024),
});
/** The long form's extra fields (spec §9: the alternative to 'short'); all required there. */
const longFormExtras = z.object({
  dateOfBirth: z.iso.date("Please enter your date of birth"),
  postcode: z.string().trim().min(2, "Please enter your postcode").max(10, "Please enter your postcode"),
  phone: z.string().trim().regex(/^\+?[0-9 ()-]{6,20}$/, "Please enter your phone number"),
});

export const devPortal = new Hono<AppEnv>();

// The portal only exists while it is the configured provider.
devPortal.use("*", async (c, next) => {
  const config = authConfigOf(c.env);
  if (config instanceof AuthConfigError || config.provider !== "dev") return c.notFound();
  c.header("Cache-Control", "no-store");
  c.header("X-Robots-Tag", "noindex");
  return next();
});

devPortal.get("/portal.css", (c) => {
  c.header("Cache-Control", "public, max-age=300");
  return c.body(PORTAL_CSS, 200, { "Content-Type": "text/css; charset=utf-8" });
});

devPortal.get("/login", (c) => {
  const config = getAuthConfig(c.env);
  const req = parseRequest(c, config, c.req.query());
  // Opened without the site's parameters: let the site start a proper sign-in.
  if (!req) return c.redirect("/auth/login", 302);
  return c.html(signInPage(req));
});

devPortal.post("/login", async (c) => {
  const config = getAuthConfig(c.env);
  const form = await formOf(c);
  const req = parseRequest(c, config, form);
  if (!req) return c.html(badRequestPage(), 400);
  const fields = signInForm.safeParse(form);
  if (!fields.success) return c.html(signInPage(req, { error: INVALID_CREDENTIALS_MESSAGE }), 400);
  // spec §5: the username is lowercased before sign-in
  const username = fields.data.username.toLowerCase();
  // The same limits as the site's direct login: a real portal is expected to keep its own alike.
  const key = await attemptKey(username, clientIp(c));
  const verdict = await checkAttempt(c.env, clientIp(c), key);
  if (!verdict.ok) {
    c.header("Retry-After", String(verdict.retryAfter));
    return c.html(signInPage(req, { error: TOO_MANY_ATTEMPTS_MESSAGE, username }), 429);
  }
  const user = await authenticatePortalUser(c.env.DB, username, fields.data.password);
  if (!user) {
    await recordFailure(c.env.DB, key);
    return c.html(signInPage(req, { error: INVALID_CREDENTIALS_MESSAGE, username }), 401);
  }
  await recordSuccess(c.env.DB, key, verdict);
  return returnToSite(c, config, req, user);
});

devPortal.get("/register", (c) => {
  const config = getAuthConfig(c.env);
  const req = parseRequest(c, config, c.req.query());
  if (!req) return c.redirect("/auth/register", 302);
  return c.html(registerPage(req, { form: registrationFormOf(c.req.query("form")) }));
});

devPortal.post("/register", async (c) => {
  const config = getAuthConfig(c.env);
  const form = await formOf(c);
  const req = parseRequest(c, config, form);
  if (!req) return c.html(badRequestPage(), 400);
  const kind = registrationFormOf(form.form);
  const values = {
    email: form.email ?? "",
    forename: form.forename ?? "",
    surname: form.surname ?? "",
    dateOfBirth: form.dateOfBirth ?? "",
    postcode: form.postcode ?? "",
    phone: form.phone ?? "",
  };
  const verdict = await withinAddressCeiling(c.env, "register", clientIp(c));
  if (!verdict.ok) {
    c.header("Retry-After", String(verdict.retryAfter));
    return c.html(registerPage(req, { form: kind, error: TOO_MANY_ATTEMPTS_MESSAGE, values }), 429);
  }
  const fields = registerForm.safeParse({ ...form, email: (form.email ?? "").trim().toLowerCase() });
  const extras = kind === "long" ? longFormExtras.safeParse(form) : null;
  const problem = !fields.success ? fields.error : extras && !extras.success ? extras.error : null;
  if (problem || !fields.success) {
    return c.html(registerPage(req, { form: kind, error: problem?.issues[0]?.message ?? "Please check the form", values }), 400);
  }
  // The long form's date of birth is kept and sent in the token, as a real portal's OIDC `birthdate`.
  const birthdate = extras?.success ? (birthdateOf(extras.data.dateOfBirth) ?? undefined) : undefined;
  const outcome = await registerPortalUser(c.env.DB, { ...fields.data, ...(birthdate ? { birthdate } : {}) });
  if (!outcome.ok) return c.html(registerPage(req, { form: kind, error: ALREADY_REGISTERED_MESSAGE, values }), 409);
  return returnToSite(c, config, req, outcome.user);
});

devPortal.get("/forgot-password", (c) => {
  const config = getAuthConfig(c.env);
  return c.html(forgotPasswordPage(parseRequest(c, config, c.req.query())));
});

devPortal.post("/forgot-password", async (c) => {
  const config = getAuthConfig(c.env);
  const form = await formOf(c);
  const req = parseRequest(c, config, form);
  const email = z.email().max(320).safeParse((form.email ?? "").trim().toLowerCase());
  if (!email.success) return c.html(forgotPasswordPage(req, { error: "Please enter a valid email address" }), 400);
  // The same answer whether or not the account exists (no account enumeration).
  return c.html(forgotPasswordPage(req, { sentTo: email.data }));
});

devPortal.get("/profile", (c) => c.html(profilePage()));

const directLoginInput = z.object({ username: z.string().min(1).max(320), password: z.string().min(1).max(1024) });

/**
 * Direct login, step 1 (spec §7 'Direct login via an SSO helper'): POST /sso/api/direct-login
 * {username, password} → { token }, or 401 with the message the site shows under the fields.
 * The site has already lowercased the username and checked the attempt against its limits.
 */
devPortal.post("/api/direct-login", async (c) => {
  const config = getAuthConfig(c.env);
  const input = directLoginInput.safeParse(await c.req.json().catch(() => null));
  if (!input.success) return c.json({ error: "invalid_request", message: INVALID_CREDENTIALS_MESSAGE }, 400);
  const user = await authenticatePortalUser(c.env.DB, input.data.username, input.data.password);
  if (!user) return c.json({ error: "invalid_grant", message: INVALID_CREDENTIALS_MESSAGE }, 401);
  const token = await signLoginToken(user, {
    secret: config.devSsoSecret ?? "",
    issuer: config.verification.issuer,
    audience: config.verification.audience,
    expiresIn: TOKEN_TTL,
  });
  return c.json({ token });
});

/**
 * Direct login, step 2: POST /sso/api/authenticate-user with the step-1 token as bearer → 200 when
 * the token is good and its account still exists at the portal, else 401.
 */
devPortal.post("/api/authenticate-user", async (c) => {
  const config = getAuthConfig(c.env);
  const token = /^Bearer (.+)$/.exec(c.req.header("authorization") ?? "")?.[1];
  const verified = token ? await verifyLoginToken(token, config.verification).catch(() => null) : null;
  const user = verified ? await findPortalUser(c.env.DB, verified.identity.ssoID) : null;
  if (!user) return c.json({ error: "invalid_token" }, 401);
  return c.json({ authenticated: true, id: user.ssoID });
});

/** Green-type exchange: GET /sso/api/auth?code=&redirect_uri=&client_id= → { token }. */
devPortal.get("/api/auth", async (c) => {
  const config = getAuthConfig(c.env);
  const parsed = z
    .object({ code: z.string().min(1).max(256), redirect_uri: z.string().min(1).max(2048), client_id: z.string().max(256).optional() })
    .safeParse(c.req.query());
  if (!parsed.success) return c.json({ error: "invalid_request" }, 400);
  const userId = await consumeCode(c.env.DB, {
    code: parsed.data.code,
    redirectUri: parsed.data.redirect_uri,
    clientId: parsed.data.client_id ?? config.clientId,
  });
  const user = userId ? await findPortalUser(c.env.DB, userId) : null;
  if (!user) return c.json({ error: "invalid_grant" }, 400);
  const token = await signLoginToken(user, {
    secret: config.devSsoSecret ?? "",
    issuer: config.verification.issuer,
    audience: config.verification.audience,
    expiresIn: TOKEN_TTL,
    nonce: stateOf(parsed.data.redirect_uri),
  });
  return c.json({ token });
});
