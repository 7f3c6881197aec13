import type { AuthProviderKind } from "./config";
import type { SessionUser } from "../accounts/identity";

export type { SessionUser } from "../accounts/identity";

/** The site session behind `c.var.user` (what logout revokes). */
export interface SessionInfo {
  sid: string;
  ssoID: string;
  provider: AuthProviderKind;
  /** unix seconds when the cookie expires */
  exp: number;
}

/**
 * Variables sessionMiddleware sets on the routes that read the user (undefined elsewhere). `authNotice` is 'LOGIN_FAILED' when this
 * request ended a session because the provider refused to refresh it (spec §8 'There was a
 * problem logging in'), so /api/session can tell the browser why it is logged out.
 */
export type AuthVariables = {
  user: SessionUser | null;
  session: SessionInfo | null;
  authNotice: "LOGIN_FAILED" | null;
  /** the signed-in account carries the staff role (the console at /admin); never sent to the browser */
  staff: boolean;
};

export type AuthEnv = { Bindings: Env; Variables: AuthVariables };
