import { Hono } from "hono";
import { devPortal, type PortalEnv } from "../dev-portal/app";
import { demoUserById } from "../dev-portal/demo-users";
import { authenticatePortalUser } from "../dev-portal/users";
import { SignInError } from "../errors";
import { createGreenProvider } from "./green";
import { INVALID_CREDENTIALS_MESSAGE } from "./direct-login";
import type { AuthProvider, CallbackInput, ProviderDeps, SignInResult } from "./types";

/**
 * The default provider: the embedded dev portal at /sso/* (worker/auth/dev-portal/). The site
 * talks to it as to a green-type portal (redirect out, ?code= back, exchange, verify the signed
 * token), the exchange going to the portal in-process instead of over the network. Demo accounts
 * bring their fixture (entitlements, bypassed, blocked) into `accounts` on first sign-in.
 */
// The portal as the site mounts it (at /sso), for in-process calls with full URLs.
const portalApp = new Hono<PortalEnv>().route("/sso", devPortal);

export function createDevProvider(deps: ProviderDeps): AuthProvider {
  const portalFetch = ((input: RequestInfo | URL, init?: RequestInit) => portalApp.request(input, init, deps.env)) as typeof fetch;
  const base = `${deps.origin}/sso`;
  const green = createGreenProvider(
    { ...deps, fetch: portalFetch },
    {
      login: `${base}/login`,
      register: `${base}/register`,
      profile: `${base}/profile`,
      forgotPassword: `${base}/forgot-password`,
      auth: `${base}/api/auth`,
    },
  );

  const withFixture = (result: SignInResult): SignInResult => {
    const demo = demoUserById(result.identity.ssoID);
    return demo ? { ...result, initialAccount: demo.account } : result;
  };

  return {
    ...green,
    kind: "dev",
    async completeSignIn(input: CallbackInput) {
      return withFixture(await green.completeSignIn(input));
    },
    ...(deps.config.directLogin
      ? {
          async directLogin(username: string, password: string): Promise<SignInResult> {
            const user = await authenticatePortalUser(deps.env.DB, username, password);
            if (!user) throw new SignInError("INVALID_CREDENTIALS", "dev portal refused the password", INVALID_CREDENTIALS_MESSAGE);
            return withFixture({ identity: { ssoID: user.ssoID, email: user.email, forename: user.forename, surname: user.surname } });
          },
        }
      : {}),
  };
}
