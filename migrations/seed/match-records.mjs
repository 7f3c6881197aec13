/**
 * What makes the demo's league tables and past match centres look real (migration 0036):
 * - every league's other fixtures of each season so far (the clubs Rovers meet play each other
 *   on the same days), so the table has every club with as many games as Rovers;
 * - for the current season's results, each match as the live feed would have left it: both
 *   line-ups, the timeline (kick-off, goals as the report names them, cards, the whistles) and
 *   the match statistics.
 */
import { createRandom } from "./prng.mjs";
import { DEMO_NOW } from "./dates.mjs";
import { MEN_NAMES, WOMEN_NAMES } from "./names.mjs";
import { CURRENT_SEASON_YEAR } from "./teams.mjs";

export function buildMatchRecords({ matches, competitions, players }) {
  const now = Date.parse(DEMO_NOW);
  const leagues = new Set(competitions.filter((c) => c.kind === "league").map((c) => c.id));
  const leagueResults = [];
  const byTable = new Map();
  for (const m of matches) {
    if (!leagues.has(m.competitionId)) continue;
    const key = `${m.team.id}:${m.season.id}:${m.competitionId}`;
    if (!byTable.has(key)) byTable.set(key, []);
    byTable.get(key).push(m);
  }
  for (const [key, rounds] of byTable) {
    rounds.sort((a, b) => (a.kickoff < b.kickoff ? -1 : 1));
    const clubs = [...new Map(rounds.map((m) => [m.opponent.id, m.opponent])).values()];
    const random = createRandom(`league-table:${key}`);
    const used = new Set();
    rounds.forEach((round, i) => {
      if (Date.parse(round.kickoff) >= now) return;
      const others = random.shuffle(clubs.filter((c) => c.id !== round.opponent.id));
      for (let p = 0; p + 1 < others.length; p += 2) {
        let [home, away] = i % 2 === 0 ? [others[p], others[p + 1]] : [others[p + 1], others[p]];
        if (used.has(`${home.id}-${away.id}`)) [home, away] = [away, home];
        if (used.has(`${home.id}-${away.id}`)) continue;
        used.add(`${home.id}-${away.id}`);
        leagueResults.push({
          id: leagueResults.length + 1,
          season_id: round.season.id,
          competition_id: round.competitionId,
          home_id: home.id,
          away_id: away.id,
          played_on: round.kickoff.slice(0, 10),
          home_goals: random.poisson(1.45),
          away_goals: random.poisson(1.1),
        });
      }
    });
  }

  const lineups = [];
  const opponentLineups = [];
  const events = [];
  const stats = [];
  const liveSeq = new Map();
  for (const m of matches) {
    if (m.status !== "result" || m.season.year !== CURRENT_SEASON_YEAR) continue;
    const random = createRandom(`match-record:${m.id}`);
    const squad = players.filter((p) => p.team_id === m.team.id);
    const ours = m.isHome ? "home" : "away";
    const theirs = m.isHome ? "away" : "home";
    const { starting, subs } = pickLineup(random, squad, m.scorers.map((s) => s.player));
    starting.forEach((p, i) => lineups.push({ match_id: m.id, player_id: p.id, role: "starting", position: i }));
    subs.forEach((p, i) => lineups.push({ match_id: m.id, player_id: p.id, role: "sub", position: i }));
    const names = m.team.slug === "womens-first-team" ? WOMEN_NAMES : MEN_NAMES;
    const theirPlayers = invented(random, names, 18);
    theirPlayers.forEach((p, i) => opponentLineups.push({ match_id: m.id, role: i < 11 ? "starting" : "sub", position: i < 11 ? i : i - 11, name: p.name, number: p.number }));

    // Timeline: the whistles, the club's goals as the report has them, the opponent's, a few cards.
    const list = [{ type: "kickoff", minute: 0, side: "home", order: -1 }];
    for (const s of m.scorers) {
      if (s.ownGoal) list.push({ type: "own-goal", minute: s.minute, side: theirs, text: `${random.pick(theirPlayers.slice(0, 11)).name} (own goal)` });
      else list.push({ type: s.penalty ? "penalty-goal" : "goal", minute: s.minute, side: ours, player: s.player.id });
    }
    const taken = new Set(m.scorers.map((s) => s.minute));
    for (let g = 0; g < m.goalsAgainst; g++) {
      let minute = random.int(3, 89);
      while (taken.has(minute)) minute = random.int(3, 89);
      taken.add(minute);
      list.push({ type: "goal", minute, side: theirs, text: random.pick(theirPlayers.slice(0, 11)).name });
    }
    for (let c = random.int(1, 4); c > 0; c--) {
      const side = random.chance(0.5) ? ours : theirs;
      list.push(side === ours ? { type: "yellow", minute: random.int(10, 88), side, player: random.pick(starting).id } : { type: "yellow", minute: random.int(10, 88), side, text: random.pick(theirPlayers.slice(0, 11)).name });
    }
    list.push({ type: "halftime", minute: 45, side: "home", order: 1 }, { type: "second-half", minute: 46, side: "home", order: -1 }, { type: "fulltime", minute: 90, side: "home", order: 1 });
    list.sort((a, b) => a.minute - b.minute || (a.order ?? 0) - (b.order ?? 0));
    const kickoff = Date.parse(m.kickoff);
    list.forEach((e, i) => {
      events.push({
        id: `seed-${m.id}-${i + 1}`,
        match_id: m.id,
        seq: i + 1,
        type: e.type,
        minute: e.minute,
        side: e.side,
        player_id: e.player ?? null,
        player_off_id: null,
        text: e.text ?? null,
        withdrawn: 0,
        idempotency_key: `seed-${i + 1}`,
        created_at: new Date(kickoff + (e.minute + (e.minute > 45 ? 15 : 0)) * 60_000).toISOString(),
      });
    });
    liveSeq.set(m.id, list.length);

    const homeGoals = m.isHome ? m.goalsFor : m.goalsAgainst;
    const awayGoals = m.isHome ? m.goalsAgainst : m.goalsFor;
    const possession = random.int(38, 62);
    const homeOnTarget = homeGoals + random.int(1, 5);
    const awayOnTarget = awayGoals + random.int(0, 4);
    const rows = [
      ["Possession (%)", possession, 100 - possession],
      ["Shots", homeOnTarget + random.int(3, 9), awayOnTarget + random.int(2, 8)],
      ["Shots on target", homeOnTarget, awayOnTarget],
      ["Corners", random.int(2, 10), random.int(1, 8)],
      ["Fouls", random.int(7, 15), random.int(7, 16)],
    ];
    rows.forEach(([label, home, away], position) => stats.push({ match_id: m.id, position, label, home, away }));
  }
  return { leagueResults, lineups, opponentLineups, events, stats, liveSeq };
}

const ORDER = { Goalkeeper: 0, Defender: 1, Midfielder: 2, Forward: 3 };

/** Eleven starters in a 4-4-2 where the squad allows (the scorers among them), then seven substitutes. */
function pickLineup(random, squad, scorers) {
  const want = { Goalkeeper: 1, Defender: 4, Midfielder: 4, Forward: 2 };
  const starting = [];
  for (const p of scorers) if (!starting.includes(p) && p.position !== "Goalkeeper" && starting.length < 10) starting.push(p);
  for (const p of starting) want[p.position] = Math.max(0, want[p.position] - 1);
  for (const p of random.shuffle(squad)) {
    if (starting.length >= 11) break;
    if (!starting.includes(p) && want[p.position] > 0) {
      starting.push(p);
      want[p.position] -= 1;
    }
  }
  for (const p of random.shuffle(squad)) if (starting.length < 11 && !starting.includes(p)) starting.push(p);
  const rest = random.shuffle(squad.filter((p) => !starting.includes(p)));
  const subs = rest.slice(0, 7);
  const byPosition = (a, b) => ORDER[a.position] - ORDER[b.position] || (a.squad_number ?? 99) - (b.squad_number ?? 99);
  return { starting: starting.sort(byPosition), subs: subs.sort(byPosition) };
}

/** An opponent's players: invented names, shirt numbers 1 to 30, the keeper first. */
function invented(random, names, count) {
  const pools = Object.values(names);
  const numbers = random.shuffle(Array.from({ length: 29 }, (_, i) => i + 2));
  const seen = new Set();
  const list = [];
  while (list.length < count) {
    const pool = random.pick(pools);
    const name = `${random.pick(pool.first)} ${random.pick(pool.last)}`;
    if (seen.has(name)) continue;
    seen.add(name);
    list.push({ name, number: list.length === 0 ? 1 : numbers[list.length - 1] });
  }
  return list;
}
