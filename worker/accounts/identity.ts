/** Who a verified login token names (spec §3 'Login tokens carry forename, surname, id and {email}'). */
export interface Identity {
  /** the portal's user id: the site's ssoID */
  ssoID: string;
  email: string;
  forename: string;
  surname: string;
  /** YYYY-MM-DD, where the sign-in service sends it (an OIDC `birthdate` claim): only family mode's default reads it */
  birthdate?: string;
}

export function displayNameOf(identity: Pick<Identity, "forename" | "surname" | "email">): string {
  const name = `${identity.forename} ${identity.surname}`.trim();
  return name === "" ? identity.email : name;
}

export type { SessionUser } from "../../src/schemas/session-user";
