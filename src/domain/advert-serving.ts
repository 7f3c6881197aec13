/**
 * Which adverts a rendered page carries (spec §5 'Advert shown only if ...'): the browser still
 * picks among them with the viewer's clock and child-friendly mode (advert-eligibility.ts), so
 * the page only leaves out those that cannot be shown while it is cached: disabled, app-only,
 * incomplete, ended, or starting later than `aheadMs` from now. Pure.
 */
import { isAdvertEligible, type AdvertEligibilityFields } from "./advert-eligibility";

export function servableAdverts<T extends AdvertEligibilityFields>(adverts: readonly T[], now: number, aheadMs: number): T[] {
  // childFriendly false: the child-friendly filter is the browser's, per viewer.
  return adverts.filter((a) => isAdvertEligible(a, now, false) || isAdvertEligible(a, now + aheadMs, false));
}
