import type { Lineup, LiveMatch, LivePlayer, MatchEvent, MatchEventInput, MatchEventType, MatchSide } from "../schemas/match-live";
import { refusalOf, standing } from "./match-live";
import type { Backoff } from "./reconnect";

/**
 * The match operator's screen (/admin/matches/{id}/live), its rules pure: which buttons a phase
 * offers, who may be picked for an event, the line-up picked from the squad, and the queue of
 * taps that survives a bad connection in the stand. The screen and its tests use these; the
 * server still decides (refusalOf in the room), so a stale screen is refused, never obeyed.
 */

/** The events a tap posts for a player (or, for the opponents, without one: the club's line-up is the only one known). */
export const PLAYER_EVENTS = ["goal", "own-goal", "penalty-goal", "penalty-miss", "yellow", "second-yellow", "red"] as const satisfies readonly MatchEventType[];
export type PlayerEventType = (typeof PLAYER_EVENTS)[number];

/** The phase changes, in match order. */
export const PHASE_EVENTS = ["kickoff", "halftime", "second-half", "extra-time", "penalties", "fulltime"] as const satisfies readonly MatchEventType[];

export const OPERATOR_LABELS: Record<MatchEventType, string> = {
  kickoff: "Kick-off",
  goal: "Goal",
  "own-goal": "Own goal",
  "penalty-goal": "Penalty scored",
  "penalty-miss": "Penalty missed",
  yellow: "Yellow card",
  "second-yellow": "Second yellow",
  red: "Red card",
  sub: "Substitution",
  halftime: "Half-time",
  "second-half": "Second half",
  "extra-time": "Extra time",
  penalties: "Penalties",
  fulltime: "Full time",
  comment: "Comment",
};

/** What the screen offers now: the phase changes `refusalOf` allows, and whether play events (goals, cards, substitutions) are open. */
export function offeredActions(events: readonly MatchEvent[]): { phases: MatchEventType[]; play: boolean; comment: boolean } {
  return {
    phases: PHASE_EVENTS.filter((type) => refusalOf(events, type) === null),
    play: refusalOf(events, "goal") === null,
    comment: refusalOf(events, "comment") === null,
  };
}

/** The club's players on the pitch now: the eleven, plus those brought on, less those taken off or sent off (events that stand). */
export function onPitch(lineup: Lineup | null, events: readonly MatchEvent[]): LivePlayer[] {
  if (!lineup) return [];
  const playing = new Map(lineup.starting.map((p) => [p.id, p]));
  for (const e of standing(events)) {
    if (e.side !== lineup.side) continue;
    if (e.type === "sub") {
      if (e.playerOff) playing.delete(e.playerOff.id);
      if (e.player) playing.set(e.player.id, e.player);
    } else if ((e.type === "red" || e.type === "second-yellow") && e.player) playing.delete(e.player.id);
  }
  return [...playing.values()];
}

/** The substitutes who have not come on yet (a player who came on and went off again does not return). */
export function benchLeft(lineup: Lineup | null, events: readonly MatchEvent[]): LivePlayer[] {
  if (!lineup) return [];
  const used = new Set(standing(events).flatMap((e) => (e.type === "sub" && e.side === lineup.side && e.player ? [e.player.id] : [])));
  return lineup.subs.filter((p) => !used.has(p.id));
}

/** The line-up as the operator picks it: player ids in the eleven and on the bench. */
export interface LineupPick {
  starting: number[];
  subs: number[];
}

export const STARTERS = 11;
export const MAX_SUBS = 12;

/**
 * A tap on a squad card's 'Start' or 'Bench': the player goes there (leaving the other list), or
 * leaves it when already there. A full list refuses with the words the card shows.
 */
export function placePlayer(pick: LineupPick, id: number, where: "starting" | "subs"): { pick: LineupPick } | { refusal: string } {
  if (pick[where].includes(id)) return { pick: { ...pick, [where]: pick[where].filter((p) => p !== id) } };
  const limit = where === "starting" ? STARTERS : MAX_SUBS;
  if (pick[where].length >= limit) return { refusal: where === "starting" ? "The starting eleven is full" : "The bench is full (12)" };
  const other = where === "starting" ? "subs" : "starting";
  return { pick: { ...pick, [other]: pick[other].filter((p) => p !== id), [where]: [...pick[where], id] } as LineupPick };
}

/** What stops the line-up being saved, in words; null when it may be. */
export function lineupProblem(pick: LineupPick): string | null {
  if (pick.starting.length !== STARTERS) return `Pick ${STARTERS} starters (${pick.starting.length} picked)`;
  if (pick.subs.length > MAX_SUBS) return `At most ${MAX_SUBS} substitutes`;
  return null;
}

export const pickOf = (lineup: Lineup | null): LineupPick => ({ starting: lineup?.starting.map((p) => p.id) ?? [], subs: lineup?.subs.map((p) => p.id) ?? [] });

/* ------------------------------------------------------------------ the queue of taps */

/**
 * One tap, as the browser keeps it until the server has answered: its Idempotency-Key is made
 * at the tap (so a retry, a reload or a second send is the same event to the feed), and it is
 * stored before the first send.
 */
export interface QueuedTap {
  key: string;
  matchID: number;
  input: MatchEventInput;
  /** what the operator sees beside it: 'Goal · 23' · 9 Reid' */
  label: string;
  /** when it was tapped (unix ms): the order they are sent in */
  tappedAt: number;
  status: "pending" | "sent" | "refused";
  /** the change the feed made (sent) */
  seq?: number;
  eventID?: string;
  /** why the feed refused it, in plain words (refused) */
  refusal?: string;
  /** failed sends so far: the next waits longer */
  attempts: number;
}

/** The tap to send next: the oldest pending one, so events reach the feed in the order they were tapped. */
export function nextToSend(queue: readonly QueuedTap[]): QueuedTap | null {
  return queue.filter((t) => t.status === "pending").sort((a, b) => a.tappedAt - b.tappedAt)[0] ?? null;
}

/** How the server's answer to a send settles its tap. */
export type SendOutcome =
  | { kind: "sent"; seq: number; eventID: string }
  | { kind: "refused"; code: string; detail: string }
  /** no answer, or one worth asking again (a 5xx, 429, an ended session: `signedOut`): it stays pending */
  | { kind: "retry"; signedOut?: boolean };

/** The answer's HTTP status as an outcome: a 4xx but 401, 408 and 429 is the feed's refusal and final; anything else is sent again. */
export function outcomeKindOf(status: number | null): "sent" | "refused" | "retry" {
  if (status === null) return "retry";
  if (status >= 200 && status < 300) return "sent";
  if (status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429) return "refused";
  return "retry";
}

/**
 * Whether an answer means the operator is no longer signed in as staff, so the tap waits for them
 * rather than being refused: 401 (a session that ended, said once: that answer also clears the
 * signed-in hint), then the console's 404 `NOT_FOUND` for a request that is not staff's (the
 * feed's own 404 for a match is `MATCH_NOT_FOUND`, a real refusal).
 */
export function isSignedOutAnswer(status: number, code: string | undefined): boolean {
  return status === 401 || (status === 404 && code === "NOT_FOUND");
}

/** The feed's refusals in the operator's words (the feed's own detail for anything else). */
export function refusalWords(code: string, detail: string): string {
  switch (code) {
    case "WRONG_PHASE":
      return "Not possible at this point of the match (another phase was posted first).";
    case "MATCH_NOT_STARTED":
      return "The match has not kicked off yet: post the kick-off first.";
    case "MATCH_FINISHED":
      return "The match has finished: undo the full time first.";
    case "MATCH_NOT_LIVE":
      return "This match is already played or postponed.";
    case "UNKNOWN_PLAYER":
      return "That player is not in the squad.";
    case "IDEMPOTENCY_KEY_REUSED":
      return "This tap clashed with another event; tap it again.";
    case "CAPABILITY_REQUIRED":
      return "Your staff role cannot post match events.";
    default:
      return detail;
  }
}

/** The queue after an answer: the tap becomes sent (with its seq) or refused (with the words), or stays pending one attempt on. */
export function settle(queue: readonly QueuedTap[], key: string, outcome: SendOutcome): QueuedTap[] {
  return queue.map((t) => {
    if (t.key !== key) return t;
    if (outcome.kind === "sent") return { ...t, status: "sent", seq: outcome.seq, eventID: outcome.eventID, refusal: undefined };
    if (outcome.kind === "refused") return { ...t, status: "refused", refusal: refusalWords(outcome.code, outcome.detail) };
    return { ...t, attempts: t.attempts + 1 };
  });
}

/** How many settled taps the screen keeps showing (the newest); pending ones are always kept. */
export const SETTLED_KEPT = 20;

/** The queue to store: every pending tap, and the newest settled ones. */
export function trimmed(queue: readonly QueuedTap[]): QueuedTap[] {
  const settled = queue.filter((t) => t.status !== "pending").sort((a, b) => b.tappedAt - a.tappedAt).slice(0, SETTLED_KEPT);
  const keep = new Set([...settled, ...queue.filter((t) => t.status === "pending")]);
  return queue.filter((t) => keep.has(t));
}

/** A failed send is tried again after a jittered wait, from a second up to 30 s, and at once when the browser says it is online. */
export const SEND_BACKOFF: Backoff = { firstMs: 1_000, maxMs: 30_000 };

/** The side a tap for the club names. */
export const clubSideOf = (lineup: Lineup | null, isHome: boolean): MatchSide => lineup?.side ?? (isHome ? "home" : "away");

/**
 * The events as the operator's screen reasons about them: those the feed has, then the taps still
 * pending, in tap order, as if they had been accepted. Tapping kick-off offline must open the goal
 * buttons at once; the feed checks again when the tap arrives, and refuses what no longer fits.
 */
export function withPending(events: readonly MatchEvent[], queue: readonly QueuedTap[]): MatchEvent[] {
  const lastSeq = events.reduce((max, e) => Math.max(max, e.seq), 0);
  const pending = queue
    .filter((t) => t.status === "pending")
    .sort((a, b) => a.tappedAt - b.tappedAt)
    .map((t, i): MatchEvent => ({
      id: `pending:${t.key}`,
      seq: lastSeq + i + 1,
      type: t.input.type,
      minute: t.input.minute,
      side: t.input.side,
      player: null,
      playerOff: null,
      text: t.input.text ?? null,
      withdrawn: false,
      createdAt: new Date(t.tappedAt).toISOString(),
    }));
  return [...events, ...pending];
}

/** The minute a phase change starts at; other events take the running minute. */
const PHASE_START_MINUTE: Partial<Record<MatchEventType, number>> = { kickoff: 0, "second-half": 45, "extra-time": 90 };

/** The minute a tap posts unless the operator changes it: a phase's first minute, else the running minute, else the feed's latest (half-time), else 0. */
export function defaultMinute(type: MatchEventType, running: number | null, live: Pick<LiveMatch, "minute">): number {
  return PHASE_START_MINUTE[type] ?? running ?? live.minute ?? 0;
}

/** The latest events that stand, newest first: the ones the screen offers to undo. */
export function undoable(events: readonly MatchEvent[], count = 5): MatchEvent[] {
  return standing(events)
    .sort((a, b) => b.seq - a.seq)
    .slice(0, count);
}

/** A match on the operator's list. */
export interface DeskMatch {
  id: number;
  /** ISO 8601 UTC */
  kickoff: string;
  isHome: boolean;
  /** fixture; live (the feed kicked it off and it is no result yet); result (played today) */
  state: "fixture" | "live" | "result";
  opponent: string;
  competition: string;
}

/** How many fixtures not yet started each team lists. */
export const UPCOMING_PER_TEAM = 3;

/**
 * Which of a team's matches the operator's list shows (`today`: ISO midnight UTC): those the feed
 * has in play whatever their date and those played today, then UPCOMING_PER_TEAM fixtures: the
 * next from today, or, where a team has fewer ahead, the unplayed ones nearest before today (a
 * match never given its result, a date that slipped; the demo's season lies behind the clock).
 */
export function matchesToOperate(matches: readonly DeskMatch[], today: string): DeskMatch[] {
  const byKickoff = [...matches].sort((a, b) => a.kickoff.localeCompare(b.kickoff));
  const unplayed = byKickoff.filter((m) => m.state === "fixture");
  const ahead = unplayed.filter((m) => m.kickoff >= today);
  const behind = unplayed.filter((m) => m.kickoff < today).reverse();
  const next = [...ahead, ...behind].slice(0, UPCOMING_PER_TEAM).sort((a, b) => a.kickoff.localeCompare(b.kickoff));
  return [...byKickoff.filter((m) => m.state === "live"), ...byKickoff.filter((m) => m.state === "result" && m.kickoff >= today), ...next];
}
