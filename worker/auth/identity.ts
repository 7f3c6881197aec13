/** Who a verified login token names (spec §3 'Login tokens carry forename, surname, id and {email}'). */
export interface Identity {
  /** the portal's user id: the site's ssoID */
  ssoID: string;
  email: string;
  forename: string;
  surname: string;
}

export function displayNameOf(identity: Pick<Identity, "forename" | "surname" | "email">): string {
  const name = `${identity.forename} ${identity.surname}`.trim();
  return name === "" ? identity.email : name;
}

/** The signed-in user as every route sees it (`c.var.user`); entitlements and flags come from D1. */
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
