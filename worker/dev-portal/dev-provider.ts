import { Hono } from "hono";
import { devPortal } from "./app";
import type { AppEnv } from "../env";
import { demoUserById } from "./demo-users";
import { SignInError } from "../auth/errors";
import { verifyLoginToken } from "../auth/tokens";
import { createGreenProvider, exchangeCode } from "../auth/providers/green";
import { directLoginViaHelper } from "../auth/providers/direct-login";
import type { AuthProvider, CallbackInput, ProviderDeps, SignInResult } from "../auth/providers/types";

/**
 * The default provider: the embedded dev portal at /sso/* (worker/dev-portal/). The site
 * talks to it as to a green-type portal (redirect out, ?code= back, exchange, verify the signed
 * token), the exchange going to the portal in-process instead of over the network. It can also
 * answer with ?tokenpayload= like a login portal. Either way its tokens carry the sign-in state as
 * `nonce`, and the callback refuses a token without this sign-in's state. Demo accounts bring
 * their fixture (entitlements, bypassed, blocked) into `accounts` on first sign-in; the provider
 * is refused outside development and test (worker/auth/config.ts), so they exist nowhere else.
 * Part of the development build only: worker/dev-kit.ts hands it to worker/auth/providers/index.ts.
 */
// The portal as the site mounts it (at /sso), for in-process calls with full URLs.
const portalApp = new Hono<AppEnv>().route("/sso", devPortal);

export function createDevProvider(deps: ProviderDeps): AuthProvider {
  const portalFetch = ((input: RequestInfo | URL, init?: RequestInit) => portalApp.request(input, init, deps.env)) as typeof fetch;
  const base = `${deps.origin}/sso`;
  const portalDeps = { ...deps, fetch: portalFetch };
  const urls = {
    login: `${base}/login`,
    register: `${base}/register`,
    profile: `${base}/profile`,
    forgotPassword: `${base}/forgot-password`,
    auth: `${base}/api/auth`,
  };
  const green = createGreenProvider(portalDeps, urls);

  const withFixture = (result: SignInResult): SignInResult => {
    const demo = demoUserById(result.identity.ssoID);
    return demo ? { ...result, initialAccount: demo.account } : result;
  };

  return {
    ...green,
    kind: "dev",
    async completeSignIn(input: CallbackInput) {
      const token = input.code ? await exchangeCode(portalDeps, urls.auth, input.code, input.callbackUrl) : input.tokenpayload;
      if (!token) throw new SignInError("LOGIN_FAILED", "callback without code or tokenpayload");
      const verified = await verifyLoginToken(token, deps.config.verification, { nonce: input.state });
      return withFixture({ identity: verified.identity, token: { id: verified.tokenId, expiresAt: verified.expiresAt } });
    },
    ...(deps.config.directLogin
      ? {
          // The same two calls a real helper gets (spec §7), answered by the portal in-process.
          async directLogin(username: string, password: string): Promise<SignInResult> {
            const result = await directLoginViaHelper(portalDeps, username, password, {
              directLogin: `${base}/api/direct-login`,
              authenticateUser: `${base}/api/authenticate-user`,
            });
            return withFixture(result);
          },
        }
      : {}),
  };
}
