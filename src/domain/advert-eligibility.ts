/**
 * Spec §5 'Advert shown only if ...' and §4 'Adverts: one eligible advert is chosen at random'.
 * Pure: the current time, the child-friendly flag and the random source are arguments.
 */
import type { Advert } from "../schemas/shell";

/** The fields the rule reads, so older advert forms can be checked once mapped to them. */
export type AdvertEligibilityFields = Pick<
  Advert,
  "enabled" | "channel" | "childFriendly" | "startUTC" | "endUTC" | "url" | "mobileImageKey"
>;

/** true when now (ms since epoch) lies within [startUTC, endUTC], both inclusive. */
export function withinWindow(startUTC: string, endUTC: string, now: number): boolean {
  const start = Date.parse(startUTC);
  const end = Date.parse(endUTC);
  if (Number.isNaN(start) || Number.isNaN(end)) return false;
  return start <= now && now <= end;
}

export function isAdvertEligible(
  advert: AdvertEligibilityFields,
  now: Date | number,
  childFriendly: boolean,
): boolean {
  const time = typeof now === "number" ? now : now.getTime();
  if (!advert.enabled) return false;
  if (!withinWindow(advert.startUTC, advert.endUTC, time)) return false;
  if (advert.channel !== "" && advert.channel !== "web") return false;
  // the newer advert form needs a link and a mobile image
  if (!advert.url || !advert.mobileImageKey) return false;
  if (childFriendly && !advert.childFriendly) return false;
  return true;
}

export function eligibleAdverts<T extends AdvertEligibilityFields>(
  adverts: readonly T[],
  now: Date | number,
  childFriendly: boolean,
): T[] {
  return adverts.filter((a) => isAdvertEligible(a, now, childFriendly));
}

/** One eligible advert at random, or null when none is eligible. */
export function pickAdvert<T extends AdvertEligibilityFields>(
  adverts: readonly T[],
  now: Date | number,
  childFriendly: boolean,
  random: () => number = Math.random,
): T | null {
  const eligible = eligibleAdverts(adverts, now, childFriendly);
  if (eligible.length === 0) return null;
  const index = Math.min(eligible.length - 1, Math.floor(random() * eligible.length));
  return eligible[index] ?? null;
}
