/** Teams, seasons and squads. */
import { createRandom } from "./prng.mjs";
import { MEN_NAMES, WOMEN_NAMES, PREVIOUS_CLUBS } from "./names.mjs";
import { slugify } from "./sql.mjs";

export const CURRENT_SEASON_YEAR = 2024;

export function buildSeasons() {
  const seasons = [];
  for (let year = 2020; year <= 2024; year++) {
    const next = String((year + 1) % 100).padStart(2, "0");
    seasons.push({ id: year - 2019, year, slug: `${year}-${next}`, name: `${year}/${next}` });
  }
  return seasons;
}

// Spec §3: only the B team and U18 are child friendly, so child-friendly mode lists only those two.
const TEAM_DEFS = [
  {
    id: 1, slug: "", name: "Northbridge Rovers FC", short_name: "Rovers", child_friendly: 0, is_mini_card: 0,
    image_key: "team-first-team", women: false, squad: { Goalkeeper: 3, Defender: 9, Midfielder: 8, Forward: 5 },
    ages: [19, 34], nationalityWeights: 0.55, appsScale: 1,
  },
  {
    id: 2, slug: "womens-first-team", name: "Rovers Women", short_name: "Women", child_friendly: 0, is_mini_card: 0,
    image_key: "team-womens-first-team", women: true, squad: { Goalkeeper: 3, Defender: 7, Midfielder: 7, Forward: 5 },
    ages: [18, 33], nationalityWeights: 0.6, appsScale: 0.8,
  },
  {
    id: 3, slug: "b-team", name: "Rovers B", short_name: "Rovers B", child_friendly: 1, is_mini_card: 1,
    image_key: "team-b-team", women: false, squad: { Goalkeeper: 2, Defender: 7, Midfielder: 7, Forward: 4 },
    ages: [18, 21], nationalityWeights: 0.75, appsScale: 0.4,
  },
  {
    id: 4, slug: "u18", name: "Rovers U18", short_name: "U18", child_friendly: 1, is_mini_card: 1,
    image_key: "team-u18", women: false, squad: { Goalkeeper: 2, Defender: 7, Midfielder: 7, Forward: 4 },
    ages: [16, 18], nationalityWeights: 0.85, appsScale: 0.25,
  },
];

export function buildTeams() {
  return TEAM_DEFS.map((t, index) => ({
    id: t.id,
    slug: t.slug,
    name: t.name,
    short_name: t.short_name,
    show_on_matches: 1,
    show_on_teams: 1,
    external_team_page: null,
    external_match_page: null,
    is_single_group: t.slug === "u18" ? 1 : 0,
    display_position_on_card: 1,
    is_mini_card: t.is_mini_card,
    show_team_overview: 1,
    child_friendly: t.child_friendly,
    image_key: t.image_key,
    sort_order: index,
  }));
}

const NUMBER_POOLS = {
  Goalkeeper: [1, 13, 31, 40, 25],
  Defender: [2, 3, 4, 5, 6, 12, 15, 16, 22, 24, 26, 33, 35],
  Midfielder: [8, 10, 14, 17, 18, 20, 21, 23, 27, 28, 30, 36],
  Forward: [7, 9, 11, 19, 29, 32, 39, 45, 47],
};

const TRAITS = {
  Goalkeeper: ["a commanding presence in the box", "a goalkeeper with superb reflexes and distribution", "a shot-stopper who organises the defence loudly", "a keeper who is calm with the ball at feet"],
  Defender: ["a defender who is strong in the air and a threat at set pieces", "an intelligent reader of the game", "a tireless, overlapping full-back", "a composed defender who is quick across the ground", "a fierce competitor in the tackle"],
  Midfielder: ["a box-to-box runner with an eye for goal", "a deep-lying playmaker who dictates the tempo", "a tenacious ball-winner", "a creative presence between the lines", "a set-piece specialist with a wand of a left foot"],
  Forward: ["a clinical finisher inside the area", "a direct winger who loves to run at defenders", "a hard-working centre-forward who leads the press", "a quick, elusive attacker comfortable on either foot", "a target player who brings others into the game"],
};

function pickNationality(random, pools, homeWeight) {
  const homes = ["English", "English", "English", "Scottish", "Welsh", "Irish"].filter((n) => pools[n]);
  if (random.chance(homeWeight)) return random.pick(homes);
  return random.pick(Object.keys(pools));
}

function squadBio(random, player, team, traits, age) {
  const first = player.first_name;
  const from = random.pick(PREVIOUS_CLUBS);
  const joinedYear = player.joined.slice(0, 4);
  const sentences = [];
  if (team.slug === "u18" || team.slug === "b-team") {
    sentences.push(`${first} came through the Rovers Academy, having joined the club's development centre as a ${random.int(8, 13)}-year-old.`);
    sentences.push(`A ${player.position.toLowerCase()} described by coaches as ${random.pick(traits)}, ${first} ${random.pick(["captained the U16s to the regional cup", "signed a scholarship in " + joinedYear, "has trained regularly with the first team", "has represented " + countryOf(player.nationality === "English" ? "England" : player.nationality) + " in youth internationals"])}.`);
  } else if (random.chance(0.25)) {
    sentences.push(`${first} is an Academy graduate who made a senior debut at ${18 + random.int(0, 2)} and has been part of the first-team picture since ${joinedYear}.`);
    sentences.push(`Known as ${random.pick(traits)}, ${first} is a firm favourite with supporters at Riverside Park.`);
  } else {
    sentences.push(`${first} joined Rovers from ${from} in ${joinedYear}${random.chance(0.4) ? " for an undisclosed fee" : random.chance(0.5) ? " on a free transfer" : ""}.`);
    sentences.push(`A ${age > 29 ? "vastly experienced" : age < 22 ? "highly rated young" : "dependable"} ${player.position.toLowerCase()}, ${first} is ${random.pick(traits)}.`);
  }
  if (player.nationality !== "English" && random.chance(0.5)) {
    sentences.push(`Internationally, ${first} has been capped by ${player.nationality === "Northern Irish" ? "Northern Ireland" : countryOf(player.nationality)} at ${random.pick(["senior", "under-21", "under-19"])} level.`);
  }
  return sentences.join(" ");
}

function countryOf(nationality) {
  const map = {
    Scottish: "Scotland", Welsh: "Wales", Irish: "the Republic of Ireland", French: "France", Dutch: "the Netherlands",
    Spanish: "Spain", Portuguese: "Portugal", Nigerian: "Nigeria", Ghanaian: "Ghana", Senegalese: "Senegal",
    Danish: "Denmark", Norwegian: "Norway", Jamaican: "Jamaica", American: "the United States", Swedish: "Sweden",
    Australian: "Australia", Canadian: "Canada",
  };
  return map[nationality] ?? nationality;
}

/** Squads of every team; ids are global. */
export function buildPlayers() {
  const players = [];
  let id = 1;
  for (const team of TEAM_DEFS) {
    const random = createRandom(`players:${team.slug || "first-team"}`);
    const pools = team.women ? WOMEN_NAMES : MEN_NAMES;
    const usedNames = new Set();
    const usedNumbers = new Set();
    for (const [position, count] of Object.entries(team.squad)) {
      for (let i = 0; i < count; i++) {
        const nationality = pickNationality(random, pools, team.nationalityWeights);
        let first;
        let last;
        do {
          first = random.pick(pools[nationality].first);
          last = random.pick(pools[nationality].last);
        } while (usedNames.has(`${first} ${last}`));
        usedNames.add(`${first} ${last}`);
        const age = random.int(team.ages[0], team.ages[1]);
        const birth = `${2024 - age}-${String(random.int(1, 12)).padStart(2, "0")}-${String(random.int(1, 28)).padStart(2, "0")}`;
        const joinedYear = Math.max(2024 - age + 16, 2024 - random.int(0, Math.min(8, age - 16)));
        const joined = `${joinedYear}-${random.pick(["01", "06", "07", "08"])}-${String(random.int(1, 28)).padStart(2, "0")}`;
        let number = null;
        if (!(team.slug === "u18" && i === count - 1 && position !== "Goalkeeper")) {
          const pool = [...NUMBER_POOLS[position], ...Array.from({ length: 30 }, (_, k) => k + 34)];
          number = pool.find((n) => !usedNumbers.has(n) && random.chance(0.6)) ?? pool.find((n) => !usedNumbers.has(n));
          usedNumbers.add(number);
        }
        const seasonsAtClub = 2024 - joinedYear + 1;
        const appearances = Math.round(random.int(2, 38) * Math.min(seasonsAtClub, 6) * team.appsScale * (age < 20 ? 0.4 : 1));
        const goalRate = { Goalkeeper: 0, Defender: 0.04, Midfielder: 0.12, Forward: 0.33 }[position];
        const goals = Math.round(appearances * goalRate * (0.5 + random.next()));
        const player = {
          id: id++,
          team_id: team.id,
          slug: slugify(`${first} ${last}`),
          first_name: first,
          last_name: last,
          position,
          squad_number: number,
          nationality,
          date_of_birth: birth,
          joined,
          image_key: "",
          bio: "",
          appearances,
          goals,
        };
        player.image_key = `player-${player.id}`;
        player.bio = squadBio(random, player, team, TRAITS[position], age);
        players.push(player);
      }
    }
  }
  return players;
}
