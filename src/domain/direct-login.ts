import { settingOn } from "./setting-flag";

/**
 * Spec §1, §2 'Account', §9: direct username/password login is optional and off by default. The
 * club turns it on with the web setting `login.direct` ('1'); it is only offered when the sign-in
 * provider can do it too (the portal's two helper calls are configured, or the dev portal).
 * Off, the account panel's Log In button links to the portal's sign-in page instead.
 */
export const DIRECT_LOGIN_SETTING = "login.direct";

export function directLoginOffered(providerCan: boolean, settingValue: string | null | undefined): boolean {
  return providerCan && settingOn(settingValue);
}

/** Spec §5: the username is lowercased before sign-in (and trimmed: a pasted space is no part of it). */
export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}
