import * as z from "zod/mini";

/**
 * GET /api/matches/{id}/score's answer: one played match's score, for spoiler-free mode's
 * 'Reveal score' (worker/matches/score-routes.ts builds it with this type, the button parses it).
 */
export const matchScoreSchema = z.object({
  id: z.int(),
  goalsFor: z.int(),
  goalsAgainst: z.int(),
  report: z.nullable(z.string()),
});
export type MatchScore = z.infer<typeof matchScoreSchema>;
