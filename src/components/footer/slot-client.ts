/**
 * The browser's side of the advertising calls of spec §7, for the footer's slots (part of the
 * footer adverts' chunk, not of the first-visit entry):
 *   GET /api/advertising/slots/footer_slot?includeAllAdverts=true  data.attributes.adverts (current form)
 *   GET /api/experiments/data                                       the experiments' adverts list (older or
 *                                                                   aggregated-feed form; none by default)
 * The worker answers with the caller's child-friendly mode (its cookie); the browser checks every
 * advert again with the same eligibility rule and its own clock. An answer that is not what the
 * spec describes is dropped entry by entry, never trusted. Failures are only logged (spec §8).
 */
import type { Advert } from "../../schemas/shell";
import { isAdvertShape } from "../../domain/advert-shapes";
import type { FeedAdvert, OlderAdvert } from "../../domain/advert-eligibility";

export const FOOTER_SLOT_URL = "/api/advertising/slots/footer_slot?includeAllAdverts=true";
export const EXPERIMENTS_URL = "/api/experiments/data";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === "string";
const keyOf = (image: unknown): string | null => (isObject(image) && isString(image.key) ? image.key : null);

/** One advert of the slot call's answer (spec §3 'Advert (current)') as the footer draws it, or null. */
export function currentAdvertOf(raw: unknown): Advert | null {
  if (!isObject(raw) || !isObject(raw.timings) || !isObject(raw.advertData) || !isObject(raw.advertData.images)) return null;
  const { id, advertName, advertRef, campaignRef, url, enabled, channel, childFriendly, slotType } = raw;
  const { startUTC, endUTC } = raw.timings;
  if (typeof id !== "number" || !isString(advertName) || !isString(advertRef) || !isString(campaignRef)) return null;
  if (!(url === null || isString(url)) || typeof enabled !== "boolean" || typeof childFriendly !== "boolean") return null;
  if (channel !== "" && channel !== "web" && channel !== "app") return null;
  if (!isString(slotType) || !isAdvertShape(slotType) || !isString(startUTC) || !isString(endUTC)) return null;
  return {
    id,
    advertName,
    advertRef,
    campaignRef,
    url,
    enabled,
    channel,
    childFriendly,
    startUTC,
    endUTC,
    mobileImageKey: keyOf(raw.advertData.images.mobile),
    desktopImageKey: keyOf(raw.advertData.images.desktop),
    slotType,
  };
}

/** One entry of the experiments list (spec §3 'Older advert', 'Aggregated-feed advert'), or null. */
export function experimentAdvertOf(raw: unknown): OlderAdvert | FeedAdvert | null {
  if (!isObject(raw) || !isObject(raw.imageData)) return null;
  if ((typeof raw.advertID === "number" || isString(raw.advertID)) && isString(raw.advertName) && isString(raw.targetUrl) && typeof raw.childFriendly === "boolean" && isString(raw.imageData.Location)) {
    return { advertID: raw.advertID, advertName: raw.advertName, targetUrl: raw.targetUrl, childFriendly: raw.childFriendly, imageData: { Location: raw.imageData.Location } };
  }
  if (isString(raw.title) && isString(raw.url) && isString(raw.imageData.key)) return { title: raw.title, url: raw.url, imageData: { key: raw.imageData.key } };
  return null;
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { headers: { accept: "application/json" }, credentials: "same-origin" });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

function logFailure(what: string, error: unknown): void {
  console.warn(JSON.stringify({ msg: `${what} fetch failed`, error: String(error) }));
}

/** The footer slot's adverts, or null when the call failed. */
export async function fetchFooterSlotAdverts(): Promise<Advert[] | null> {
  try {
    const body = await getJson(FOOTER_SLOT_URL);
    const list = isObject(body) && isObject(body.data) && isObject(body.data.attributes) ? body.data.attributes.adverts : null;
    if (!Array.isArray(list)) throw new Error("no data.attributes.adverts in the answer");
    return list.map(currentAdvertOf).filter((a): a is Advert => a !== null);
  } catch (error) {
    logFailure("advert", error);
    return null;
  }
}

/** The experiments' adverts list; a failure counts as none configured. */
export async function fetchExperimentAdverts(): Promise<(OlderAdvert | FeedAdvert)[]> {
  try {
    const body = await getJson(EXPERIMENTS_URL);
    if (!Array.isArray(body)) throw new Error("the answer is not a list");
    return body.map(experimentAdvertOf).filter((a): a is OlderAdvert | FeedAdvert => a !== null);
  } catch (error) {
    logFailure("experiments", error);
    return [];
  }
}
