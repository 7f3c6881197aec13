import type { AuthConfig, AuthProviderKind } from "../config";
import type { Identity } from "../../accounts/identity";
import type { InitialAccountData } from "../../accounts/accounts";

/**
 * One interface for every sign-in provider of spec §7 (embedded dev portal, cookie-auth login
 * portal, sports-alliance SSO, green-type SSO). The routes in worker/auth/auth-routes.ts only talk to
 * this interface; which implementation runs is chosen by AUTH_PROVIDER.
 */

/** What the browser brought back to /auth/callback. */
export interface CallbackInput {
  /** the sign-in state of this callback: tokens that travel through the browser must carry it as nonce */
  state: string;
  code: string | undefined;
  tokenpayload: string | undefined;
  /** the exact callback URL the portal was given (green-type exchange repeats it as redirect_uri) */
  callbackUrl: string;
  /** cookies of the request (a portal on the parent domain may have set its own) */
  cookies: Record<string, string>;
  userAgent: string;
}

export interface SignInResult {
  identity: Identity;
  /** the login token that proved it (spent once, in D1, before the session starts) */
  token?: { id: string; expiresAt: number };
  /**
   * Opaque data the provider needs later to refresh or sign out this session (refresh token,
   * portal token). Stored encrypted in D1, never in the browser. Absent: nothing to refresh.
   */
  providerState?: string;
  /** Data a brand-new account starts with (dev demo fixture only). */
  initialAccount?: InitialAccountData;
}

export interface AuthProvider {
  readonly kind: AuthProviderKind;
  /** Where the browser goes to sign in; the portal comes back to callbackUrl with code or tokenpayload. */
  loginUrl(callbackUrl: string): string;
  registerUrl(callbackUrl: string): string;
  /** 'Manage Account': the portal's profile page. */
  profileUrl(): string;
  forgotPasswordUrl(): string;
  /** Turns what came back into a verified identity (exchange server-side, verify the token). */
  completeSignIn(input: CallbackInput): Promise<SignInResult>;
  /** Renews a session from its stored provider state; throws SignInError when the portal says no. */
  refresh?(providerState: string, userAgent: string): Promise<SignInResult>;
  /** Ends the portal's own session too (best effort). */
  signOut?(providerState: string): Promise<void>;
  /** Direct username/password login (spec §1, off by default); username already lowercased. */
  directLogin?(username: string, password: string): Promise<SignInResult>;
}

/** What a provider may use besides its config: fetch (replaceable in tests) and the dev portal's bindings. */
export interface ProviderDeps {
  config: AuthConfig;
  fetch: typeof fetch;
  env: Env;
  /** the site's origin, for URLs of the embedded dev portal */
  origin: string;
}
