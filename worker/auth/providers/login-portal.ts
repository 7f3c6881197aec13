import { z } from "zod";
import { SignInError } from "../errors";
import { verifyLoginToken } from "../tokens";
import { directLoginViaHelper } from "./direct-login";
import { requestJson, withQuery } from "./http";
import { decodeProviderState, encodeProviderState } from "./provider-state";
import { readErrorCode, readTokenBody } from "./token-body";
import type { AuthProvider, CallbackInput, ProviderDeps, SignInResult } from "./types";
import { portalPages } from "./portal-pages";

/**
 * The club's cookie-auth login portal (spec §7 'Login portal (one provider)'):
 *   GET  {api}/api/authenticated  (Bearer token) → 200 {authenticated: true}
 *   GET  {api}/api/refresh        (Bearer token) → 200 {token}; {error: 'invalid_request'} refuses
 *   POST {api}/api/sign_out       (Bearer token)
 *   POST {api}/api/cookie-auth    {auth_string} → 200 {valid: true, token?}; {valid: false} or 4xx = tampered
 * The portal returns the browser to the callback with ?tokenpayload=<signed login token>; when the
 * portal's auth_string cookie reaches the site (shared parent domain) it is validated first, and
 * a failed validation is spec §5's 'Could not login. Cookie auth_string tampered with'.
 */
const cookieAuthAnswer = z.object({ valid: z.boolean() }).loose();
const authenticatedAnswer = z.object({ authenticated: z.literal(true) }).loose();

function api(deps: ProviderDeps, path: string): string {
  return new URL(path, deps.config.urls.apiBase ?? "").toString();
}

async function validateAuthCookie(deps: ProviderDeps, authString: string): Promise<string | null> {
  if (authString.length > 8192) throw new SignInError("COOKIE_TAMPERED", "auth_string too long");
  const answer = await requestJson(deps.fetch, api(deps, "/api/cookie-auth"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ auth_string: authString }),
  });
  if (answer.status >= 500) throw new SignInError("PROVIDER_UNAVAILABLE", `cookie-auth answered ${answer.status}`);
  const parsed = cookieAuthAnswer.safeParse(answer.body);
  if (answer.status !== 200 || !parsed.success || !parsed.data.valid) {
    throw new SignInError("COOKIE_TAMPERED", `cookie-auth answered ${answer.status}`);
  }
  return readTokenBody(answer.body).token;
}

async function confirmAuthenticated(deps: ProviderDeps, token: string): Promise<void> {
  const answer = await requestJson(deps.fetch, api(deps, "/api/authenticated"), { headers: { authorization: `Bearer ${token}` } });
  if (answer.status >= 500) throw new SignInError("PROVIDER_UNAVAILABLE", `authenticated answered ${answer.status}`);
  if (answer.status !== 200 || !authenticatedAnswer.safeParse(answer.body).success) {
    throw new SignInError("LOGIN_FAILED", `authenticated answered ${answer.status}`);
  }
}

export function createLoginPortalProvider(deps: ProviderDeps): AuthProvider {
  const pages = portalPages(deps.config);
  return {
    kind: "login-portal",
    loginUrl: (callbackUrl) => withQuery(pages.login, { returnUrl: callbackUrl }),
    registerUrl: (callbackUrl) => withQuery(pages.register, { returnUrl: callbackUrl }),
    profileUrl: () => pages.profile,
    forgotPasswordUrl: () => pages.forgotPassword,

    async completeSignIn(input: CallbackInput): Promise<SignInResult> {
      const authString = input.cookies[deps.config.authCookie];
      const cookieToken = authString !== undefined ? await validateAuthCookie(deps, authString) : null;
      const token = input.tokenpayload ?? cookieToken;
      if (!token) throw new SignInError("LOGIN_FAILED", "callback without tokenpayload");
      // A token that came through the browser's URL must name this sign-in's state as its nonce;
      // one the portal handed over server-side (cookie-auth) is bound by the portal's cookie.
      const verified = await verifyLoginToken(token, deps.config.verification, input.tokenpayload !== undefined ? { nonce: input.state } : {});
      await confirmAuthenticated(deps, token);
      return { identity: verified.identity, token: { id: verified.tokenId, expiresAt: verified.expiresAt }, providerState: encodeProviderState({ token }) };
    },

    async refresh(providerState: string): Promise<SignInResult> {
      const { token } = decodeProviderState(providerState);
      if (!token) throw new SignInError("LOGIN_FAILED", "no portal token to refresh");
      const answer = await requestJson(deps.fetch, api(deps, "/api/refresh"), { headers: { authorization: `Bearer ${token}` } });
      if (answer.status >= 500) throw new SignInError("PROVIDER_UNAVAILABLE", `refresh answered ${answer.status}`);
      const fresh = readTokenBody(answer.body).token;
      if (answer.status !== 200 || !fresh) {
        throw new SignInError("LOGIN_FAILED", `refresh answered ${answer.status} ${readErrorCode(answer.body) ?? ""}`.trim());
      }
      const verified = await verifyLoginToken(fresh, deps.config.verification);
      return { identity: verified.identity, providerState: encodeProviderState({ token: fresh }) };
    },

    async signOut(providerState: string): Promise<void> {
      const { token } = decodeProviderState(providerState);
      if (!token) return;
      await requestJson(deps.fetch, api(deps, "/api/sign_out"), { method: "POST", headers: { authorization: `Bearer ${token}` } });
    },

    ...(deps.config.directLogin ? { directLogin: (username: string, password: string) => directLoginViaHelper(deps, username, password) } : {}),
  };
}
