import { SignInError } from "../errors";
import { verifyLoginToken } from "../tokens";
import { directLoginViaHelper } from "./direct-login";
import { requestJson, withQuery } from "./http";
import { readTokenBody } from "./token-body";
import type { AuthProvider, CallbackInput, ProviderDeps, SignInResult } from "./types";
import { portalPages, type PortalPages } from "./portal-pages";

/**
 * Green-type SSO (spec §7 'GET auth endpoint with code and redirect_uri'). The portal sends the
 * browser back with ?code=; the worker exchanges it server-side (the code never becomes a
 * session by itself) and verifies the token the portal answers with.
 *
 * Exchange contract: GET {SSO_AUTH_URL}?code=&redirect_uri=&client_id= (client secret, when
 * configured, as HTTP Basic) → 200 {token | id_token | access_token}; anything else refuses.
 */
export interface GreenUrls extends PortalPages {
  auth: string;
}

export function greenUrlsFromConfig(deps: ProviderDeps): GreenUrls {
  return { ...portalPages(deps.config), auth: deps.config.urls.auth ?? "" };
}

export async function exchangeCode(deps: ProviderDeps, authUrl: string, code: string, redirectUri: string): Promise<string> {
  if (code.length > 2048) throw new SignInError("LOGIN_FAILED", "code too long");
  const headers: Record<string, string> = {};
  if (deps.config.clientSecret) headers.authorization = `Basic ${btoa(`${deps.config.clientId}:${deps.config.clientSecret}`)}`;
  const answer = await requestJson(deps.fetch, withQuery(authUrl, { code, redirect_uri: redirectUri, client_id: deps.config.clientId }), { headers });
  if (answer.status >= 500) throw new SignInError("PROVIDER_UNAVAILABLE", `code exchange answered ${answer.status}`);
  const { token } = readTokenBody(answer.body);
  if (answer.status !== 200 || !token) throw new SignInError("LOGIN_FAILED", `code exchange answered ${answer.status}`);
  return token;
}

export function createGreenProvider(deps: ProviderDeps, urls: GreenUrls = greenUrlsFromConfig(deps)): AuthProvider {
  const clientId = deps.config.clientId;
  return {
    kind: "green",
    loginUrl: (callbackUrl) => withQuery(urls.login, { client_id: clientId, redirect_uri: callbackUrl, response_type: "code" }),
    registerUrl: (callbackUrl) => withQuery(urls.register, { client_id: clientId, redirect_uri: callbackUrl, response_type: "code" }),
    profileUrl: () => urls.profile,
    forgotPasswordUrl: () => urls.forgotPassword,
    async completeSignIn(input: CallbackInput): Promise<SignInResult> {
      // A code-exchange portal never sends a token through the browser: one in the URL was put there by someone else.
      if (input.tokenpayload !== undefined) throw new SignInError("LOGIN_FAILED", "tokenpayload refused by a code-exchange provider");
      if (!input.code) throw new SignInError("LOGIN_FAILED", "callback without code");
      // The code is bound to this callback URL (and so to this state) by the portal's exchange.
      const token = await exchangeCode(deps, urls.auth, input.code, input.callbackUrl);
      const verified = await verifyLoginToken(token, deps.config.verification);
      return { identity: verified.identity, token: { id: verified.tokenId, expiresAt: verified.expiresAt } };
    },
    ...(deps.config.directLogin ? { directLogin: (username: string, password: string) => directLoginViaHelper(deps, username, password) } : {}),
  };
}
