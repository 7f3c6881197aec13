import { SignInError } from "../errors";
import { verifyLoginToken } from "../tokens";
import type { ProviderDeps, SignInResult } from "./types";
import { requestJson } from "./http";
import { readErrorMessage, readTokenBody } from "./token-body";
import { encodeProviderState } from "./provider-state";

/** Spec §7 'Direct login via an SSO helper': username and password, then an authenticate-user call. */
export const INVALID_CREDENTIALS_MESSAGE = "Your email address or password is incorrect";

/** The helper's two endpoints: the username/password step and the authenticate-user call. */
export interface DirectLoginUrls {
  directLogin: string | null;
  authenticateUser: string | null;
}

/**
 * Step 1 posts username and password and gets a login token back; step 2 posts that token to the
 * authenticate-user call, which confirms the portal account may sign in now. Only when both say
 * yes does the caller start the site session, so a refused step 2 signs nobody in.
 */
export async function directLoginViaHelper(
  deps: ProviderDeps,
  username: string,
  password: string,
  urls: DirectLoginUrls = { directLogin: deps.config.urls.directLogin, authenticateUser: deps.config.urls.authenticateUser },
): Promise<SignInResult> {
  if (!urls.directLogin || !urls.authenticateUser) {
    throw new SignInError("LOGIN_FAILED", "SSO_DIRECT_LOGIN_URL or SSO_AUTHENTICATE_USER_URL is not configured");
  }
  const answer = await requestJson(deps.fetch, urls.directLogin, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password, client_id: deps.config.clientId }),
  });
  if (answer.status >= 500) throw new SignInError("PROVIDER_UNAVAILABLE", `direct login answered ${answer.status}`);
  const { token, refreshToken } = readTokenBody(answer.body);
  if (answer.status !== 200 || !token) {
    throw new SignInError("INVALID_CREDENTIALS", `direct login answered ${answer.status}`, readErrorMessage(answer.body) ?? INVALID_CREDENTIALS_MESSAGE);
  }
  const verified = await verifyLoginToken(token, deps.config.verification);

  const check = await requestJson(deps.fetch, urls.authenticateUser, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ client_id: deps.config.clientId }),
  });
  if (check.status >= 500) throw new SignInError("PROVIDER_UNAVAILABLE", `authenticate-user answered ${check.status}`);
  if (check.status !== 200) throw new SignInError("LOGIN_FAILED", `authenticate-user answered ${check.status}`);

  return {
    identity: verified.identity,
    token: { id: verified.tokenId, expiresAt: verified.expiresAt },
    providerState: encodeProviderState({ token, refreshToken }),
  };
}
