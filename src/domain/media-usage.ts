/**
 * Where a media library photo is used, and what the console says when its deletion is refused.
 * A photo is referred to in two ways: an image field holds `media:{id}` (an article's hero, a
 * page's hero, an advert's, a promo's or a sponsor's image), and a text's HTML holds its served
 * URLs, `/images/media/{id}/{version}/{w}x{h}.{format}` (an article's or a page's text). Deleting a
 * photo in use would leave those places with a broken picture, so the deletion is refused, naming
 * them (409 MEDIA_IN_USE): whoever deletes it changes them first. Refusing rather than asking for a
 * confirmation: nothing on the site can show a photo that is gone, so no answer to a question
 * could make the deletion harmless.
 */

export const MEDIA_USE_KINDS = ["article", "page", "advert", "promo", "sponsor", "header sponsor"] as const;
export type MediaUseKind = (typeof MEDIA_USE_KINDS)[number];

/** One place a photo is used: what (its kind and name) and where in it. */
export interface MediaUse {
  kind: MediaUseKind;
  id: number;
  name: string;
  /** "hero image", "text", "image" … */
  place: string;
}

/** How many uses the message names before it counts the rest. */
export const MEDIA_USES_NAMED = 5;

/** The refusal's text: every use up to MEDIA_USES_NAMED by kind, name and place, then how many more. */
export function mediaInUseDetail(uses: readonly MediaUse[]): string {
  const named = uses.slice(0, MEDIA_USES_NAMED).map((u) => `${u.kind} “${u.name || `#${u.id}`}” (${u.place})`);
  const more = uses.length - named.length;
  const list = more > 0 ? `${named.join(", ")} and ${more} more` : named.join(", ");
  return `This photo is used by ${list}: remove it there before deleting it`;
}
