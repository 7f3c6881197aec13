/**
 * Spec §5 'Advert shown only if ...' and §4 'Adverts: one eligible advert is chosen at random'.
 * One rule over the three advert forms of spec §3 (current, older, aggregated-feed), used by the
 * footer slots in the browser, the advertising and experiments endpoints and the shell the worker
 * sends with a page. Pure: the current time, the child-friendly flag and the random source are
 * arguments.
 */
import type { Advert } from "../schemas/shell";

/** The fields of the current form the rule reads. */
export type AdvertEligibilityFields = Pick<
  Advert,
  "enabled" | "channel" | "childFriendly" | "startUTC" | "endUTC" | "url" | "mobileImageKey"
>;

/** Older advert form (spec §3): no enabled flag, window or channel of its own. */
export interface OlderAdvert {
  advertID: number | string;
  advertName: string;
  targetUrl: string;
  childFriendly: boolean;
  imageData: { Location: string };
}

/** Aggregated-feed advert (spec §3): title, url and an image key, nothing else. */
export interface FeedAdvert {
  title: string;
  url: string;
  imageData: { key: string };
}

export type AnyAdvertForm = AdvertEligibilityFields | OlderAdvert | FeedAdvert;

export type AdvertForm = "current" | "older" | "feed";

export function advertFormOf(advert: AnyAdvertForm): AdvertForm {
  if ("enabled" in advert) return "current";
  if ("advertID" in advert) return "older";
  return "feed";
}

/** true when now (ms since epoch) lies within [startUTC, endUTC], both inclusive. */
export function withinWindow(startUTC: string, endUTC: string, now: number): boolean {
  const start = Date.parse(startUTC);
  const end = Date.parse(endUTC);
  if (Number.isNaN(start) || Number.isNaN(end)) return false;
  return start <= now && now <= end;
}

/**
 * Whether an advert of any form may show now. The enabled flag, the window and the channel belong
 * to the current form only (the older forms carry none, so nothing there can withhold them), and
 * so does the need for a url and a mobile image. Child-friendly mode shows only adverts flagged
 * child friendly: an aggregated-feed advert carries no flag, so it never shows there.
 */
export function isAdvertEligible(advert: AnyAdvertForm, now: Date | number, childFriendly: boolean): boolean {
  const time = typeof now === "number" ? now : now.getTime();
  const form = advertFormOf(advert);
  if (form === "current") {
    const a = advert as AdvertEligibilityFields;
    if (!a.enabled) return false;
    if (!withinWindow(a.startUTC, a.endUTC, time)) return false;
    if (a.channel !== "" && a.channel !== "web") return false;
    // the newer advert form needs a link and a mobile image
    if (!a.url || !a.mobileImageKey) return false;
    return !childFriendly || a.childFriendly;
  }
  if (form === "older") return !childFriendly || (advert as OlderAdvert).childFriendly;
  return !childFriendly;
}

export function eligibleAdverts<T extends AnyAdvertForm>(adverts: readonly T[], now: Date | number, childFriendly: boolean): T[] {
  return adverts.filter((a) => isAdvertEligible(a, now, childFriendly));
}

/** One eligible advert at random, or null when none is eligible. */
export function pickAdvert<T extends AnyAdvertForm>(
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
