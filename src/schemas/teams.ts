import * as z from "zod/mini";
import { liveMatchSchema } from "./match-live";
import { liveAssetSchema } from "./videos";

export const teamSchema = z.object({
  id: z.int(),
  /** The first team's slug is the empty string (spec §2). */
  slug: z.string(),
  name: z.string(),
  shortName: z.string(),
  showOnMatches: z.boolean(),
  showOnTeams: z.boolean(),
  externalTeamPage: z.nullable(z.string()),
  externalMatchPage: z.nullable(z.string()),
  isSingleGroup: z.boolean(),
  displayPositionOnCard: z.boolean(),
  isMiniCard: z.boolean(),
  showTeamOverview: z.boolean(),
  childFriendly: z.boolean(),
  imageKey: z.string(),
});
export type Team = z.infer<typeof teamSchema>;

export const playerSchema = z.object({
  id: z.int(),
  teamSlug: z.string(),
  slug: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  position: z.enum(["Goalkeeper", "Defender", "Midfielder", "Forward"]),
  squadNumber: z.nullable(z.int()),
  nationality: z.string(),
  dateOfBirth: z.string(),
  joined: z.string(),
  imageKey: z.string(),
  bio: z.string(),
  appearances: z.int(),
  goals: z.int(),
  /** where he is when not simply in the squad: 'On loan at X until D MMM YYYY', 'Left the club on …' (src/domain/squad-rules.ts) */
  status: z.optional(z.string()),
});
export type Player = z.infer<typeof playerSchema>;

export const teamDetailSchema = z.object({
  team: teamSchema,
  players: z.array(playerSchema),
});
export type TeamDetail = z.infer<typeof teamDetailSchema>;

export const seasonSchema = z.object({
  /** Start year, e.g. 2024 */
  year: z.int(),
  /** "2024-25" */
  slug: z.string(),
  /** "2024/25" */
  name: z.string(),
});
export type Season = z.infer<typeof seasonSchema>;

export const matchSchema = z.object({
  id: z.int(),
  teamSlug: z.string(),
  seasonSlug: z.string(),
  competition: z.string(),
  opponent: z.string(),
  opponentShort: z.string(),
  isHome: z.boolean(),
  venue: z.string(),
  /** ISO 8601 UTC */
  kickoff: z.string(),
  status: z.enum(["fixture", "result", "postponed"]),
  goalsFor: z.nullable(z.int()),
  goalsAgainst: z.nullable(z.int()),
  attendance: z.nullable(z.int()),
  report: z.nullable(z.string()),
  /** the fixture's own tickets link (a site path or https:), when the club set one; else the club's shop */
  ticketsUrl: z.optional(z.string()),
  /** Spoiler-free mode (src/domain/spoiler-free.ts): a played match whose score was left out. */
  scoreHidden: z.optional(z.boolean()),
});
export type Match = z.infer<typeof matchSchema>;

export const fixturesSchema = z.object({
  team: teamSchema,
  season: seasonSchema,
  seasons: z.array(seasonSchema),
  matches: z.array(matchSchema),
});
export type Fixtures = z.infer<typeof fixturesSchema>;

export const matchCentreSchema = z.object({
  team: teamSchema,
  season: seasonSchema,
  match: matchSchema,
  /** the live feed's state; null for a match the feed never touched */
  live: z.nullable(liveMatchSchema),
  /** the match's live video stream (live_stream_assets.match_id), not disabled; null when it has none */
  stream: z.nullable(liveAssetSchema),
});
export type MatchCentre = z.infer<typeof matchCentreSchema>;

export const playerProfileSchema = z.object({
  team: teamSchema,
  player: playerSchema,
  /** the current season counted from the live feed's line-ups and events (src/domain/player-stats.ts) */
  season: z.optional(
    z.object({ name: z.string(), appearances: z.int(), goals: z.int(), yellowCards: z.int(), redCards: z.int(), minutes: z.int() }),
  ),
});
export type PlayerProfile = z.infer<typeof playerProfileSchema>;
