/**
 * What a footer advert slot draws, whichever of the three advert forms of spec §3 it came from
 * (current: the advertising slot call; older and aggregated-feed: the experiments call), and how
 * the slots choose (spec §4 'Adverts': one eligible advert at random per slot per view). Pure: the
 * random source is an argument.
 */
import type { Advert, FooterAdvert } from "../schemas/shell";
import type { AdvertShape } from "./advert-shapes";
import { eligibleAdverts, type FeedAdvert, type OlderAdvert } from "./advert-eligibility";
import { FOOTER_ADVERT_SLOTS } from "./timings";

export interface SlotAdvert {
  /** identity within a view (impressions are sent once per advert per view) */
  key: string;
  /** the id advert events carry; null when the form has none (aggregated feed): such an advert is not reported */
  advertID: number | null;
  advertName: string;
  advertRef: string;
  campaignRef: string;
  url: string;
  shape: AdvertShape;
  /** an image key of the image library, or a site path or https URL (the older form's Location) */
  mobileImage: string;
  desktopImage: string | null;
}

/** The current form: drawn in its own slot shape. Only called on eligible adverts (they have a url and a mobile image). */
export function fromCurrentAdvert(a: FooterAdvert): SlotAdvert {
  return {
    key: `advert:${a.id}`,
    advertID: a.id,
    advertName: a.advertName,
    advertRef: a.advertRef,
    campaignRef: a.campaignRef,
    url: a.url ?? "",
    shape: a.slotType,
    mobileImage: a.mobileImageKey ?? "",
    desktopImage: a.desktopImageKey,
  };
}

/** The older and aggregated-feed forms carry one square image and no shape: they take the content-feed slot. */
export function fromExperimentAdvert(a: OlderAdvert | FeedAdvert): SlotAdvert {
  if ("advertID" in a) {
    const id = Number(a.advertID);
    return {
      key: `older:${a.advertID}`,
      advertID: Number.isInteger(id) && id >= 1 ? id : null,
      advertName: a.advertName,
      advertRef: "",
      campaignRef: "",
      url: a.targetUrl,
      shape: "content-feed",
      mobileImage: a.imageData.Location,
      desktopImage: null,
    };
  }
  return { key: `feed:${a.url}`, advertID: null, advertName: a.title, advertRef: "", campaignRef: "", url: a.url, shape: "content-feed", mobileImage: a.imageData.key, desktopImage: null };
}

/**
 * One advert per slot at random, no repeats while enough are eligible (then repeats rather than an
 * empty slot). `shapes` (one per slot, or null) keeps a slot in the shape it already has, so a
 * refresh does not move the page: such a slot draws among the adverts of its shape while there
 * are any.
 */
export function pickForSlots<T>(
  pool: readonly T[],
  slots: number,
  random: () => number,
  shapeOf: (advert: T) => AdvertShape,
  shapes: readonly (AdvertShape | null)[] = [],
): T[] {
  const unused = [...pool];
  const picked: T[] = [];
  for (let i = 0; i < slots && pool.length > 0; i++) {
    const shape = shapes[i] ?? null;
    const fresh = shape ? unused.filter((a) => shapeOf(a) === shape) : unused;
    const any = shape ? pool.filter((a) => shapeOf(a) === shape) : pool;
    // unused ones of the shape, then used ones of the shape, then (no advert of that shape) any
    const source = fresh.length > 0 ? fresh : any.length > 0 ? any : unused.length > 0 ? unused : pool;
    const advert = source[Math.min(source.length - 1, Math.floor(random() * source.length))];
    if (advert === undefined) break;
    picked.push(advert);
    const at = unused.indexOf(advert);
    if (at >= 0) unused.splice(at, 1);
  }
  return picked;
}

/**
 * The first choice a page carries for the footer's slots: one eligible advert at random per slot,
 * with only the fields a slot draws (the eligibility fields would be dead weight in every page).
 * `adverts` is already the viewer's child-friendly variant.
 */
export function firstFooterChoice(adverts: readonly Advert[], now: number, random: () => number): FooterAdvert[] {
  const chosen = pickForSlots(eligibleAdverts(adverts, now, false), FOOTER_ADVERT_SLOTS, random, (a) => a.slotType);
  return chosen.map(({ id, advertName, advertRef, campaignRef, url, mobileImageKey, desktopImageKey, slotType }) => ({
    id,
    advertName,
    advertRef,
    campaignRef,
    url,
    mobileImageKey,
    desktopImageKey,
    slotType,
  }));
}
