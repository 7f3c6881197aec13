import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { firstRow, rowSchema } from "../db/rows";
import { ApiError } from "../http/api-error";
import type { MatchScore } from "../../src/schemas/match-score";

/**
 * GET /api/matches/{id}/score: one played match's score, for the 'Reveal score' button of
 * spoiler-free mode. It answers only the match asked for, so revealing one result spoils no other.
 */
export const matchScoreRoutes = new Hono<AppEnv>();

const scoreRow = rowSchema("played matches", { id: z.number(), goals_for: z.number(), goals_against: z.number(), report: z.string().nullable() });

matchScoreRoutes.get("/:id{[0-9]{1,9}}/score", async (c) => {
  const row = await firstRow(
    scoreRow,
    c.env.DB.prepare(
      "SELECT id, goals_for, goals_against, report FROM matches WHERE id = ? AND status = 'result' AND goals_for IS NOT NULL AND goals_against IS NOT NULL",
    ).bind(Number(c.req.param("id"))),
  );
  if (!row) throw new ApiError(404, "NOT_FOUND", "No played match by that id");
  const score: MatchScore = { id: row.id, goalsFor: row.goals_for, goalsAgainst: row.goals_against, report: row.report };
  return c.json(score, 200, { "Cache-Control": "no-store" });
});
