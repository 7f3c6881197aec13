import * as z from "zod/mini";
import type { ImportProblem } from "../domain/fixture-rules";

/**
 * The console's Fixtures and results screen (/admin/fixtures): the worker builds its answers with
 * these types (worker/console/fixtures.ts, worker/matches/fixture-store.ts), the browser parses
 * the import's answers with these schemas. Imported only by the console's own chunks.
 */

/** A match as the screen shows and edits it. Scores in home/away order, as the site prints them. */
export const consoleFixtureSchema = z.object({
  id: z.number(),
  /** '' is the first team */
  teamSlug: z.string(),
  seasonSlug: z.string(),
  competition: z.string(),
  opponent: z.string(),
  isHome: z.boolean(),
  venue: z.string(),
  /** UTC ISO 8601 */
  kickoff: z.string(),
  /** the kick-off before its last reschedule (UTC), null if never moved */
  previousKickoff: z.nullable(z.string()),
  status: z.enum(["fixture", "result", "postponed"]),
  homeGoals: z.nullable(z.number()),
  awayGoals: z.nullable(z.number()),
  ticketsUrl: z.nullable(z.string()),
  /** the calendar event's SEQUENCE: how many times subscribed calendars were told of a change */
  sequence: z.number(),
  /** the live feed ran it (its MatchRoom owns the result) */
  liveRun: z.boolean(),
});
export type ConsoleFixture = z.infer<typeof consoleFixtureSchema>;

export interface FixtureOptions {
  teams: { slug: string; name: string }[];
  seasons: { slug: string; name: string }[];
  competitions: string[];
}

/** POST /api/console/fixtures/import: the preview (confirm false) or the import (confirm true). */
export const importPreviewSchema = z.object({
  rows: z.array(
    z.object({
      row: z.number(),
      team: z.string(),
      opponent: z.string(),
      isHome: z.boolean(),
      competition: z.string(),
      kickoff: z.string(),
      /** already there (same team, kick-off and opponent): the import skips it */
      exists: z.boolean(),
    }),
  ),
  problems: z.array(z.object({ row: z.number(), field: z.string(), detail: z.string() })),
  /** set by a confirmed import: the rows written and those already there */
  added: z.optional(z.number()),
  skipped: z.optional(z.number()),
});
export type ImportPreview = z.infer<typeof importPreviewSchema> & { problems: ImportProblem[] };
export const importAnswerSchema = z.object({ data: z.object({ attributes: importPreviewSchema }) });
