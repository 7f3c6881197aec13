import type { LiveMatch, MatchEvent, MatchEventType, MatchPhase } from "../schemas/match-live";
import { standing } from "./match-live";

/**
 * The running minute of a live match: it ticks in the browser between the feed's
 * events, counted from the time stamp of the event that started the phase (kick-off, second half,
 * extra time). Past a period's regular end it reads as stoppage time, '45+2'. It stands still
 * where no clock runs: half-time, penalties, before kick-off and after full time.
 */

/** The phases with a running clock: the event that starts each, and its minutes. */
const PERIODS: Partial<Record<MatchPhase, { startedBy: MatchEventType; from: number; to: number }>> = {
  "first-half": { startedBy: "kickoff", from: 0, to: 45 },
  "second-half": { startedBy: "second-half", from: 45, to: 90 },
  "extra-time": { startedBy: "extra-time", from: 90, to: 120 },
};

/**
 * The clock stops counting this long past a period's regular end: a half-time the feed forgot to
 * post, or a match left live, must not read '45+300'. The feed's own minutes still show.
 */
export const MAX_STOPPAGE_MINUTES = 15;

const MINUTE_MS = 60_000;

export interface MatchClock {
  /** the match minute: the 1st minute is 0:00–0:59 of play */
  minute: number;
  /** '17'', '45+2'' */
  label: string;
  /** in how many ms the label may change; null when it stands still */
  nextTickMs: number | null;
}

/** '47' in the first half is '45+2': stoppage time is written past the period's regular end. */
export function minuteLabel(minute: number, periodEnd: number): string {
  return minute > periodEnd ? `${periodEnd}+${minute - periodEnd}'` : `${minute}'`;
}

/**
 * The minute to show at `now` (unix ms; null when no clock is known, e.g. nothing rendered it):
 * the clock since the phase began, or the feed's latest minute of this phase when it is ahead
 * (the feed is the referee's word: a replay or a late phase post). Null where no clock runs.
 */
export function matchClock(live: Pick<LiveMatch, "phase" | "events">, now: number | null): MatchClock | null {
  const period = PERIODS[live.phase];
  if (!period) return null;
  const events = standing(live.events);
  const start = events.findLast((e) => e.type === period.startedBy);
  if (!start) return null;
  const feedMinute = Math.max(period.from, ...events.filter((e) => e.seq >= start.seq).map((e) => e.minute));
  const startedAt = Date.parse(start.createdAt);
  let clockMinute = 0;
  let nextTickMs: number | null = null;
  if (now !== null && Number.isFinite(startedAt)) {
    const elapsed = Math.max(0, now - startedAt);
    const counted = period.from + Math.floor(elapsed / MINUTE_MS) + 1;
    const last = period.to + MAX_STOPPAGE_MINUTES;
    clockMinute = Math.min(counted, last);
    nextTickMs = counted >= last ? null : MINUTE_MS - (elapsed % MINUTE_MS);
  }
  const minute = Math.max(clockMinute, feedMinute);
  return { minute, label: minuteLabel(minute, period.to), nextTickMs };
}

/** Where each phase event leaves the regular end of play: the period the next events belong to. */
const PERIOD_END_AFTER: Partial<Record<MatchEventType, number>> = { kickoff: 45, "second-half": 90, "extra-time": 120 };

/**
 * How the timeline writes each event's minute, in the style of the running minute: a goal posted
 * at 47 in the first half is '45+2''. Each event is read against the period it was posted in (a
 * phase event that stands starts the next one); withdrawn events keep the period they were in.
 */
export function eventMinuteLabels(events: readonly MatchEvent[]): Map<string, string> {
  const labels = new Map<string, string>();
  let periodEnd = 45;
  for (const event of [...events].sort((a, b) => a.seq - b.seq)) {
    const next = event.withdrawn ? undefined : PERIOD_END_AFTER[event.type];
    if (next !== undefined) periodEnd = next;
    labels.set(event.id, minuteLabel(event.minute, periodEnd));
  }
  return labels;
}
