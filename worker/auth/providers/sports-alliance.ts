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
 * Sports-alliance-style SSO (spec §7): the portal keeps the user's session id in its own cookie
 * (SSO_SESSION_COOKIE, on the shared parent domain). On return the worker
 *   GET {SSO_SESSION_URL}?session_id=<cookie>                      → 200 {refresh_token}
 *   GET {SSO_REFRESH_URL}?refresh_token=&user_agent_pass=          → 200 {access_token, refresh_token?}
 * and verifies the access token. The refresh token is kept (encrypted, server-side) to renew
 * the session; a refresh answering invalid_request ends it (spec §8 'There was a problem logging in').
 */
const sessionAnswer = z.object({ refresh_token: z.string().min(1).max(4096) }).loose();

export function createSportsAllianceProvider(deps: ProviderDeps): AuthProvider {
  const { urls } = deps.config;
  const pages = portalPages(deps.config);

  async function refreshWith(refreshToken: string, userAgent: string): Promise<SignInResult> {
    const answer = await requestJson(
      deps.fetch,
      withQuery(urls.refresh ?? "", { refresh_token: refreshToken, user_agent_pass: deps.config.userAgentPass ?? "" }),
      { headers: { "user-agent": userAgent.slice(0, 512) } },
    );
    if (answer.status >= 500) throw new SignInError("PROVIDER_UNAVAILABLE", `refresh answered ${answer.status}`);
    const body = readTokenBody(answer.body);
    if (answer.status !== 200 || !body.token) {
      throw new SignInError("LOGIN_FAILED", `refresh answered ${answer.status} ${readErrorCode(answer.body) ?? ""}`.trim());
    }
    const verified = await verifyLoginToken(body.token, deps.config.verification);
    return {
      identity: verified.identity,
      token: { id: verified.tokenId, expiresAt: verified.expiresAt },
      providerState: encodeProviderState({ refreshToken: body.refreshToken ?? refreshToken }),
    };
  }

  return {
    kind: "sports-alliance",
    loginUrl: (callbackUrl) => withQuery(pages.login, { redirect_uri: callbackUrl }),
    registerUrl: (callbackUrl) => withQuery(pages.register, { redirect_uri: callbackUrl }),
    profileUrl: () => pages.profile,
    forgotPasswordUrl: () => pages.forgotPassword,

    async completeSignIn(input: CallbackInput): Promise<SignInResult> {
      const sessionId = input.cookies[deps.config.sessionCookie];
      if (!sessionId || sessionId.length > 512) throw new SignInError("LOGIN_FAILED", "no portal session cookie");
      const answer = await requestJson(deps.fetch, withQuery(urls.session ?? "", { session_id: sessionId }));
      if (answer.status >= 500) throw new SignInError("PROVIDER_UNAVAILABLE", `session answered ${answer.status}`);
      const parsed = sessionAnswer.safeParse(answer.body);
      if (answer.status !== 200 || !parsed.success) throw new SignInError("LOGIN_FAILED", `session answered ${answer.status}`);
      return refreshWith(parsed.data.refresh_token, input.userAgent);
    },

    async refresh(providerState: string, userAgent: string): Promise<SignInResult> {
      const { refreshToken } = decodeProviderState(providerState);
      if (!refreshToken) throw new SignInError("LOGIN_FAILED", "no refresh token");
      return refreshWith(refreshToken, userAgent);
    },

    ...(deps.config.directLogin ? { directLogin: (username: string, password: string) => directLoginViaHelper(deps, username, password) } : {}),
  };
}
