/** Competitions, invented opponent clubs, and every team's fixtures and results for 2020/21 to 2024/25. */
import { createRandom } from "./prng.mjs";
import { DEMO_NOW, addDays, londonToUtc, nextWeekday, parts, utcDate } from "./dates.mjs";
import { slugify } from "./sql.mjs";

/** Invented clubs: name, short name, ground, and the town's training centre for development sides. */
const CLUBS = [
  ["Ashcombe United", "Ashcombe", "The Meadow"],
  ["Bramley Town", "Bramley", "Kiln Lane"],
  ["Calderbridge City", "Calderbridge", "Calder Park"],
  ["Dunmore Athletic", "Dunmore", "Dunmore Road"],
  ["Eastwick Rangers", "Eastwick", "Millfield"],
  ["Fenwick Albion", "Fenwick", "The Albion Ground"],
  ["Greyhaven Town", "Greyhaven", "Harbour Park"],
  ["Hallam Wanderers", "Hallam", "Moorside Stadium"],
  ["Ironbridge United", "Ironbridge", "Furnace Lane"],
  ["Kestrel Park", "Kestrel", "The Nest"],
  ["Lowther City", "Lowther", "The Citadel"],
  ["Marlow Vale", "Marlow Vale", "Valley Road"],
  ["Newholme Athletic", "Newholme", "St Aidan's Park"],
  ["Oakridge Town", "Oakridge", "The Oaks"],
  ["Pendle Forest", "Pendle", "Forest Lane"],
  ["Queensferry United", "Queensferry", "Ferry Road"],
  ["Redmarsh City", "Redmarsh", "Marsh Lane"],
  ["Saltcombe Athletic", "Saltcombe", "The Strand"],
  ["Thornbury Town", "Thornbury", "Thornbury Stadium"],
  ["Underwood United", "Underwood", "The Underwood Bowl"],
  ["Valebridge Wanderers", "Valebridge", "Bridge End"],
  ["Westmoor City", "Westmoor", "Moor Lane"],
  ["Yarrow Albion", "Yarrow", "Yarrow Fields"],
  ["Zennor County", "Zennor", "County Ground"],
  ["Harbury Borough", "Harbury", "Borough Park"],
  ["Kingsmere Town", "Kingsmere", "Mere Park"],
  ["Stonecross United", "Stonecross", "Cross Street"],
  ["Wexley Athletic", "Wexley", "Wexley Common"],
];

export const HOME_GROUND = "Riverside Park";
const WOMEN_GROUND = "Northbridge Community Stadium";
const TRAINING_GROUND = "Hallow Lane Training Ground";

/**
 * Per-team shape of a season. Dates are [month, day] relative to the season's start year
 * (months 1-7 fall in the following calendar year).
 */
const TEAM_SEASONS = {
  "": {
    variant: "", league: "Championship", leagueSize: 19, weekday: 6, time: [15, 0], start: [8, 3], end: [5, 4],
    midweek: { weekday: 2, time: [19, 45] }, festive: true, tvMoves: true, goals: [1.55, 1.15],
    cups: [
      { name: "League Cup", rounds: [[8, 13, 2], [8, 27, 2], [9, 24, 3], [10, 29, 3], [12, 17, 3]], time: [19, 45], pool: "outside" },
      { name: "FA Cup", rounds: [[1, 4, 6], [1, 25, 6], [2, 22, 6], [3, 15, 6]], time: [15, 0], pool: "outside" },
    ],
    attendance: { home: [16500, 26800], away: [1800, 31000] },
  },
  "womens-first-team": {
    variant: " Women", league: "Women's Championship", leagueSize: 11, weekday: 0, time: [14, 0], start: [9, 1], end: [5, 18],
    midweek: { weekday: 3, time: [19, 0] }, festive: false, tvMoves: false, goals: [1.7, 1.0],
    cups: [
      { name: "Women's League Cup", rounds: [[10, 9, 3], [11, 13, 3], [12, 11, 3]], time: [19, 0], pool: "league" },
      { name: "Women's FA Cup", rounds: [[12, 8, 0], [1, 12, 0], [2, 9, 0], [3, 16, 0]], time: [14, 0], pool: "outside" },
    ],
    attendance: { home: [850, 4600], away: [300, 3800] },
  },
  "b-team": {
    variant: " B", league: "Professional Development League", leagueSize: 10, weekday: 1, time: [19, 0], start: [8, 12], end: [4, 28],
    midweek: { weekday: 5, time: [19, 0] }, festive: false, tvMoves: false, goals: [1.6, 1.4],
    cups: [{ name: "Premier League Cup", rounds: [[10, 15, 2], [11, 26, 2], [1, 21, 2]], time: [19, 0], pool: "outside" }],
    attendance: { home: [140, 900], away: [90, 700] },
  },
  u18: {
    variant: " U18", league: "U18 Premier League", leagueSize: 11, weekday: 6, time: [11, 0], start: [8, 17], end: [4, 26],
    midweek: { weekday: 3, time: [13, 0] }, festive: false, tvMoves: false, goals: [1.8, 1.5],
    cups: [{ name: "FA Youth Cup", rounds: [[11, 19, 2], [12, 10, 2], [1, 21, 2], [2, 11, 2], [3, 11, 2]], time: [19, 0], pool: "outside" }],
    attendance: { home: [90, 650], away: [80, 500] },
  },
};

function seasonDate(year, [month, day]) {
  return utcDate(month >= 8 ? year : year + 1, month, day);
}

function iso(date, [hour, minute]) {
  const { year, month, day } = parts(date);
  return londonToUtc(year, month, day, hour, minute);
}

/** Home and away rounds against each opponent, the second half reversed and reshuffled. */
function leagueOrder(random, opponents) {
  const first = random.shuffle(opponents).map((club, i) => ({ club, isHome: (i + (random.chance(0.5) ? 1 : 0)) % 2 === 0 }));
  const second = random.shuffle(first).map(({ club, isHome }) => ({ club, isHome: !isHome }));
  return [...first, ...second];
}

function weeklyDates(from, to, weekday) {
  const dates = [];
  for (let d = nextWeekday(from, weekday); d <= to; d = addDays(d, 7)) dates.push(d);
  return dates;
}

function sameDay(a, b) {
  return a.toISOString().slice(0, 10) === b.toISOString().slice(0, 10);
}

export function buildFixtures(teams, seasons, players) {
  const competitions = [];
  const competitionId = (name, kind) => {
    let row = competitions.find((c) => c.name === name);
    if (!row) {
      row = { id: competitions.length + 1, name, kind };
      competitions.push(row);
    }
    return row.id;
  };

  const opponents = [];
  const opponentFor = (club, variant, youth) => {
    const name = `${club[0]}${variant}`;
    let row = opponents.find((o) => o.name === name);
    if (!row) {
      const shortSuffix = { "": "", " Women": " W", " B": " B", " U18": " U18" }[variant];
      row = {
        id: opponents.length + 1,
        name,
        short_name: `${club[1]}${shortSuffix}`,
        venue: youth ? `${club[1]} Training Centre` : club[2],
        image_key: `opponent-${slugify(club[0])}`,
      };
      opponents.push(row);
    }
    return row;
  };

  const matches = [];
  const now = Date.parse(DEMO_NOW);

  for (const team of teams) {
    const shape = TEAM_SEASONS[team.slug];
    const youth = team.slug === "b-team" || team.slug === "u18";
    const squad = players.filter((p) => p.team_id === team.id);
    const homeVenue = team.slug === "" ? HOME_GROUND : team.slug === "womens-first-team" ? WOMEN_GROUND : TRAINING_GROUND;
    const leagueId = competitionId(shape.league, "league");

    for (const season of seasons) {
      const random = createRandom(`fixtures:${team.slug || "first-team"}:${season.year}`);
      // Clubs come and go between seasons (promotion and relegation).
      const rotation = createRandom(`league:${team.slug || "first-team"}`).shuffle(CLUBS);
      const offset = (season.year - 2020) * 3;
      const leagueClubs = Array.from({ length: shape.leagueSize }, (_, i) => rotation[(i + offset) % rotation.length]);
      const outside = CLUBS.filter((c) => !leagueClubs.includes(c));
      // 2020/21 began late and behind closed doors.
      const covid = season.year === 2020;
      const start = covid ? seasonDate(season.year, [9, 12]) : seasonDate(season.year, shape.start);
      const end = seasonDate(season.year, shape.end);

      const seasonMatches = [];
      const add = (fields) => {
        const match = { team, season, youth, ...fields };
        seasonMatches.push(match);
        return match;
      };

      // Cup ties: played round by round until Rovers go out.
      const cupDates = [];
      for (const cup of shape.cups) {
        const cupId = competitionId(cup.name, "cup");
        const pool = cup.pool === "league" ? leagueClubs : outside;
        const drawn = random.sample(pool, cup.rounds.length);
        for (let round = 0; round < cup.rounds.length; round++) {
          const [month, day, weekday] = cup.rounds[round];
          const date = nextWeekday(seasonDate(season.year, [month, day]), weekday);
          if (date < start) continue;
          cupDates.push(date);
          const kickoff = iso(date, weekday === shape.weekday ? shape.time : cup.time);
          const match = add({ competitionId: cupId, club: drawn[round], isHome: random.chance(0.5), kickoff, cup: true, round });
          const outcome = playMatch(random, match, shape, now);
          if (outcome === "lost" || outcome === "unplayed") break;
        }
      }

      // League: one weekly slot per round, around the cup ties.
      const order = leagueOrder(random, leagueClubs);
      let slots = weeklyDates(start, end, shape.weekday).filter((d) => !cupDates.some((c) => sameDay(c, d)));
      const festive = [];
      if (shape.festive) {
        festive.push(utcDate(season.year, 12, 26), utcDate(season.year + 1, 1, 1));
        slots = slots.filter((d) => !festive.some((f) => Math.abs(f - d) < 3 * 86_400_000));
      }
      while (slots.length + festive.length > order.length) slots.splice(random.int(0, slots.length - 1), 1);
      const midweekWeeks = weeklyDates(start, end, shape.midweek.weekday).filter((d) => !cupDates.some((c) => Math.abs(c - d) < 3 * 86_400_000));
      const extra = [];
      while (slots.length + festive.length + extra.length < order.length) {
        const candidate = random.pick(midweekWeeks);
        if (!extra.some((e) => sameDay(e, candidate))) extra.push(candidate);
      }
      const dated = [
        ...slots.map((date) => ({ date, time: shape.time, day: shape.weekday })),
        ...festive.map((date) => ({ date, time: [15, 0], day: date.getUTCDay() })),
        ...extra.map((date) => ({ date, time: shape.midweek.time, day: shape.midweek.weekday })),
      ].sort((a, b) => a.date - b.date);

      dated.forEach((slot, i) => {
        let { date, time } = slot;
        if (shape.tvMoves && slot.day === 6 && random.chance(0.12)) {
          // Picked for television: Sunday lunchtime or Friday night.
          if (random.chance(0.6)) {
            date = addDays(date, 1);
            time = [12, 0];
          } else {
            date = addDays(date, -1);
            time = [20, 0];
          }
        } else if (team.slug === "u18" && random.chance(0.3)) {
          time = [12, 0];
        } else if (team.slug === "womens-first-team" && random.chance(0.2)) {
          time = [12, 30];
        }
        const { club, isHome } = order[i];
        const match = add({ competitionId: leagueId, club, isHome, kickoff: iso(date, time), cup: false });
        playMatch(random, match, shape, now);
      });

      for (const match of seasonMatches) {
        const opponent = opponentFor(match.club, shape.variant, youth);
        match.opponent = opponent;
        match.venue = match.isHome ? homeVenue : opponent.venue;
        if (team.slug === "womens-first-team" && match.isHome && !match.cup && random.chance(0.08)) match.venue = HOME_GROUND;
        if (match.status === "result") {
          match.attendance = covid ? null : attendanceFor(random, shape, match);
          match.scorers = scorersFor(random, squad, match.goalsFor);
          match.report = reportFor(random, team, match);
        } else {
          match.attendance = null;
          match.scorers = [];
          match.report = null;
        }
      }
      matches.push(...seasonMatches);
    }
  }

  // Real-world calendar moments: the weekend of national mourning in September 2022,
  // and a waterlogged pitch for Rovers B in October 2024.
  for (const match of matches) {
    if (match.kickoff >= "2022-09-09" && match.kickoff < "2022-09-12") postpone(match, "Postponed as a mark of respect during the period of national mourning.");
  }
  const waterlogged = matches.find((m) => m.team.slug === "b-team" && m.kickoff.startsWith("2024-10"));
  if (waterlogged) postpone(waterlogged, "Postponed after a pitch inspection: the surface at Hallow Lane was waterlogged.");

  matches.sort((a, b) => (a.kickoff === b.kickoff ? a.team.id - b.team.id : a.kickoff < b.kickoff ? -1 : 1));
  matches.forEach((m, i) => (m.id = i + 1));

  const rows = matches.map((m) => ({
    id: m.id,
    team_id: m.team.id,
    season_id: m.season.id,
    competition_id: m.competitionId,
    opponent_id: m.opponent.id,
    is_home: m.isHome ? 1 : 0,
    venue: m.venue,
    kickoff: m.kickoff,
    status: m.status,
    goals_for: m.goalsFor,
    goals_against: m.goalsAgainst,
    attendance: m.attendance,
    report: m.report,
  }));
  const competitionName = (id) => competitions.find((c) => c.id === id).name;
  for (const m of matches) m.competition = competitionName(m.competitionId);
  return { competitions, opponents, matches, rows };
}

function postpone(match, reason) {
  match.status = "postponed";
  match.goalsFor = null;
  match.goalsAgainst = null;
  match.attendance = null;
  match.scorers = [];
  match.report = reason;
}

/** Plays a match that kicked off before the demo's today; returns won/lost/drawn/unplayed. */
function playMatch(random, match, shape, now) {
  if (Date.parse(match.kickoff) >= now) {
    match.status = "fixture";
    match.goalsFor = null;
    match.goalsAgainst = null;
    return "unplayed";
  }
  const [attack, defence] = shape.goals;
  const home = match.isHome ? 0.25 : -0.1;
  match.status = "result";
  match.goalsFor = random.poisson(Math.max(0.4, attack + home));
  match.goalsAgainst = random.poisson(Math.max(0.4, defence - home / 2));
  if (match.cup && match.goalsFor === match.goalsAgainst) {
    const ours = random.int(3, 5);
    const theirs = random.chance(0.55) ? ours - random.int(1, 2) : ours + 1;
    match.penalties = [ours, theirs];
    return ours > theirs ? "won" : "lost";
  }
  return match.goalsFor > match.goalsAgainst ? "won" : match.goalsFor < match.goalsAgainst ? "lost" : "drawn";
}

function attendanceFor(random, shape, match) {
  const [min, max] = match.isHome ? shape.attendance.home : shape.attendance.away;
  return random.int(min, max);
}

function scorersFor(random, squad, goals) {
  const weighted = squad.flatMap((p) => Array(p.position === "Forward" ? 6 : p.position === "Midfielder" ? 3 : p.position === "Defender" ? 1 : 0).fill(p));
  const chosen = new Set();
  while (chosen.size < goals) chosen.add(random.int(2, 90));
  const minutes = [...chosen].sort((a, b) => a - b);
  return minutes.map((minute) => {
    const player = random.pick(weighted);
    return { player, minute, penalty: random.chance(0.1), ownGoal: random.chance(0.04) };
  });
}

function scorerText(scorers) {
  const byName = new Map();
  for (const s of scorers) {
    const name = s.ownGoal ? "own goal" : s.player.last_name;
    const list = byName.get(name) ?? [];
    list.push(`${s.minute}${s.penalty && !s.ownGoal ? " pen" : ""}`);
    byName.set(name, list);
  }
  return [...byName].map(([name, minutes]) => `${name} (${minutes.join(", ")})`).join(", ");
}

function reportFor(random, team, match) {
  const us = team.short_name === "Women" ? "Rovers Women" : team.name === "Northbridge Rovers FC" ? "Rovers" : team.name;
  const them = match.opponent.name;
  const gf = match.goalsFor;
  const ga = match.goalsAgainst;
  let line;
  if (match.penalties) {
    line = `${us} ${match.penalties[0] > match.penalties[1] ? "went through" : "went out"} on penalties (${match.penalties[0]}-${match.penalties[1]}) after a ${gf}-${ga} draw with ${them}.`;
  } else if (gf > ga) {
    line = random.pick([
      `${us} beat ${them} ${gf}-${ga}${match.isHome ? ` at ${match.venue}` : " on the road"}.`,
      `A ${gf - ga > 2 ? "commanding" : "hard-earned"} ${gf}-${ga} win for ${us} against ${them}.`,
      `${us} took all three points against ${them} with a ${gf}-${ga} victory.`,
    ]);
  } else if (gf < ga) {
    line = random.pick([`${us} were beaten ${ga}-${gf} by ${them}.`, `Defeat for ${us}, who lost ${gf}-${ga} to ${them}.`, `${them} won ${ga}-${gf} against ${us}.`]);
  } else {
    line = random.pick([`${us} and ${them} shared the points in a ${gf}-${ga} draw.`, `Honours even: ${us} ${gf}-${ga} ${them}.`]);
  }
  return match.scorers.length > 0 ? `${line} Scorers: ${scorerText(match.scorers)}.` : line;
}
