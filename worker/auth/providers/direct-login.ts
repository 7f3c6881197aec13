import { SignInError } from "../errors";
import { verifyLoginToken } from "../tokens";
import type { ProviderDeps, SignInResult } from "./types";
import { requestJson } from "./http";
import { readErrorMessage, readTokenBody } from "./token-body";
import { encodeProviderState } from "./provider-state";

/** Spec §7 'Direct login via an SSO helper': username and password, then an authenticate-user call. */
export const INVALID_CREDENTIALS_MESSAGE = "Your email address or password is incorrect";

export async function directLoginViaHelper(deps: ProviderDeps, username: string, password: string): Promise<SignInResult> {
  const url = deps.config.urls.directLogin;
  if (!url) throw new SignInError("LOGIN_FAILED", "SSO_DIRECT_LOGIN_URL is not configured");
  const answer = await requestJson(deps.fetch, url, {
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
  return {
    identity: verified.identity,
    token: { id: verified.tokenId, expiresAt: verified.expiresAt },
    providerState: encodeProviderState({ token, refreshToken }),
  };
}
