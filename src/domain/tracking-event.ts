/**
 * Spec §3 'Tracking event' and the advert events advertImpression and advertClick, built as the
 * browser sends them to POST /api/events. Pure: the page facts, the clock and the random source
 * are arguments. Nothing is built without analytics consent (src/domain/consent.ts).
 */
import type { ConsentChoice } from "../app/viewer-preferences";
import { mayTrack, trackingSessionId } from "./consent";

export const TRACKING_ACTIONS = ["pageView", "advertImpression", "advertClick"] as const;
export type TrackingAction = (typeof TRACKING_ACTIONS)[number];

/** Most events one POST /api/events may carry. */
export const MAX_EVENTS_PER_BATCH = 50;
/** Largest body POST /api/events reads, in bytes. */
export const MAX_EVENTS_BODY_BYTES = 16 * 1024;

export interface PageFacts {
  domain: string;
  width: number;
  height: number;
  userAgent: string;
  ssoVendor: string;
  sessionID: number;
  ssoID: string;
}

export interface AdvertFields {
  advertID: number;
  advertName: string;
  advertRef: string;
  campaignRef: string;
  url: string;
}

export interface TrackingEvent {
  channel: "web";
  domain: string;
  logID: number;
  screensize: string;
  ssoVendor: string;
  userAgent: string;
  sessionID: string;
  ssoID: string;
  action: TrackingAction;
  timestamp: string;
  url: string;
  userAllowTracking: boolean;
  advertID?: number;
  advertName?: string;
  advertRef?: string;
  campaignRef?: string;
}

/** logID: a random integer 1..1,000,000 (spec §3). */
export function randomLogID(random: () => number): number {
  return Math.min(1_000_000, Math.max(1, Math.floor(random() * 1_000_000) + 1));
}

/** One event, or null without analytics consent: without it nothing leaves the browser at all. */
export function buildTrackingEvent(
  action: TrackingAction,
  fields: { url: string } & Partial<AdvertFields>,
  page: PageFacts,
  consent: ConsentChoice | null,
  now: Date,
  random: () => number,
): TrackingEvent | null {
  if (!mayTrack(consent)) return null;
  const event: TrackingEvent = {
    channel: "web",
    domain: page.domain,
    logID: randomLogID(random),
    screensize: `${Math.round(page.width)}x${Math.round(page.height)}`,
    ssoVendor: page.ssoVendor,
    userAgent: page.userAgent.slice(0, 512),
    sessionID: trackingSessionId(page.sessionID, consent),
    ssoID: page.ssoID,
    action,
    timestamp: now.toISOString(),
    url: fields.url,
    userAllowTracking: true,
  };
  if (action !== "pageView") {
    event.advertID = fields.advertID;
    event.advertName = fields.advertName;
    event.advertRef = fields.advertRef;
    event.campaignRef = fields.campaignRef;
  }
  return event;
}
