/** The signed-in user as the worker sees it (`c.var.user`) and /api/session returns it. */
export interface SessionUser {
  ssoID: string;
  email: string;
  displayName: string;
  entitlements: string[];
  /** '' when the account has no payment customer yet */
  stripeCustomerID: string;
  bypassed: boolean;
  blocked: boolean;
  /** why it is blocked (spec §8: administrator, or a disallowed country); null when not blocked */
  blockedReason: "administrator" | "country" | null;
}
