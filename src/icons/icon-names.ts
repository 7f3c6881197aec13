/**
 * The names of the icon set and the crest's symbol: what components need to point into the icon
 * sprite, without the shapes. Kept apart from icon-paths.ts so the browser bundle carries names,
 * never path data (the sprite file has that); icon-paths.ts must draw exactly these names.
 */
export const shapeIconNames = [
  // social
  "facebook", "x", "threads", "instagram", "youtube", "tiktok", "mail", "phone", "share",
  // arrows and chevrons
  "arrow-right", "arrow-left", "arrow-up", "arrow-down", "chevron-right", "chevron-left", "chevron-down", "chevron-up", "external",
  // interface
  "search", "user", "close", "burger", "plus", "minus", "check", "info", "alert", "filter", "grid", "list", "refresh",
  "download", "home", "location", "clock", "calendar", "padlock", "unlocked", "star", "news", "shop", "hospitality",
  // match
  "ball", "whistle", "trophy", "stadium", "goal", "substitution", "card", "ticket",
  // media
  "play", "pause", "play-circle", "video", "audio", "tv", "live", "volume", "mute", "fullscreen",
] as const;
export type ShapeIconName = (typeof shapeIconNames)[number];

/** Shirt icon styles of spec §2 'Shared widgets'. */
export const shirtIcons = ["shirt", "shirt-hollow", "shirt-hoops", "shirt-stripes"] as const;
export type ShirtIconName = (typeof shirtIcons)[number];

export type IconName = ShapeIconName | ShirtIconName;

function allIconNames(): readonly IconName[] {
  return [...shapeIconNames, ...shirtIcons];
}

/** Every valid icon name (spec §5: an icon name must be in this list or empty). */
export const iconNames: readonly IconName[] = /* @__PURE__ */ allIconNames();

export function isIconName(name: string): name is IconName {
  return iconNames.some((icon) => icon === name);
}

/** Symbol id of the crest in the sprite (icon names are the other ids). */
export const CREST_SYMBOL = "crest";
/** The crest's drawing area (its shapes are in crest-shapes.ts). */
export const crestViewBox = "0 0 100 120";
