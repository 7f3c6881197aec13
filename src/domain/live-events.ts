/**
 * The console's live events (the live streams staff run with the ingest, src/domain/live-ingest.ts):
 * who may watch one (its tier, and a match pass), a new event's id, how a stream key is shown
 * after the moment it was issued, and the health of a running push read from its latest playlist.
 */

/** The tiers a live event is sold in (spec §6's table): the mid tier's codes, or the top tier's. */
export const LIVE_TIERS = {
  mid: ["roverstv", "roverstv+", "vip"],
  top: ["roverstv+", "vip"],
} as const satisfies Record<string, readonly string[]>;
export type LiveTier = keyof typeof LIVE_TIERS;
export const LIVE_TIER_NAMES = Object.keys(LIVE_TIERS) as LiveTier[];

export const LIVE_TIER_LABELS: Record<LiveTier, string> = {
  mid: "Rovers TV (mid tier and up)",
  top: "Rovers TV+ (top tier only)",
};

/** The entitlement a match pass for `matchId` grants (migrations/seed: `matchpass-{id}`). */
export const matchPassCode = (matchId: number) => `matchpass-${matchId}`;

/** The entitlements stored for an event: the tier's codes, and the linked match's pass when it is sold with one. */
export function eventEntitlements(tier: LiveTier, matchPass: boolean, matchId: number | null): string[] {
  const codes: string[] = [...LIVE_TIERS[tier]];
  if (matchPass && matchId !== null) codes.push(matchPassCode(matchId));
  return codes;
}

/**
 * What the console's form shows for stored entitlements: the tier whose codes are all there (the
 * top tier when the mid tier's `roverstv` is missing), and whether the match's pass is among them.
 */
export function tierOf(entitlements: readonly string[], matchId: number | null): { tier: LiveTier; matchPass: boolean } {
  const tier: LiveTier = entitlements.includes("roverstv") ? "mid" : "top";
  return { tier, matchPass: matchId !== null && entitlements.includes(matchPassCode(matchId)) };
}

/**
 * A new event's id from its title: lowercase words joined by '-', at most 40 characters, with a
 * random suffix so two events of the same title never collide (the id is in the player's URL).
 */
export function liveEventId(title: string, suffix: string): string {
  const words = title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return `${words || "live"}-${suffix}`;
}

/**
 * A stream key after the moment it was shown: only its version, since D1 keeps the key's hash and
 * never the key (a key lost is a key rotated, not one read back).
 */
export function maskedKey(version: number): string {
  return version === 0 ? "No key issued yet" : `•••••••••••• (key ${version}, shown once when issued)`;
}

/** A running push's health, from its latest media playlist (as the ingest wrote it). */
export interface LiveHealth {
  /** seconds from the newest segment's program date-time to now: the glass-to-glass delay plus the segment itself */
  newestAgeSeconds: number;
  /** the mean time between the listed segments' program date-times (else their mean EXTINF) */
  cadenceSeconds: number;
  /** the segment duration the playlist announces (its target duration) */
  segmentSeconds: number;
  /** true when STALE_SEGMENTS segment durations have passed since the newest segment's end: media has stopped arriving */
  stale: boolean;
}

/** How many segment durations without a new one make a push stale. */
export const STALE_SEGMENTS = 3;

/**
 * The health of a push from its playlist's program date-times. Null when there is nothing to
 * judge: no playlist, or one whose segments carry no program date-time.
 */
export function liveHealth(playlist: string | null, nowMs: number): LiveHealth | null {
  if (playlist === null) return null;
  let targetDuration = 0;
  let pendingAt: number | null = null;
  let pendingDuration: number | null = null;
  const segments: { at: number | null; duration: number }[] = [];
  for (const raw of playlist.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith("#EXT-X-TARGETDURATION:")) targetDuration = Number(line.slice("#EXT-X-TARGETDURATION:".length));
    else if (line.startsWith("#EXT-X-PROGRAM-DATE-TIME:")) {
      const at = Date.parse(line.slice("#EXT-X-PROGRAM-DATE-TIME:".length));
      pendingAt = Number.isFinite(at) ? at : null;
    } else if (line.startsWith("#EXTINF:")) pendingDuration = Number.parseFloat(line.slice("#EXTINF:".length));
    else if (line !== "" && !line.startsWith("#")) {
      segments.push({ at: pendingAt, duration: Number.isFinite(pendingDuration) ? (pendingDuration ?? 0) : 0 });
      // A program date-time holds for the segment after it; the next one's follows on from it.
      pendingAt = pendingAt === null ? null : pendingAt + (pendingDuration ?? 0) * 1000;
      pendingDuration = null;
    }
  }
  const newest = segments.at(-1);
  if (!newest || newest.at === null) return null;
  const dated = segments.filter((s): s is { at: number; duration: number } => s.at !== null);
  const first = dated[0]!;
  const cadenceSeconds =
    dated.length > 1 ? (newest.at - first.at) / 1000 / (dated.length - 1) : segments.reduce((sum, s) => sum + s.duration, 0) / segments.length;
  const segmentSeconds = targetDuration > 0 ? targetDuration : cadenceSeconds;
  const newestAgeSeconds = Math.max(0, (nowMs - newest.at) / 1000);
  return {
    newestAgeSeconds: Math.round(newestAgeSeconds * 10) / 10,
    cadenceSeconds: Math.round(cadenceSeconds * 100) / 100,
    segmentSeconds,
    // From the newest segment's end: it is dated at its first frame, so it is its own length old
    // before it can even be listed; stale is STALE_SEGMENTS more without a new one.
    stale: newestAgeSeconds - newest.duration > STALE_SEGMENTS * segmentSeconds,
  };
}
