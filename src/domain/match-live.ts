import type { Lineup, LiveMatch, LiveScore, MatchEvent, MatchEventInput, MatchEventType, MatchPhase, MatchSocketMessage } from "../schemas/match-live";
import type { Backoff } from "./reconnect";

/**
 * The rules of a live match, pure so the MatchRoom object, the server render and the
 * browser agree: the phase and the score follow from the events that stand (not withdrawn), and
 * what the club's feed may post depends on the phase.
 */

/** The events that move a match from one phase to the next, and where each leads. */
const PHASE_OF: Partial<Record<MatchEventType, MatchPhase>> = {
  kickoff: "first-half",
  halftime: "half-time",
  "second-half": "second-half",
  "extra-time": "extra-time",
  penalties: "penalties",
  fulltime: "full-time",
};

/** Each phase event is allowed only from these phases (a 'fulltime' straight after kick-off is a typo, not a match). */
const ALLOWED_FROM: Partial<Record<MatchEventType, readonly MatchPhase[]>> = {
  kickoff: ["fixture"],
  halftime: ["first-half"],
  "second-half": ["half-time"],
  "extra-time": ["second-half", "half-time"],
  penalties: ["second-half", "extra-time"],
  fulltime: ["second-half", "extra-time", "penalties"],
};

/** Events that change the score: a goal for its side, an own goal for the other. */
export const GOAL_TYPES: readonly MatchEventType[] = ["goal", "own-goal", "penalty-goal"];

export const standing = (events: readonly MatchEvent[]) => events.filter((e) => !e.withdrawn);

export function phaseOf(events: readonly MatchEvent[]): MatchPhase {
  let phase: MatchPhase = "fixture";
  for (const event of standing(events)) phase = PHASE_OF[event.type] ?? phase;
  return phase;
}

export function scoreOf(events: readonly MatchEvent[]): LiveScore {
  const score = { home: 0, away: 0 };
  for (const event of standing(events)) {
    if (event.type === "goal" || event.type === "penalty-goal") score[event.side] += 1;
    else if (event.type === "own-goal") score[event.side === "home" ? "away" : "home"] += 1;
  }
  return score;
}

/** The latest minute the feed reported (not the wall clock: stoppage time is the referee's). */
export function minuteOf(events: readonly MatchEvent[]): number | null {
  const minutes = standing(events).map((e) => e.minute);
  return minutes.length === 0 ? null : Math.max(...minutes);
}

export const isLive = (phase: MatchPhase) => phase !== "fixture" && phase !== "full-time";

/** The whole state from its parts: every reader derives it the same way. */
export function liveMatchOf(matchID: number, seq: number, events: readonly MatchEvent[], lineup: Lineup | null): LiveMatch {
  const ordered = [...events].sort((a, b) => a.seq - b.seq);
  return { matchID, seq, phase: phaseOf(ordered), minute: minuteOf(ordered), score: scoreOf(ordered), events: ordered, lineup };
}

export type EventRefusal = { code: "MATCH_NOT_STARTED" | "MATCH_FINISHED" | "WRONG_PHASE"; detail: string };

/**
 * Whether the feed may add an event of `type` now (409 otherwise): nothing after full time; before
 * kick-off only the kick-off and commentary; each phase event only from the phase before it.
 */
export function refusalOf(events: readonly MatchEvent[], type: MatchEventType): EventRefusal | null {
  const phase = phaseOf(events);
  if (phase === "full-time") return { code: "MATCH_FINISHED", detail: "The match has finished; withdraw the full-time event first" };
  const from = ALLOWED_FROM[type];
  if (from) return from.includes(phase) ? null : { code: "WRONG_PHASE", detail: `A ${type} event cannot follow the ${phase} phase` };
  if (phase === "fixture" && type !== "comment") return { code: "MATCH_NOT_STARTED", detail: `A ${type} event needs the kick-off first` };
  return null;
}

/** An Idempotency-Key sent again with another event than the one it made (422, never a replay). */
export const KEY_REUSED = {
  code: "IDEMPOTENCY_KEY_REUSED",
  detail: "This Idempotency-Key was used for a different event; send a new key for a new event",
} as const;

/**
 * Whether a post repeats the event its Idempotency-Key already made: the same type, minute, side,
 * players and text (the body as parsed, so spacing or key order in the JSON do not matter). A
 * retry of the same body answers the first event; a different body under the same key is the
 * feed's mistake, and replaying the first event would hide it.
 */
export function repeatsEvent(event: MatchEvent, input: MatchEventInput): boolean {
  return (
    event.type === input.type &&
    event.minute === input.minute &&
    event.side === input.side &&
    (event.player?.id ?? null) === (input.playerID ?? null) &&
    (event.playerOff?.id ?? null) === (input.playerOffID ?? null) &&
    event.text === (input.text ?? null)
  );
}

/**
 * A socket message applied to a client's state: null when it cannot be applied in order (a gap
 * in seq, or a withdrawal of an unknown event), so the client asks for the whole state again. A
 * message it has already seen changes nothing.
 */
export function applyMessage(state: LiveMatch, message: MatchSocketMessage): LiveMatch | null {
  if (message.type === "state") return message.state;
  // The console's extras stand beside the timeline: no seq, the latest replaces what was there.
  if (message.type === "extras") return { ...state, extras: message.extras };
  if (message.seq <= state.seq) return state;
  if (message.seq !== state.seq + 1) return null;
  const { matchID, events, lineup } = state;
  const keep = (next: LiveMatch): LiveMatch => (state.extras ? { ...next, extras: state.extras } : next);
  switch (message.type) {
    case "event":
      return keep(liveMatchOf(matchID, message.seq, [...events, message.event], lineup));
    case "withdrawn":
      if (!events.some((e) => e.id === message.eventID)) return null;
      return keep(liveMatchOf(matchID, message.seq, events.map((e) => (e.id === message.eventID ? { ...e, withdrawn: true } : e)), lineup));
    case "lineup":
      return keep(liveMatchOf(matchID, message.seq, events, message.lineup));
  }
}

/** Newest first, as the timeline shows them. */
export const timelineOf = (state: LiveMatch) => [...state.events].reverse();

/** How long before kick-off a match centre starts listening for the feed. */
export const FOLLOW_BEFORE_MS = 3 * 60 * 60 * 1000;
/** How long after kick-off a fixture the feed never touched is still worth listening for (a late start). */
export const FOLLOW_AFTER_MS = 4 * 60 * 60 * 1000;

/**
 * Whether a match centre opens the room's socket: while the match is in play, and around the
 * kick-off of a fixture (it may start any moment). A result or a far fixture opens nothing.
 */
export function shouldFollow(match: { status: string; kickoff: string }, live: LiveMatch | null, now: number): boolean {
  if (live && isLive(live.phase)) return true;
  if (match.status !== "fixture") return false;
  const kickoff = Date.parse(match.kickoff);
  return now >= kickoff - FOLLOW_BEFORE_MS && now <= kickoff + FOLLOW_AFTER_MS;
}

/**
 * The match centre's socket comes back with the same jittered back-off as the live player's
 * (src/domain/reconnect.ts), from a second up to 30 s: a room restart spreads its crowd's returns
 * over seconds instead of one instant.
 */
export const MATCH_SOCKET_BACKOFF: Backoff = { firstMs: 1_000, maxMs: 30_000 };
