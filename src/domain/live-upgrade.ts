/**
 * Spec §3 'Live upgrade data' with §4 'Entitlement values': what live streams do for a viewer
 * they are locked for. The data lives in the web settings (keys `liveUpgrade.{field}`), so the
 * CMS changes it without a deploy; a missing or unusable value falls back to the defaults below
 * (which are also the seed's values).
 *
 * - `requireLoginEntitlement` says who gets past the login stage of a live stream. '*' (the
 *   spec's value): any logged-in user. Another code (e.g. 'freemium'): a logged-in user must also
 *   hold it; without it they are treated as not logged in for live (the session check answers
 *   ERR_3684853_1 and the page shows the login prompt).
 * - `requireUpgradeEntitlement` says who is offered the upgrade when a stream is locked for
 *   them. '?' (the spec's value): everyone. Another code (e.g. 'roverstv', to offer Rovers TV+
 *   only to mid-tier subscribers): only viewers holding it; the others see the plain
 *   not-subscribed text without the offer.
 * - The offer itself: `lockedVideoTitle`, `lockedVideoMessage`, a button (`buttonText` →
 *   `buttonLink`, a site path), drawn in `brandingBackground` / `brandingTextColor`, naming the
 *   package as `entitlementDisplayOverride` or, when that is empty, as the cheapest tier that
 *   unlocks the stream.
 */
import { club } from "../config/club";
import { isVideoLocked } from "./video-lock";

export interface LiveUpgradeData {
  brandingBackground: string;
  brandingTextColor: string;
  buttonLink: string;
  buttonText: string;
  entitlementDisplayOverride: string;
  lockedVideoMessage: string;
  lockedVideoTitle: string;
  requireLoginEntitlement: string;
  requireUpgradeEntitlement: string;
}

/** '*' as requireLoginEntitlement: any logged-in user (spec §4). */
export const ANY_LOGGED_IN = "*";
/** '?' as requireUpgradeEntitlement: everyone / upgrade required (spec §4). */
export const EVERYONE = "?";

export const LIVE_UPGRADE_DEFAULTS: LiveUpgradeData = {
  brandingBackground: "#0b2d1f",
  brandingTextColor: "#ffffff",
  buttonLink: "/videos/subscriptions",
  buttonText: "View Subscriptions",
  entitlementDisplayOverride: "",
  lockedVideoMessage: "Listen to live matches and watch full game replays on demand",
  // Spec §8 'Upgrade notice'.
  lockedVideoTitle: "To stream live games you must be subscribed to a TV package",
  requireLoginEntitlement: ANY_LOGGED_IN,
  requireUpgradeEntitlement: EVERYONE,
};

export const LIVE_UPGRADE_SETTING_PREFIX = "liveUpgrade.";

const COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const CODE = /^(?:[*?]|[a-z0-9][a-z0-9+_-]{0,63})$/;
/** A path on this site: the button never sends a supporter elsewhere (or to a script URL). */
const SITE_PATH = /^\/(?!\/)[^\s\\]*$/;

const checks: Record<keyof LiveUpgradeData, (value: string) => boolean> = {
  brandingBackground: (v) => COLOUR.test(v),
  brandingTextColor: (v) => COLOUR.test(v),
  buttonLink: (v) => SITE_PATH.test(v),
  buttonText: (v) => v.length <= 60,
  entitlementDisplayOverride: (v) => v.length <= 60,
  lockedVideoMessage: (v) => v.length <= 300,
  lockedVideoTitle: (v) => v.length <= 120,
  requireLoginEntitlement: (v) => CODE.test(v),
  requireUpgradeEntitlement: (v) => CODE.test(v),
};

/** The live upgrade data from the web settings; each value that is missing or fails its check takes its default. */
export function liveUpgradeData(settings: Readonly<Record<string, string>>): LiveUpgradeData {
  const data = { ...LIVE_UPGRADE_DEFAULTS };
  for (const key of Object.keys(checks) as Array<keyof LiveUpgradeData>) {
    const raw = settings[`${LIVE_UPGRADE_SETTING_PREFIX}${key}`]?.trim();
    const value = key.startsWith("require") ? raw?.toLowerCase() : raw;
    if (value && checks[key](value)) data[key] = value;
  }
  // A branding pair people cannot read (under WCAG AA's 4.5:1) falls back to the default pair.
  if (contrastRatio(data.brandingBackground, data.brandingTextColor) < 4.5) {
    data.brandingBackground = LIVE_UPGRADE_DEFAULTS.brandingBackground;
    data.brandingTextColor = LIVE_UPGRADE_DEFAULTS.brandingTextColor;
  }
  return data;
}

/** WCAG 2 relative luminance of a #rgb / #rrggbb colour. */
function luminance(hex: string): number {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d) : [hex.slice(1, 3), hex.slice(3, 5), hex.slice(5, 7)];
  const [r, g, b] = digits.map((d) => {
    const c = parseInt(d, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

const norm = (code: string) => code.trim().toLowerCase();

export interface LiveViewerFacts {
  loggedIn: boolean;
  bypassed: boolean;
  /** null while not yet known: counts as none */
  entitlements: readonly string[] | null;
}

/** Whether the viewer gets past the login stage of a live stream (requireLoginEntitlement). */
export function passesLiveLogin(data: LiveUpgradeData, viewer: LiveViewerFacts): boolean {
  if (!viewer.loggedIn) return false;
  if (viewer.bypassed || data.requireLoginEntitlement === ANY_LOGGED_IN) return true;
  return (viewer.entitlements ?? []).map(norm).includes(data.requireLoginEntitlement);
}

/** Whether a viewer a stream is locked for is offered the upgrade (requireUpgradeEntitlement). */
export function offeredUpgrade(data: LiveUpgradeData, viewer: LiveViewerFacts): boolean {
  if (data.requireUpgradeEntitlement === EVERYONE) return true;
  return (viewer.entitlements ?? []).map(norm).includes(data.requireUpgradeEntitlement);
}

export interface LiveUpgradeOffer {
  title: string;
  message: string;
  /** the package that unlocks the stream, as the supporter should read it */
  packageName: string;
  button: { text: string; href: string };
  background: string;
  textColor: string;
}

export type LiveLock =
  | { kind: "open" }
  | { kind: "login" }
  | { kind: "upgrade"; offer: LiveUpgradeOffer }
  | { kind: "notSubscribed" };

/** Cheapest first: the name of the least a supporter must buy. */
const tierNames: Array<[string, string]> = [
  [club.entitlements.mid, club.tvName],
  [club.entitlements.top, club.tvPlusName],
  [club.entitlements.vip, "VIP"],
];

function packageNameOf(data: LiveUpgradeData, streamEntitlements: readonly string[]): string {
  if (data.entitlementDisplayOverride) return data.entitlementDisplayOverride;
  const codes = streamEntitlements.map(norm);
  return tierNames.find(([code]) => codes.includes(code))?.[1] ?? `a ${club.tvName} package`;
}

export function liveUpgradeOffer(data: LiveUpgradeData, streamEntitlements: readonly string[]): LiveUpgradeOffer {
  return {
    title: data.lockedVideoTitle,
    message: data.lockedVideoMessage,
    packageName: packageNameOf(data, streamEntitlements),
    button: { text: data.buttonText, href: data.buttonLink },
    background: data.brandingBackground,
    textColor: data.brandingTextColor,
  };
}

/**
 * What a live stream is for this viewer: open, the login stage, the upgrade offer, or locked
 * without an offer. Bypassed accounts are never locked (the session check skips them too).
 */
export function liveLock(data: LiveUpgradeData, viewer: LiveViewerFacts, streamEntitlements: readonly string[]): LiveLock {
  if (!passesLiveLogin(data, viewer)) return { kind: "login" };
  const locked = isVideoLocked({ videoEntitlements: streamEntitlements, loggedIn: true, userEntitlements: viewer.entitlements, bypassed: viewer.bypassed });
  if (!locked) return { kind: "open" };
  return offeredUpgrade(data, viewer) ? { kind: "upgrade", offer: liveUpgradeOffer(data, streamEntitlements) } : { kind: "notSubscribed" };
}
