/**
 * Spec §4 'Overlay promo' and §5 'Overlay promos must be within start and end times'.
 * The seen-promo cookie lists promo IDs already shown; the first active unseen promo shows.
 */
import { PROMO_SEEN_COOKIE_EXPIRES } from "./timings";
import { withinWindow } from "./advert-eligibility";

export const PROMO_SEEN_COOKIE_NAME = "promos_seen";
export { PROMO_SEEN_COOKIE_EXPIRES };

export interface PromoWindowFields {
  promoID: number;
  startDateTime: string;
  endDateTime: string;
}

export function isPromoActive(promo: PromoWindowFields, now: Date | number): boolean {
  const time = typeof now === "number" ? now : now.getTime();
  return withinWindow(promo.startDateTime, promo.endDateTime, time);
}

/** The seen IDs from the cookie value ("3,7,12"); anything that is not an id is ignored. */
export function parseSeenPromos(cookieValue: string | null | undefined): number[] {
  if (!cookieValue) return [];
  let value = cookieValue;
  try {
    value = decodeURIComponent(cookieValue);
  } catch {
    // keep the raw value; malformed escapes just mean fewer ids are recognised
  }
  const ids = value
    .split(",")
    .map((part) => part.trim())
    .filter((part) => /^\d+$/.test(part))
    .map(Number);
  return [...new Set(ids)];
}

/** The cookie value after a promo is shown. */
export function addSeenPromo(cookieValue: string | null | undefined, promoID: number): string {
  const ids = parseSeenPromos(cookieValue);
  if (!ids.includes(promoID)) ids.push(promoID);
  return ids.join(",");
}

/**
 * Consent first: a visitor who has not answered the cookie popup (accepted, or confirmed
 * their choices, declining included) is offered no promo, so the promo never covers the popup.
 * Once answered, the promo follows its own rules (selectPromo).
 */
export function promoToShow<T extends PromoWindowFields>(
  promos: readonly T[],
  seenIDs: readonly number[],
  now: Date | number,
  consentAnswered: boolean,
): T | null {
  return consentAnswered ? selectPromo(promos, seenIDs, now) : null;
}

/** The first promo active now and not yet seen; null means "dismiss". */
export function selectPromo<T extends PromoWindowFields>(
  promos: readonly T[],
  seenIDs: readonly number[],
  now: Date | number,
): T | null {
  return promos.find((p) => isPromoActive(p, now) && !seenIDs.includes(p.promoID)) ?? null;
}
