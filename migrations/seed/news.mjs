/** News categories and more than 200 articles from 2020 to November 2024, many drawn from the fixtures. */
import { createRandom } from "./prng.mjs";
import { DEMO_NOW, isoPlusHours, londonLongDate, londonTime } from "./dates.mjs";
import { createSlugger, html } from "./sql.mjs";
import { AUTHORS, STAFF } from "./names.mjs";
import { a, DRAW_QUOTES, FIRST_HALF, h2, join, LOSS_QUOTES, p, quote, SECOND_HALF, ticketPrices, ul, WIN_QUOTES } from "./news-text.mjs";
import { COMMUNITY_TOPICS, CLUB_TOPICS, ACADEMY_TOPICS, TV_TOPICS, WOMEN_TOPICS, FIRST_TEAM_TOPICS } from "./news-topics.mjs";

/** External club links, as in src/config/club.ts (the seed is plain JavaScript and cannot import it). */
export const CLUB_LINKS = {
  buyTickets: "https://tickets.northbridgerovers.example/",
  store: "https://store.northbridgerovers.example/",
  conferencing: "https://events.northbridgerovers.example/",
  communityTrust: "https://trust.northbridgerovers.example/",
};

export const NEWS_CATEGORIES = [
  { id: 1, slug: "club-news", name: "Club News", position: 1 },
  { id: 2, slug: "first-team", name: "First Team", position: 2 },
  { id: 3, slug: "match-reports", name: "Match Reports", position: 3 },
  { id: 4, slug: "tickets", name: "Ticket News", position: 4 },
  { id: 5, slug: "women", name: "Rovers Women", position: 5 },
  { id: 6, slug: "academy", name: "Academy", position: 6 },
  { id: 7, slug: "community", name: "Community", position: 7 },
  { id: 8, slug: "rovers-tv", name: "Rovers TV", position: 8 },
];

/** Articles whose CMS HTML carries markup the sanitiser must remove (script, event handlers, javascript: URLs). */
export const DANGEROUS_NEWS_SLUGS = ["win-a-signed-shirt-in-our-christmas-competition", "rovers-tv-matchday-viewing-guide"];

const NOW = Date.parse(DEMO_NOW);

function teamLabel(team) {
  return team.slug === "" ? "Rovers" : team.slug === "womens-first-team" ? "Rovers Women" : team.name;
}

function scoreline(match, us) {
  return match.isHome
    ? `${us} ${match.goalsFor}-${match.goalsAgainst} ${match.opponent.name}`
    : `${match.opponent.name} ${match.goalsAgainst}-${match.goalsFor} ${us}`;
}

function goalList(random, match, us) {
  const theirs = new Set();
  while (theirs.size < match.goalsAgainst) theirs.add(random.int(3, 90));
  const goals = [
    ...match.scorers.map((s) => ({ minute: s.minute, text: s.ownGoal ? `Own goal (${us})` : `${s.player.first_name} ${s.player.last_name}${s.penalty ? " (penalty)" : ""} (${us})` })),
    ...[...theirs].map((minute) => ({ minute, text: match.opponent.name })),
  ].sort((x, y) => x.minute - y.minute);
  return goals.map((g) => `${g.minute}′ – ${html(g.text)}`);
}

function matchReport(random, match) {
  const team = match.team;
  const us = teamLabel(team);
  const them = match.opponent.name;
  const won = match.goalsFor > match.goalsAgainst || (match.penalties && match.penalties[0] > match.penalties[1]);
  const lost = match.goalsFor < match.goalsAgainst || (match.penalties && match.penalties[0] < match.penalties[1]);
  const manager = team.slug === "" ? STAFF.menManager : team.slug === "womens-first-team" ? STAFF.womenManager : team.slug === "b-team" ? STAFF.bTeamManager : STAFF.academyManager;
  const role = team.slug === "" ? "Rovers head coach" : team.slug === "womens-first-team" ? "Rovers Women manager" : team.slug === "b-team" ? "Rovers B coach" : "Academy manager";
  const doubles = [...new Set(match.scorers.filter((s) => !s.ownGoal).map((s) => s.player))].filter((pl) => match.scorers.filter((s) => s.player === pl && !s.ownGoal).length >= 2);
  const title = doubles.length && won
    ? `${doubles[0].last_name} ${match.scorers.filter((s) => s.player === doubles[0]).length > 2 ? "hat-trick" : "double"} sinks ${match.opponent.short_name}`
    : `Report: ${scoreline(match, us)}`;
  const comp = match.competition;
  const when = londonLongDate(match.kickoff);
  const verb = won ? random.pick(["beat", "saw off", "overcame", "claimed victory over"]) : lost ? random.pick(["lost to", "were beaten by", "fell to defeat against"]) : random.pick(["drew with", "shared the spoils with"]);
  const score = `${match.goalsFor}-${match.goalsAgainst}`;
  const lead = `${us} ${verb} ${html(them)} ${score} in the ${html(comp)} at ${html(match.venue)} on ${when}${match.attendance ? `, in front of a crowd of ${match.attendance.toLocaleString("en-GB")}` : ""}.`;
  const penalties = match.penalties ? p(`With the sides level after 90 minutes, the tie went straight to penalties, where ${us} ${match.penalties[0] > match.penalties[1] ? "held their nerve" : "were edged out"} ${match.penalties[0]}-${match.penalties[1]}.`) : "";
  const first = match.scorers[0];
  const opener = first
    ? p(`The breakthrough came on ${first.minute} minutes${first.ownGoal ? ", a cross deflecting in off a defender under pressure" : `, ${first.player.first_name} ${first.player.last_name} ${first.penalty ? "converting from the spot" : random.pick(["finishing coolly into the bottom corner", "rising highest to head home", "firing in from the edge of the area", "tapping in at the far post"])}`}.`)
    : p(`Chances were at a premium for ${us}, with ${random.pick(["a header over the bar", "a long-range effort tipped round the post", "a late scramble in the six-yard box"])} the closest they came.`);
  const pool = won ? WIN_QUOTES : lost ? LOSS_QUOTES : DRAW_QUOTES;
  const body = join(
    p(lead),
    p(random.pick(FIRST_HALF)(us, html(them))),
    opener,
    h2("Goals"),
    match.goalsFor + match.goalsAgainst > 0 ? ul(goalList(random, match, us)) : p("No goals were scored."),
    p(random.pick(SECOND_HALF)(us, html(them))),
    penalties,
    quote(random.pick(pool), `${manager}, ${role}`),
    p(`${a(`/matches/${team.slug}`.replace(/\/$/, ""), "See the full fixture list")} or ${a("/videos", "watch the highlights on Rovers TV")}.`),
  );
  return {
    title,
    summary: `${scoreline(match, us)}: ${match.report.split(" Scorers:")[0]}`,
    body,
    categories: ["match-reports", team.slug === "" ? "first-team" : team.slug === "womens-first-team" ? "women" : "academy"],
    published_at: isoPlusHours(match.kickoff, 2.5 + random.int(0, 60) / 60),
    match_id: match.id,
    image_key: null,
  };
}

function ticketArticle(random, match) {
  const cup = match.competition !== "Championship";
  const on = isoPlusHours(match.kickoff, -24 * random.int(14, 24) - random.int(1, 8));
  const body = join(
    p(`Tickets for our ${match.competition} ${cup ? "tie" : "game"} against ${html(match.opponent.name)} at Riverside Park on ${londonLongDate(match.kickoff)} (kick-off ${londonTime(match.kickoff)}) go on general sale ${random.pick(["this morning at 10am", "today", "on Thursday at 9am"])}.`),
    p(`Season ticket holders' seats are reserved automatically${cup ? " for league games only; holders have a priority window of 48 hours for this tie" : ""}. Members can buy up to four tickets per account during the priority window.`),
    h2("Prices"),
    ul(ticketPrices(cup ? "cup" : "league")),
    p(`Buy online at ${a(CLUB_LINKS.buyTickets, "the Rovers ticket office", true)}, or in person at the Riverside Park ticket office (Monday to Friday, 9am to 5pm). Prices rise by £2 on matchday.`),
    random.chance(0.4) ? p(`Fans who cannot make the trip can follow the game live on ${a("/videos/subscriptions", "Rovers TV+ audio commentary")}.`) : "",
  );
  return {
    title: `Ticket news: Rovers v ${match.opponent.name}${cup ? ` (${match.competition})` : ""}`,
    summary: `Tickets for our ${match.competition} ${cup ? "tie" : "game"} with ${match.opponent.name} on ${londonLongDate(match.kickoff)} are now on sale.`,
    body,
    categories: ["tickets"],
    published_at: on,
    match_id: match.id,
    image_key: null,
  };
}

function awayArticle(random, match) {
  const allocation = random.int(6, 30) * 100;
  const body = join(
    p(`Rovers have received an allocation of ${allocation.toLocaleString("en-GB")} tickets for our trip to ${html(match.opponent.venue)} to face ${html(match.opponent.name)} on ${londonLongDate(match.kickoff)}.`),
    p("Tickets are available to season ticket holders and members with away points first, before going on general sale if any remain."),
    ul(["Adults: £26", "Over-65s: £18", "Under-18s: £12", "Official supporters' coaches: £22 return, departing Riverside Park three and a half hours before kick-off"]),
    p(`Away tickets are sold online only through ${a(CLUB_LINKS.buyTickets, "the ticket office", true)}.`),
  );
  return {
    title: `Away tickets: ${match.opponent.name} v Rovers`,
    summary: `Our allocation for the trip to ${match.opponent.name} is ${allocation.toLocaleString("en-GB")} tickets.`,
    body,
    categories: ["tickets"],
    published_at: isoPlusHours(match.kickoff, -24 * random.int(18, 26) - 3),
    match_id: match.id,
    image_key: null,
  };
}

function seasonTicketArticle(year) {
  const season = `${year}/${String((year + 1) % 100).padStart(2, "0")}`;
  const covid = year === 2020;
  const body = covid
    ? join(
        p("With football continuing behind closed doors, season tickets for 2020/21 remain on hold. Every supporter who renewed will be offered a refund, a credit against next season, or the option to donate the value to the Rovers Community Trust."),
        p(`In the meantime, every league game is being streamed live on ${a("/videos/subscriptions", "Rovers TV")} so that supporters can follow the team from home.`),
        quote("We miss our supporters hugely. Riverside Park isn't the same without you, and we are doing everything we can to welcome you back safely.", `${STAFF.chiefExecutive}, Chief Executive`),
      )
    : join(
        p(`Season tickets for ${season} are on sale now, with supporters who renew before the early-bird deadline paying ${year === 2021 ? "the same prices as 2019/20" : "less than the cost of 18 matchday tickets"}.`),
        h2("Early-bird prices"),
        ul(["Adults: £395", "Over-65s: £285", "Under-22s: £210", "Under-18s: £125", "Under-12s: £60"]),
        p(`Existing holders keep their seats until the renewal deadline, after which seats are released to the waiting list. Renew online through ${a(CLUB_LINKS.buyTickets, "the ticket office", true)}.`),
        p("Monthly direct debit instalments are available at no extra cost, over ten months."),
      );
  return {
    title: covid ? "Season ticket update for 2020/21" : `Season tickets for ${season} now on sale`,
    summary: covid ? "What happens to 2020/21 season tickets while football is played behind closed doors." : `Renew your seat at Riverside Park for ${season} at early-bird prices.`,
    body,
    categories: ["tickets", "club-news"],
    published_at: covid ? "2020-08-27T10:00:00.000Z" : `${year}-04-${String(20 + (year % 5)).padStart(2, "0")}T09:00:00.000Z`,
    match_id: null,
    image_key: null,
  };
}

function signingArticle(random, player, team) {
  const women = team.slug === "womens-first-team";
  const manager = women ? STAFF.womenManager : STAFF.menManager;
  const fullName = `${player.first_name} ${player.last_name}`;
  const body = join(
    p(`${teamLabel(team)} ${random.pick(["are delighted to announce the signing of", "have completed the signing of", "have agreed a deal to bring in"])} ${html(player.position.toLowerCase())} ${html(fullName)}${player.squad_number ? `, who will wear the number ${player.squad_number} shirt` : ""}.`),
    p(html(player.bio)),
    quote(random.pick([
      `${player.first_name} is a player we have followed for a long time. The character and quality are exactly what we need, and I can't wait to start working together.`,
      `We were really clear about the profile we wanted, and ${player.first_name} ticks every box. It's a great piece of business for the club.`,
    ]), `${manager}, ${women ? "Rovers Women manager" : "Rovers head coach"}`),
    p(`Welcome to Rovers, ${html(player.first_name)}! ${a(`/players/${team.slug ? team.slug + "/" : ""}${player.slug}`, "View the player profile")}.`),
  );
  return {
    title: `${teamLabel(team)} sign ${fullName}`,
    summary: `${fullName} joins ${teamLabel(team)} ${random.pick(["on a long-term deal", "on a two-year contract", "ahead of the new season"])}.`,
    body,
    categories: [women ? "women" : "first-team", "club-news"],
    published_at: `${player.joined}T${String(random.int(10, 18)).padStart(2, "0")}:${random.pick(["00", "15", "30", "45"])}:00.000Z`,
    match_id: null,
    image_key: `player-${player.id}`,
  };
}

function playerOfMonthArticle(random, player, monthLabel, published) {
  const fullName = `${player.first_name} ${player.last_name}`;
  return {
    title: `${fullName} named Player of the Month for ${monthLabel}`,
    summary: `Supporters have voted ${fullName} our Player of the Month for ${monthLabel}.`,
    body: join(
      p(`${html(fullName)} has been voted Player of the Month for ${monthLabel} by supporters, taking ${random.int(38, 61)}% of more than ${random.int(3, 9)},000 votes.`),
      p(`The ${player.position.toLowerCase()} ${random.pick(["was ever-present during a busy month", "produced a string of man-of-the-match displays", "scored and assisted in consecutive games", "was outstanding at both ends of the pitch"])}, and will be presented with the award on the pitch before our next home game.`),
      p(`Thank you to everyone who voted, and to our partners Harbourline Insurance for supporting the award. ${a(`/players/${player.slug}`, `Read ${player.first_name}'s profile`)}.`),
    ),
    categories: ["first-team"],
    published_at: published,
    match_id: null,
    image_key: `player-${player.id}`,
  };
}

function topicArticle(random, topic, year, dateIso) {
  const context = { year, season: `${year}/${String((year + 1) % 100).padStart(2, "0")}`, random, a, p, h2, ul, quote, join, STAFF, CLUB_LINKS, html };
  return {
    title: typeof topic.title === "function" ? topic.title(context) : topic.title,
    summary: typeof topic.summary === "function" ? topic.summary(context) : topic.summary,
    body: topic.body(context),
    categories: topic.categories,
    published_at: dateIso,
    match_id: null,
    image_key: null,
  };
}

function atTime(random, date) {
  return `${date}T${String(random.int(8, 18)).padStart(2, "0")}:${random.pick(["00", "10", "30", "45"])}:00.000Z`;
}

export function buildNews({ teams, players, matches }) {
  const random = createRandom("news");
  const articles = [];
  const results = matches.filter((m) => m.status === "result");

  // Match reports: a share of first-team and women's games, every U18 FA Youth Cup tie.
  for (const match of results) {
    const share = match.team.slug === "" ? 0.32 : match.team.slug === "womens-first-team" ? 0.22 : match.competition === "FA Youth Cup" ? 1 : 0.04;
    if (random.chance(share)) articles.push(matchReport(random, match));
  }

  // Ticket news for home games, away allocations, and season tickets every spring.
  for (const match of matches.filter((m) => m.team.slug === "" && m.status !== "postponed" && m.kickoff >= "2021-08-01")) {
    if (match.isHome && random.chance(0.16)) articles.push(ticketArticle(random, match));
    else if (!match.isHome && random.chance(0.07)) articles.push(awayArticle(random, match));
  }
  for (let year = 2020; year <= 2024; year++) articles.push(seasonTicketArticle(year));

  // Signings: players who joined since 2020 (first team and women).
  for (const team of teams.filter((t) => t.slug === "" || t.slug === "womens-first-team")) {
    // Academy graduates were never "signed": only players who joined from another club get a story.
    for (const player of players.filter((pl) => pl.team_id === team.id && pl.joined >= "2020-01-01" && pl.bio.includes("joined Rovers from"))) {
      if (random.chance(0.8)) articles.push(signingArticle(random, player, team));
    }
  }

  // Player of the Month through the last two seasons.
  const firstTeam = players.filter((pl) => pl.team_id === 1 && pl.position !== "Goalkeeper");
  const months = [["2023-09", "August"], ["2023-10", "September"], ["2023-11", "October"], ["2023-12", "November"], ["2024-01", "December"], ["2024-02", "January"], ["2024-03", "February"], ["2024-04", "March"], ["2024-05", "April"], ["2024-09", "August"], ["2024-10", "September"], ["2024-11", "October"]];
  for (const [published, month] of months) {
    articles.push(playerOfMonthArticle(random, random.pick(firstTeam), month, `${published}-0${random.int(2, 6)}T12:00:00.000Z`));
  }

  // Topic articles (club, community, academy, women, Rovers TV), across the years they apply to.
  for (const topic of [...CLUB_TOPICS, ...COMMUNITY_TOPICS, ...ACADEMY_TOPICS, ...WOMEN_TOPICS, ...TV_TOPICS, ...FIRST_TEAM_TOPICS]) {
    for (const year of topic.years) {
      const date = topic.date(year, random);
      articles.push({ ...topicArticle(random, topic, year, atTime(random, date)), slugHint: topic.slug?.(year) });
    }
  }

  const published = articles
    .filter((article) => Date.parse(article.published_at) < NOW && article.published_at >= "2020-01-01")
    .sort((x, y) => (x.published_at < y.published_at ? -1 : x.published_at > y.published_at ? 1 : x.title < y.title ? -1 : 1));

  const slugFor = createSlugger();
  const categoryId = new Map(NEWS_CATEGORIES.map((c) => [c.slug, c.id]));
  const newsRows = [];
  const joinRows = [];
  published.forEach((article, index) => {
    const id = index + 1;
    newsRows.push({
      id,
      slug: article.slugHint ?? slugFor(article.title, article.published_at.slice(0, 10)),
      title: article.title,
      summary: article.summary,
      body_html: article.body,
      author: AUTHORS[id % AUTHORS.length],
      published_at: article.published_at,
      image_key: article.image_key ?? `news-${id}`,
      featured: 0,
      match_id: article.match_id,
    });
    for (const slug of new Set(article.categories)) joinRows.push({ news_id: id, category_id: categoryId.get(slug) });
  });
  // The five most recent stories lead the home page.
  for (const row of newsRows.slice(-5)) row.featured = 1;
  const slugs = new Set(newsRows.map((r) => r.slug));
  if (slugs.size !== newsRows.length) throw new Error("duplicate news slugs");
  for (const slug of DANGEROUS_NEWS_SLUGS) if (!slugs.has(slug)) throw new Error(`missing article ${slug}`);
  return { categories: NEWS_CATEGORIES, news: newsRows, newsCategory: joinRows };
}
