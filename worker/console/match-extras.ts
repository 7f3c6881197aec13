import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { requireCapability } from "./capabilities";
import { auditedWrite, fieldsRefused, jsonBody, parsedBody } from "./audited-write";
import { feedMatch } from "../matches/match-feed";
import { saveMatchStats, saveOpponentLineup, type DeskExtras } from "../matches/match-extras-store";
import { opponentLineupProblems } from "../../src/domain/opponent-lineup";
import { statsProblems } from "../../src/domain/match-stats";

/**
 * The match operator's extras (/admin/matches/{id}/live), behind staffOnly, the console's Origin
 * check and `match.operate`, the capability of the rest of that screen:
 *   PUT /api/console/matches/{id}/opponent-lineup  {version, starting: [{name, number}], subs: [...]}
 *   PUT /api/console/matches/{id}/stats            {version, possession: {home, away}, shots: {home, away}, …}
 * Each is saved whole under its version (409 LINEUP_CHANGED / STATS_CHANGED when another save came
 * first; worker/matches/match-extras-store.ts). A shape zod refuses and a rule the domain refuses
 * are both 400 INVALID_INPUT with each field's problem. Every write, refusals too, is audited as
 * `matches.opponent-lineup.put` / `matches.stats.put` with the set before and after.
 */
export const consoleMatchExtrasApi = new Hono<AppEnv>();

const version = z.number({ error: "Reload the page: the form has no version" }).int().min(0);
// Numbers are checked by the domain's rules (their words); zod only insists on the shape.
const player = z.object({ name: z.string({ error: "Enter the player's name" }).max(200, "At most 80 characters"), number: z.number().int().nullable() });
const lineupInput = z.object({ version, starting: z.array(player).max(30, "At most 11 starters"), subs: z.array(player).max(30, "At most 12 substitutes") });
const pair = z.object({ home: z.number({ error: "A number" }), away: z.number({ error: "A number" }) });
const statsInput = z.object({ version, possession: pair, shots: pair, shotsOnTarget: pair, corners: pair, fouls: pair, offsides: pair });

/** The parts of a set the audit keeps: the values and the version, not the whole desk read. */
const lineupAudit = (d: DeskExtras) => ({ version: d.lineupVersion, lineup: d.opponentLineup });
const statsAudit = (d: DeskExtras) => ({ version: d.statsVersion, stats: d.statsRecorded ? d.stats : null });

consoleMatchExtrasApi.put("/matches/:matchID/opponent-lineup", requireCapability("match.operate"), async (c) => {
  const raw = await jsonBody(c);
  return auditedWrite(c, "matches.opponent-lineup.put", c.req.param("matchID"), raw, async () => {
    const match = await feedMatch(c.env.DB, c.req.param("matchID"));
    const input = parsedBody(lineupInput, raw);
    const lineup = { starting: input.starting.map((p) => ({ name: p.name.trim(), number: p.number })), subs: input.subs.map((p) => ({ name: p.name.trim(), number: p.number })) };
    const problems = opponentLineupProblems(lineup);
    if (problems.length > 0) throw fieldsRefused(problems);
    const { before, after } = await saveOpponentLineup(c.env, match.id, input.version, lineup);
    return { detail: { before: lineupAudit(before), after: lineupAudit(after) }, answer: { version: after.lineupVersion, lineup: after.opponentLineup } };
  });
});

consoleMatchExtrasApi.put("/matches/:matchID/stats", requireCapability("match.operate"), async (c) => {
  const raw = await jsonBody(c);
  return auditedWrite(c, "matches.stats.put", c.req.param("matchID"), raw, async () => {
    const match = await feedMatch(c.env.DB, c.req.param("matchID"));
    const { version: v, ...stats } = parsedBody(statsInput, raw);
    const problems = statsProblems(stats);
    if (problems.length > 0) throw fieldsRefused(problems);
    const { before, after } = await saveMatchStats(c.env, match.id, v, stats);
    return { detail: { before: statsAudit(before), after: statsAudit(after) }, answer: { version: after.statsVersion, stats: after.stats } };
  });
});
