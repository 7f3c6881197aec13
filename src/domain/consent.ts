/**
 * Spec §4 'Cookie consent' and §9 'Cookie categories': what the supporter's choice allows. Pure.
 * The choice itself is the cookie of src/app/viewer-preferences.ts; these rules decide what may
 * leave the browser with it.
 */
import type { ConsentChoice } from "../app/viewer-preferences";

/** The consent group whose activation enables analytics, marketing and personalisation at once. */
export const CONSENT_GROUP_ALL = "C0004";

/** The session id sent when user tracking is not allowed (spec §4). */
export const NO_TRACKING = "no tracking";

export const NO_CONSENT: ConsentChoice = { analytics: false, marketing: false, personalisation: false };

/**
 * The categories a list of active consent groups grants: C0004 active enables all three; no
 * other group grants anything on its own (the categories are then chosen one by one).
 */
export function consentFromGroups(activeGroups: readonly string[]): ConsentChoice {
  const all = activeGroups.some((group) => group.trim() === CONSENT_GROUP_ALL);
  return { analytics: all, marketing: all, personalisation: all };
}

/** 'Manage choices': the categories ticked, each off unless ticked. */
export function consentFromChoices(ticked: Partial<ConsentChoice>): ConsentChoice {
  return { analytics: ticked.analytics === true, marketing: ticked.marketing === true, personalisation: ticked.personalisation === true };
}

/** Analytics events (advert impressions and clicks among them) leave the browser only with analytics consent. */
export function mayTrack(consent: ConsentChoice | null): boolean {
  return consent?.analytics === true;
}

/** The session id as it may be sent: the real one with analytics consent, else 'no tracking'. */
export function trackingSessionId(sessionID: number | string, consent: ConsentChoice | null): string {
  return mayTrack(consent) ? String(sessionID) : NO_TRACKING;
}

/** Personalised adverts (a click-through tagged for the advertiser) need marketing consent. */
export function mayPersonaliseAdverts(consent: ConsentChoice | null): boolean {
  return consent?.marketing === true;
}
