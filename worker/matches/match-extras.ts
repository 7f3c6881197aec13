import { z } from "zod";
import { resultsOf, rowSchema } from "../db/rows";
import { headToHead } from "../../src/domain/standings";
import type { MatchExtras } from "../../src/schemas/league-table";
import type { Video } from "../../src/schemas/videos";
import { VIDEO_SELECT, toVideo, videoRow } from "../videos/catalogue";

/**
 * What the match centre shows around a match besides its timeline: the opponent's line-up and the
 * statistics where recorded (migration 0036), the team's form before it, earlier meetings with
 * this opponent, and the match's own Rovers TV videos (published ones: the viewer's padlock is
 * drawn by the page with the catalogue's lock rule). One D1 batch.
 */

const lineupRow = rowSchema("match_opponent_lineups", { role: z.enum(["starting", "sub"]), name: z.string(), number: z.number().nullable() });
const statRow = rowSchema("match_stats", { label: z.string(), home: z.number(), away: z.number() });
const resultRow = rowSchema("matches (earlier results)", {
  id: z.number(),
  opponent: z.string(),
  competition: z.string(),
  is_home: z.number(),
  goals_for: z.number(),
  goals_against: z.number(),
  kickoff: z.string(),
});

const EARLIER = `SELECT m.id, o.name AS opponent, c.name AS competition, m.is_home, m.goals_for, m.goals_against, m.kickoff
  FROM matches m JOIN opponents o ON o.id = m.opponent_id JOIN competitions c ON c.id = m.competition_id
  JOIN matches this ON this.id = ?1
  WHERE m.team_id = this.team_id AND m.status = 'result' AND m.goals_for IS NOT NULL AND m.kickoff < this.kickoff`;

const H2H_SHOWN = 6;

export async function matchExtras(db: D1Database, matchId: number): Promise<{ extras: MatchExtras; videos: Video[] }> {
  const [lineup, stats, form, meetings, videos] = await db.batch([
    db.prepare("SELECT role, name, number FROM match_opponent_lineups WHERE match_id = ?1 ORDER BY role DESC, position").bind(matchId),
    db.prepare("SELECT label, home, away FROM match_stats WHERE match_id = ?1 ORDER BY position").bind(matchId),
    db.prepare(`${EARLIER} ORDER BY m.kickoff DESC LIMIT 5`).bind(matchId),
    db.prepare(`${EARLIER} AND m.opponent_id = this.opponent_id ORDER BY m.kickoff DESC`).bind(matchId),
    db.prepare(`${VIDEO_SELECT} WHERE v.match_id = ?1 ORDER BY v.created_at DESC LIMIT 8`).bind(matchId),
  ]);
  const names = resultsOf(lineupRow, lineup);
  const toResult = (r: z.infer<typeof resultRow>) => ({ id: r.id, opponent: r.opponent, competition: r.competition, goalsFor: r.goals_for, goalsAgainst: r.goals_against, isHome: r.is_home === 1, kickoff: r.kickoff });
  const met = resultsOf(resultRow, meetings).map(toResult);
  const recent = resultsOf(resultRow, form).map(toResult).reverse();
  return {
    extras: {
      opponentLineup:
        names.length === 0
          ? null
          : { starting: names.filter((n) => n.role === "starting").map(({ name, number }) => ({ name, number })), subs: names.filter((n) => n.role === "sub").map(({ name, number }) => ({ name, number })) },
      stats: resultsOf(statRow, stats),
      form: recent.map(({ competition: _c, ...r }) => r),
      headToHead: { meetings: met.slice(0, H2H_SHOWN).map(({ opponent: _o, ...r }) => r), ...headToHead(met) },
    },
    videos: resultsOf(videoRow, videos).map(toVideo),
  };
}
