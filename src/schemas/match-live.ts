import * as z from "zod/mini";

/**
 * A live match: the state the MatchRoom Durable Object holds, GET /api/matches/{id}/live
 * answers, the match centre renders, and every socket message carries. One schema for the room,
 * the API and the browser, so nothing on either end is a cast.
 */

export const MATCH_EVENT_TYPES = [
  "kickoff", "goal", "own-goal", "penalty-goal", "penalty-miss", "yellow", "second-yellow", "red", "sub",
  "halftime", "second-half", "extra-time", "penalties", "fulltime", "comment",
] as const;
export const matchEventTypeSchema = z.enum(MATCH_EVENT_TYPES);
export type MatchEventType = z.infer<typeof matchEventTypeSchema>;

export const matchSideSchema = z.enum(["home", "away"]);
export type MatchSide = z.infer<typeof matchSideSchema>;

/** Where a match is: before kick-off it is a fixture, after full time a result. */
export const matchPhaseSchema = z.enum(["fixture", "first-half", "half-time", "second-half", "extra-time", "penalties", "full-time"]);
export type MatchPhase = z.infer<typeof matchPhaseSchema>;

/** What the club's feed posts (POST /api/admin/matches/{id}/events). `side` is the team the event belongs to: an own goal names the side of the player who scored it. */
export const matchEventInputSchema = z.strictObject({
  type: matchEventTypeSchema,
  minute: z.int().check(z.minimum(0), z.maximum(130)),
  side: matchSideSchema,
  playerID: z.optional(z.int().check(z.positive())),
  playerOffID: z.optional(z.int().check(z.positive())),
  text: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(1000))),
});
export type MatchEventInput = z.infer<typeof matchEventInputSchema>;

/** A squad player as a live match shows them. */
export const livePlayerSchema = z.object({ id: z.int(), name: z.string(), number: z.nullable(z.int()) });
export type LivePlayer = z.infer<typeof livePlayerSchema>;

export const matchEventSchema = z.object({
  id: z.string(),
  /** the change that added it: 1, 2, 3 … per match */
  seq: z.int().check(z.positive()),
  type: matchEventTypeSchema,
  minute: z.int().check(z.minimum(0), z.maximum(130)),
  side: matchSideSchema,
  player: z.nullable(livePlayerSchema),
  playerOff: z.nullable(livePlayerSchema),
  text: z.nullable(z.string()),
  /** withdrawn by the club (a VAR decision, a mistake): kept so a correction can say what went */
  withdrawn: z.boolean(),
  /** ISO 8601 UTC */
  createdAt: z.string(),
});
export type MatchEvent = z.infer<typeof matchEventSchema>;

/** What PUT /api/admin/matches/{id}/lineups takes: squad player ids, eleven starters and up to twelve substitutes. */
export const lineupInputSchema = z.strictObject({
  starting: z.array(z.int().check(z.positive())).check(z.length(11)),
  subs: z.array(z.int().check(z.positive())).check(z.maxLength(12)),
});
export type LineupInput = z.infer<typeof lineupInputSchema>;

/** The club's line-up; `side` is where the club plays this match. */
export const lineupSchema = z.object({ side: matchSideSchema, starting: z.array(livePlayerSchema), subs: z.array(livePlayerSchema) });
export type Lineup = z.infer<typeof lineupSchema>;

export const liveScoreSchema = z.object({ home: z.int().check(z.minimum(0)), away: z.int().check(z.minimum(0)) });
export type LiveScore = z.infer<typeof liveScoreSchema>;

/**
 * What the console types around a match (worker/matches/match-extras-store.ts): the opponent's
 * line-up by name and number, and the statistics in home/away order. Not part of the timeline: it
 * takes no seq of its own, and the room sends it whole, after a socket's catch-up and at each save.
 */
export const liveExtrasSchema = z.object({
  opponentLineup: z.nullable(
    z.object({
      starting: z.array(z.object({ name: z.string(), number: z.nullable(z.int()) })),
      subs: z.array(z.object({ name: z.string(), number: z.nullable(z.int()) })),
    }),
  ),
  stats: z.array(z.object({ label: z.string(), home: z.int(), away: z.int() })),
});
export type LiveExtras = z.infer<typeof liveExtrasSchema>;

export const liveMatchSchema = z.object({
  matchID: z.int(),
  /** the last change applied; a client that has seen it is up to date */
  seq: z.int().check(z.minimum(0)),
  phase: matchPhaseSchema,
  /** the latest minute the feed reported; null before kick-off */
  minute: z.nullable(z.int()),
  /** null while spoiler-free mode hides it (src/domain/spoiler-free.ts) */
  score: z.nullable(liveScoreSchema),
  /** oldest first, withdrawn ones included and marked */
  events: z.array(matchEventSchema),
  lineup: z.nullable(lineupSchema),
  /** the console's latest extras, where saved while this room has lived; else the page's own (its loader read D1) */
  extras: z.optional(liveExtrasSchema),
});
export type LiveMatch = z.infer<typeof liveMatchSchema>;

/**
 * The room's socket messages. Each carries the seq of its change; a client applies them in order
 * and reconnects with `?since=` its last seq. `state` replaces everything (the first message, or a
 * client too far behind); the others are one change each, but `extras`, which carries the room's
 * seq as it stands (no change of its own): it replaces the extras whenever it comes and never
 * moves the timeline.
 */
export const matchSocketMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("state"), seq: z.int().check(z.minimum(0)), state: liveMatchSchema }),
  z.object({ type: z.literal("event"), seq: z.int().check(z.positive()), event: matchEventSchema }),
  z.object({ type: z.literal("withdrawn"), seq: z.int().check(z.positive()), eventID: z.string() }),
  z.object({ type: z.literal("lineup"), seq: z.int().check(z.positive()), lineup: lineupSchema }),
  z.object({ type: z.literal("extras"), seq: z.int().check(z.minimum(0)), extras: liveExtrasSchema }),
]);
export type MatchSocketMessage = z.infer<typeof matchSocketMessageSchema>;
