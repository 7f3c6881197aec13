/**
 * What a video costs the club on Cloudflare, estimated from its stored size, its plays and the
 * minutes watched. Prices are Cloudflare's published list prices (USD), named with their source in
 * docs/console.md; the free monthly allowances are left out, so this is an upper bound.
 */
import { SEGMENT_SECONDS } from "./video-ladder";

export const PRICES_USD = {
  /** R2 Standard storage, per GB-month */
  r2StoragePerGbMonth: 0.015,
  /** R2 Class B operations (GetObject, HeadObject), per million */
  r2ClassBPerMillion: 0.36,
  /** R2 egress: free */
  r2EgressPerGb: 0,
  /** Workers Standard, requests per million */
  workersRequestsPerMillion: 0.3,
} as const;

/** Per play: the master and a media playlist or two, and the poster. */
const REQUESTS_PER_PLAY = 4;
const BYTES_PER_GB = 1_000_000_000;

export interface VideoCostInput {
  /** source plus renditions, bytes */
  storedBytes: number;
  plays: number;
  secondsWatched: number;
}

export interface VideoCost {
  storagePerMonth: number;
  requests: number;
  delivery: number;
}

/**
 * Storage for one month, and delivery so far: each request is one Worker request and, at worst,
 * one R2 Class B read (small files are often served from the isolate's memory instead).
 */
export function videoCost({ storedBytes, plays, secondsWatched }: VideoCostInput): VideoCost {
  // One request per segment watched, per play the playlists and poster.
  const requests = Math.max(0, plays) * REQUESTS_PER_PLAY + Math.ceil(Math.max(0, secondsWatched) / SEGMENT_SECONDS);
  const perRequest = (PRICES_USD.r2ClassBPerMillion + PRICES_USD.workersRequestsPerMillion) / 1_000_000;
  return {
    storagePerMonth: (Math.max(0, storedBytes) / BYTES_PER_GB) * PRICES_USD.r2StoragePerGbMonth,
    requests,
    delivery: requests * perRequest,
  };
}

/** '$0.0123' under a dollar (a video costs fractions of a cent), '$12.34' above. */
export const usd = (amount: number): string => (amount < 1 ? `$${amount.toFixed(4)}` : `$${amount.toFixed(2)}`);
