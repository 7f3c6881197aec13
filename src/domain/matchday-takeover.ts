import type { Matchday, MatchdayCandidate } from "../schemas/matchday";

/**
 * The match-day takeover of the home page (spec §2): from a set time before
 * kick-off until a set time after full time, and whenever a match is live, `/` leads with the
 * match instead of the news hero. Which match, and whether now is inside its window, are decided
 * here, by the worker's render and by the browser's loader alike.
 */

/** Where the takeover's match is: counting down to kick-off, in play, or finished. */
export type TakeoverStage = "before" | "live" | "after";

export interface TakeoverWindow {
  beforeMs: number;
  afterMs: number;
}

const MINUTE_MS = 60_000;

/** The settings rows the club changes through PUT /api/admin/settings/{key} (whole minutes). */
export const TAKEOVER_SETTINGS = {
  before: "matchday.takeoverBeforeMinutes",
  after: "matchday.takeoverAfterMinutes",
} as const;

/** 3 h before kick-off, 2 h after full time, unless the club sets otherwise. */
export const DEFAULT_TAKEOVER_WINDOW: TakeoverWindow = { beforeMs: 180 * MINUTE_MS, afterMs: 120 * MINUTE_MS };

/** A window longer than a day would be a typo; the data layer also only looks this far. */
export const MAX_TAKEOVER_MINUTES = 24 * 60;

/**
 * How long a match lasts from kick-off to full time when the feed did not say (a result entered
 * by hand, or a fixture the feed never started): two halves, half-time and stoppage time.
 */
export const ASSUMED_MATCH_MS = 115 * MINUTE_MS;

/** A setting's minutes, or the default when it is unset or not a whole number from 0 to a day. */
function minutesOf(text: string | null, fallbackMs: number): number {
  const trimmed = text?.trim() ?? "";
  if (!/^\d{1,4}$/.test(trimmed)) return fallbackMs;
  const minutes = Number(trimmed);
  return minutes <= MAX_TAKEOVER_MINUTES ? minutes * MINUTE_MS : fallbackMs;
}

/** The window from the settings rows (TAKEOVER_SETTINGS), each falling back to its default. */
export function takeoverWindowOf(settings: Matchday["settings"]): TakeoverWindow {
  return {
    beforeMs: minutesOf(settings.before, DEFAULT_TAKEOVER_WINDOW.beforeMs),
    afterMs: minutesOf(settings.after, DEFAULT_TAKEOVER_WINDOW.afterMs),
  };
}

/**
 * The stage of one match at `now`, or null outside its window. A live match is in it whatever the
 * clock says (a late kick-off, extra time); a postponed one never is. A finished match stays for
 * `afterMs` from the feed's full-time event, or from kick-off plus ASSUMED_MATCH_MS without one; a
 * fixture the feed has not started stays as long as it would if it had kicked off on time.
 */
export function takeoverStageOf(candidate: MatchdayCandidate, window: TakeoverWindow, now: number): TakeoverStage | null {
  const { match, state, fullTimeAt } = candidate;
  if (match.status === "postponed") return null;
  if (state === "live") return "live";
  const kickoff = Date.parse(match.kickoff);
  if (Number.isNaN(kickoff) || now < kickoff - window.beforeMs) return null;
  const ended = state === "result" && fullTimeAt !== null ? Date.parse(fullTimeAt) : kickoff + ASSUMED_MATCH_MS;
  if (now > ended + window.afterMs) return null;
  return state === "result" ? "after" : "before";
}

const STAGE_RANK: Record<TakeoverStage, number> = { live: 0, before: 1, after: 2 };

export interface Takeover {
  candidate: MatchdayCandidate;
  stage: TakeoverStage;
}

/**
 * The match the home page leads with, or null (the news hero): of the matches inside their
 * window, the first team's first; then a live match before an upcoming one before a finished one;
 * then the nearest kick-off.
 */
export function takeoverOf(candidates: readonly MatchdayCandidate[], window: TakeoverWindow, now: number): Takeover | null {
  const inWindow = candidates.flatMap((candidate) => {
    const stage = takeoverStageOf(candidate, window, now);
    return stage ? [{ candidate, stage }] : [];
  });
  const rank = ({ candidate, stage }: Takeover) => [
    candidate.match.teamSlug === "" ? 0 : 1,
    STAGE_RANK[stage],
    Math.abs(Date.parse(candidate.match.kickoff) - now),
  ];
  inWindow.sort((a, b) => {
    const [x, y] = [rank(a), rank(b)];
    return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
  });
  return inWindow[0] ?? null;
}

/** A call to action of the takeover. */
export type TakeoverAction = "tickets" | "listen" | "watch" | "centre";

/**
 * The calls to action by stage: tickets until kick-off; the match's live audio and live video
 * (each only where the match has one) until full time; the match centre always. Whether the
 * supporter may play a stream is the lock rule's (src/domain/video-lock.ts): a locked one still
 * leads to its player, which offers the upgrade.
 */
export function takeoverActions(stage: TakeoverStage, streams: readonly { mediaType: "audio" | "video" }[]): TakeoverAction[] {
  const actions: TakeoverAction[] = [];
  if (stage === "before") actions.push("tickets");
  if (stage !== "after") {
    if (streams.some((s) => s.mediaType === "audio")) actions.push("listen");
    if (streams.some((s) => s.mediaType === "video")) actions.push("watch");
  }
  actions.push("centre");
  return actions;
}

/** The countdown's parts, whole minutes rounded up; null once kick-off time has come. */
export function countdownOf(kickoff: string, now: number): { days: number; hours: number; minutes: number } | null {
  const left = Date.parse(kickoff) - now;
  if (Number.isNaN(left) || left <= 0) return null;
  const total = Math.ceil(left / MINUTE_MS);
  return { days: Math.floor(total / 1440), hours: Math.floor((total % 1440) / 60), minutes: total % 60 };
}

/** 'Kick-off in 2 h 05 min', or 'Kick-off in 1 day 3 h' (a window set beyond a day). */
export function countdownText(kickoff: string, now: number): string {
  const left = countdownOf(kickoff, now);
  if (!left) return "Kick-off soon";
  if (left.days > 0) return `Kick-off in ${left.days} day${left.days === 1 ? "" : "s"} ${left.hours} h`;
  if (left.hours > 0) return `Kick-off in ${left.hours} h ${String(left.minutes).padStart(2, "0")} min`;
  return `Kick-off in ${left.minutes} min`;
}
