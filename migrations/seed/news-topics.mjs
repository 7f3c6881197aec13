/**
 * Hand-written article topics. Each topic repeats over the years listed, with the year worked into
 * its title where the story recurs (annual reports, Christmas visits, open days).
 * body(ctx) gets the HTML helpers, the year and the season name ('2023/24').
 */

/** The season that ends in the spring of `year`: 2022 → '2021/22'. */
const endedSeason = (year) => `${year - 1}/${String(year % 100).padStart(2, "0")}`;

const day = (year, month, date) => `${year}-${String(month).padStart(2, "0")}-${String(date).padStart(2, "0")}`;

export const CLUB_TOPICS = [
  {
    years: [2020, 2021, 2022, 2023, 2024],
    date: (y, r) => day(y, 1, r.int(20, 28)),
    title: ({ year }) => `Annual report and accounts for ${endedSeason(year - 1)}`,
    summary: ({ year }) => `The club has published its annual report and financial statements for the year to 30 June ${year - 1}.`,
    categories: ["club-news"],
    body: ({ p, ul, quote, a, join, STAFF, year, random }) => join(
      p(`Northbridge Rovers FC has today published its annual report and audited accounts for the twelve months to 30 June ${year - 1}.`),
      p(year === 2021 || year === 2022
        ? "The figures reflect the impact of football being played behind closed doors, with matchday income down sharply. The club is grateful to supporters who donated the value of their season tickets, and to our partners who stood by us."
        : `Turnover rose to £${random.int(24, 39)}.${random.int(1, 9)}m, driven by record commercial income and the return of full crowds to Riverside Park.`),
      ul([
        `Matchday income: £${random.int(5, 11)}.${random.int(0, 9)}m`,
        `Commercial and sponsorship: £${random.int(6, 12)}.${random.int(0, 9)}m`,
        `Broadcasting, including Rovers TV: £${random.int(9, 15)}.${random.int(0, 9)}m`,
        `Investment in the Academy and women's football: £${random.int(2, 5)}.${random.int(0, 9)}m`,
      ]),
      quote("We remain committed to running the club sustainably, investing in the team while protecting Rovers for the next generation of supporters.", `${STAFF.chair}, Chair`),
      p(`The full report is available on request from the club secretary; see ${a("/club-information/company-details", "company details")}.`),
    ),
  },
  {
    years: [2021, 2022, 2023, 2024],
    date: (y, r) => day(y, 6, r.int(10, 20)),
    title: ({ year }) => `Riverside Park summer works ${year}`,
    summary: "Pitch renovation, new seating and improved concourses: what is changing at Riverside Park this summer.",
    categories: ["club-news"],
    body: ({ p, ul, h2, join, STAFF, year }) => join(
      p(`Work has begun on this summer's programme of improvements at Riverside Park, with the ground staff led by ${STAFF.groundsman} taking the pitch back to bare soil for a full renovation.`),
      h2("What's changing"),
      ul(year % 2 === 0
        ? ["A hybrid grass surface with undersoil heating", "1,200 replacement seats in the Riverside Stand", "New LED floodlights, using 60% less energy", "Extra accessible toilets in the East Stand"]
        : ["Refurbished concourses and kiosks in the North Stand", "Card-only payments at every kiosk to speed up queues", "A new family zone with a safe-standing section behind it", "Improved wayfinding signage around the ground"]),
      p("The work is due to finish in time for the opening home game of the season. The club shop and ticket office stay open as normal throughout."),
    ),
  },
  {
    years: [2021, 2022, 2023, 2024],
    date: (y, r) => day(y, 7, r.int(1, 9)),
    title: ({ season }) => `New home kit for ${season} revealed`,
    summary: ({ season }) => `Our ${season} home shirt, made by Stride Sportswear, is on sale now.`,
    categories: ["club-news", "first-team"],
    body: ({ p, a, quote, join, year, CLUB_LINKS }) => join(
      p(`Our new home kit for the ${year}/${String((year + 1) % 100).padStart(2, "0")} season has been unveiled, with the classic Rovers ${year % 2 ? "green and white hoops" : "emerald green"} returning alongside ${year % 2 ? "a modern collar inspired by the 1974 cup-winning side" : "a subtle pinstripe inspired by the River Northe"}.`),
      p("The shirt is made from recycled polyester, and the squad will wear it for the first time in our final pre-season friendly."),
      quote("Every year we ask supporters what they want from a kit, and every year the answer is the same: make it look like Rovers. We think this one does.", "Stride Sportswear design team"),
      p(`Buy it now from ${a(CLUB_LINKS.store, "the official club store", true)}, with adult shirts from £55 and junior shirts from £40.`),
    ),
  },
  {
    years: [2020],
    date: () => "2020-03-16",
    title: "Club statement: COVID-19",
    summary: "All matches and club events are suspended until further notice.",
    categories: ["club-news"],
    body: ({ p, join }) => join(
      p("Following government advice, all fixtures, tours and events at Riverside Park are suspended until further notice. The club shop and ticket office are closed, and staff are working from home where possible."),
      p("Supporters holding tickets for postponed matches should keep them: they will remain valid for the rearranged dates."),
      p("Our thoughts are with everyone affected. Please look after each other, and check in on older and vulnerable neighbours."),
    ),
  },
  {
    years: [2021],
    date: () => "2021-07-20",
    title: "Welcome back: full crowds return to Riverside Park",
    summary: "Supporters will be back at full capacity for the new season.",
    categories: ["club-news", "tickets"],
    body: ({ p, a, ul, join, CLUB_LINKS }) => join(
      p("We are delighted to confirm that Riverside Park will be open at full capacity for the new season, after sixteen months without a full house."),
      ul(["Tickets are mobile or print-at-home: no paper tickets", "Hand sanitiser stations remain around the concourses", "Please do not attend if you have symptoms of COVID-19"]),
      p(`Season tickets are still available through ${a(CLUB_LINKS.buyTickets, "the ticket office", true)}.`),
    ),
  },
  {
    years: [2022, 2023, 2024],
    date: (y, r) => day(y, 11, r.int(2, 8)),
    title: ({ year }) => `Supporters' Parliament: minutes from the ${year} autumn meeting`,
    summary: "Ticketing, travel and the matchday experience were on the agenda at the latest meeting with supporters' representatives.",
    categories: ["club-news"],
    body: ({ p, ul, join, STAFF }) => join(
      p(`The autumn meeting of the Supporters' Parliament took place at Riverside Park, chaired by ${STAFF.chiefExecutive} with representatives of the supporters' clubs, the disabled supporters' association and the fan advisory board.`),
      ul(["Travel: a trial of extra late trains after evening kick-offs will continue", "Ticketing: the resale platform will open 48 hours earlier", "Catering: more vegetarian and gluten-free options at every kiosk", "Safety: stewarding at the away end turnstiles will be reviewed"]),
      p("The next meeting takes place in the spring. Supporters can raise topics through their supporters' club or by writing to the club secretary."),
    ),
  },
  {
    years: [2023],
    date: () => "2023-12-01",
    slug: () => "win-a-signed-shirt-in-our-christmas-competition",
    title: "Win a signed shirt in our Christmas competition",
    summary: "Answer one question for the chance to win a home shirt signed by the first-team squad.",
    categories: ["club-news", "community"],
    // The CMS editor pasted a third-party widget's embed code here: the sanitiser must strip it.
    body: ({ p, join }) => join(
      p("To celebrate the festive season, we're giving away a home shirt signed by every member of the first-team squad."),
      p("To enter, simply tell us: in which year did Rovers first play at Riverside Park?"),
      '<script src="https://widgets.competitions.example/embed.js"></script>',
      "<script>window.competitionWidget && window.competitionWidget.init('rovers-xmas-2023');</script>",
      '<p><img src="https://competitions.example/banner.png" onerror="alert(\'xss\')" alt="Christmas competition"></p>',
      p("The competition closes at midnight on 18 December. The winner will be drawn at random and contacted by email. Good luck!"),
    ),
  },
];

export const COMMUNITY_TOPICS = [
  {
    years: [2020, 2021, 2022, 2023, 2024],
    date: (y, r) => day(y, 12, y === 2024 ? r.int(1, 5) : r.int(14, 20)),
    title: ({ year }) => `Players bring festive cheer to Northbridge General ${year}`,
    summary: "First-team and Rovers Women players visited the children's ward with gifts from supporters.",
    categories: ["community"],
    body: ({ p, quote, join, year, STAFF }) => join(
      p(year === 2020
        ? "This year's Christmas visit to Northbridge General Hospital took place online, with players joining video calls with young patients and delivering gifts to the ward doors."
        : "Players from the first team and Rovers Women swapped the training pitch for the children's ward at Northbridge General Hospital this week, handing out gifts donated by supporters."),
      p("More than 400 presents were collected at Riverside Park, along with books, games and art supplies for the hospital's play team."),
      quote("It's the best day of the year. Seeing the kids' faces light up puts everything into perspective.", "Rovers captain"),
      p(`Thank you to everyone who donated. The visit was organised by the Rovers Community Trust, led by ${STAFF.trustChief}.`),
    ),
  },
  {
    years: [2021, 2022, 2023, 2024],
    date: (y, r) => day(y, 3, r.int(5, 25)),
    title: ({ year }) => `Walking football festival ${year}`,
    summary: "Over-50s teams from across the region took part in our walking football festival at Hallow Lane.",
    categories: ["community"],
    body: ({ p, a, ul, join, CLUB_LINKS, random }) => join(
      p(`${random.int(14, 28)} teams from across the region took part in the Community Trust's walking football festival at Hallow Lane on Sunday, with players aged from 50 to 87.`),
      p("Walking football keeps people active and connected, and the Trust now runs sessions four times a week:"),
      ul(["Monday 10am: Hallow Lane 3G pitch", "Wednesday 2pm: Northbridge Leisure Centre", "Thursday 6pm: women-only session, Hallow Lane", "Saturday 9am: mixed session, Riverside Park community pitch"]),
      p(`Sessions cost £3 and the first one is free. Find out more from ${a(CLUB_LINKS.communityTrust, "the Community Trust", true)}.`),
    ),
  },
  {
    years: [2020, 2021, 2022, 2023, 2024],
    date: (y, r) => day(y, 10, r.int(10, 25)),
    title: ({ year }) => `Matchday food bank collection raises record total in ${year}`,
    summary: "Supporters donated food and essentials for Northbridge Food Bank at our home game.",
    categories: ["community"],
    body: ({ p, join, random, year }) => join(
      p(year === 2020
        ? "With no supporters in the ground, this year's food bank collection moved online, and you responded brilliantly."
        : `Supporters filled ${random.int(30, 80)} trolleys at the turnstiles before Saturday's game, in our biggest matchday collection for Northbridge Food Bank.`),
      p(`In total, ${random.int(2, 6)}.${random.int(1, 9)} tonnes of food and £${random.int(4, 15)},${random.int(100, 999)} in cash donations were collected, enough to support hundreds of local families through the winter.`),
      p("Collections continue at every home game: look for the volunteers in green bibs at the Riverside Stand turnstiles."),
    ),
  },
  {
    years: [2022, 2023, 2024],
    date: (y, r) => day(y, 5, r.int(10, 20)),
    title: ({ year }) => `Schools Cup finals ${year} at Riverside Park`,
    summary: "Primary schools from across Northbridge played their cup finals on the Riverside Park pitch.",
    categories: ["community", "academy"],
    body: ({ p, join, random }) => join(
      p(`More than ${random.int(300, 600)} children from ${random.int(20, 40)} primary schools played in the Community Trust's Schools Cup finals at Riverside Park this week.`),
      p("Every school in Northbridge is invited to take part, with mixed, girls' and boys' competitions, and the finals are played on the same pitch as the first team."),
      p("Congratulations to all of this year's winners, and thank you to the teachers and parents who made it possible."),
    ),
  },
  {
    years: [2020, 2021, 2022, 2023, 2024],
    date: (y, r) => day(y, 9, r.int(18, 28)),
    title: ({ year }) => `Rovers back mental health awareness campaign ${year}`,
    summary: "Our 'Talk to a Teammate' campaign returns, with free sessions and a helpline for supporters.",
    categories: ["community", "club-news"],
    body: ({ p, ul, a, join, CLUB_LINKS }) => join(
      p("Our 'Talk to a Teammate' campaign returns this month, encouraging supporters to look out for each other and talk about how they are feeling."),
      ul(["Free weekly drop-in sessions at the Riverside Park community hub", "A confidential phone line staffed by trained volunteers", "Mental health first aid training for supporters' club officers"]),
      p(`If you need support, you are not alone. Find out more through ${a(CLUB_LINKS.communityTrust, "the Community Trust", true)}.`),
    ),
  },
  {
    years: [2021, 2022, 2023, 2024],
    date: (y, r) => day(y, 8, r.int(5, 15)),
    title: ({ year }) => `Summer holiday camps ${year}: record numbers`,
    summary: "Over a thousand children took part in the Trust's summer football camps.",
    categories: ["community"],
    body: ({ p, join, random }) => join(
      p(`A record ${random.int(1000, 1600).toLocaleString("en-GB")} children aged 5 to 13 attended the Community Trust's summer football camps across Northbridge this year.`),
      p("Free places with a healthy lunch were offered to families eligible for free school meals, funded by the holiday activities programme."),
      p("Camps return at October half-term: bookings open in September."),
    ),
  },
];

export const ACADEMY_TOPICS = [
  {
    years: [2020, 2021, 2022, 2023, 2024],
    date: (y, r) => day(y, 7, r.int(3, 12)),
    title: ({ year }) => `Academy welcomes ${year} scholarship intake`,
    summary: "A new group of first-year scholars has joined the Rovers Academy.",
    categories: ["academy"],
    body: ({ p, quote, join, STAFF, random }) => join(
      p(`${random.int(9, 14)} young players have signed two-year scholarships with the Rovers Academy, combining full-time football with education at Northbridge College.`),
      p("The scholars will play for the U18s in the U18 Premier League and the FA Youth Cup, with the best performers stepping up to Rovers B."),
      quote("It's a proud day for the players and their families. Our job now is to help every one of them become the best version of themselves, on and off the pitch.", `${STAFF.academyManager}, Academy manager`),
    ),
  },
  {
    years: [2021, 2022, 2023, 2024],
    date: (y, r) => day(y, 2, r.int(3, 14)),
    title: ({ year }) => `Academy open trials ${year}: dates announced`,
    summary: "Boys and girls aged 8 to 14 can register for our development centre trials.",
    categories: ["academy", "community"],
    body: ({ p, a, ul, join }) => join(
      p("Registration is open for our development centre trials, for boys and girls aged 8 to 14 who are not already registered with a professional academy."),
      ul(["U9 to U11: Saturday mornings in March", "U12 to U14: Tuesday evenings in March", "Goalkeepers: a dedicated session on the last Sunday of March"]),
      p(`Places are limited and must be booked in advance: see ${a("/academy/trials", "Academy trials")}.`),
    ),
  },
  {
    years: [2022, 2023, 2024],
    date: (y, r) => day(y, 5, r.int(20, 28)),
    title: ({ year }) => `Academy awards night ${year}`,
    summary: "Scholars, coaches and families celebrated the season at the Academy awards.",
    categories: ["academy"],
    body: ({ p, ul, join }) => join(
      p("Players, staff and families gathered at Riverside Park for the Academy awards night, celebrating a season of progress on and off the pitch."),
      ul(["Scholar of the Year", "Most Improved Player", "Education Award, for outstanding work at college", "Coaches' Award", "Community Champion"]),
      p("Congratulations to every winner, and to the second-year scholars moving on: once a Rover, always a Rover."),
    ),
  },
];

export const WOMEN_TOPICS = [
  {
    years: [2022, 2023, 2024],
    date: (y, r) => day(y, 8, r.int(20, 28)),
    title: ({ season }) => `Rovers Women season preview ${season}`,
    summary: ({ season }) => `Claire Donnelly's side prepare for the ${season} Women's Championship season.`,
    categories: ["women"],
    body: ({ p, a, quote, join, STAFF }) => join(
      p("Rovers Women kick off their Women's Championship campaign next weekend, with a squad strengthened over the summer and a pre-season unbeaten in five."),
      p("Home games are played at the Northbridge Community Stadium, with a showcase fixture at Riverside Park later in the season."),
      quote("The group has worked incredibly hard. We want to be competing at the top end, and we want our supporters to enjoy watching us.", `${STAFF.womenManager}, Rovers Women manager`),
      p(`Season tickets for Rovers Women cost just £45 for adults and £10 for under-18s. ${a("/matches/womens-first-team", "See the fixtures")}.`),
    ),
  },
  {
    years: [2023, 2024],
    date: (y, r) => day(y, 3, r.int(1, 8)),
    title: ({ year }) => `Record crowd expected at Riverside Park for Rovers Women ${year}`,
    summary: "Rovers Women return to Riverside Park, with tickets just £5.",
    categories: ["women", "tickets"],
    body: ({ p, a, join, CLUB_LINKS }) => join(
      p("Rovers Women will play at Riverside Park again this month, and we are hoping for a record crowd to back the team."),
      p("Tickets cost £5 for adults and are free for under-16s, with the Riverside and East Stands open."),
      p(`Book through ${a(CLUB_LINKS.buyTickets, "the ticket office", true)}.`),
    ),
  },
];

export const TV_TOPICS = [
  {
    years: [2020],
    date: () => "2020-09-08",
    title: "Rovers TV: watch every game live while grounds are closed",
    summary: "Every league game will be streamed live on Rovers TV while supporters cannot attend.",
    categories: ["rovers-tv", "club-news"],
    body: ({ p, a, join }) => join(
      p("While supporters are unable to attend matches, every Rovers league game will be streamed live on Rovers TV, with full commentary from the Riverside Park gantry."),
      p(`Match passes and season subscriptions are available on the ${a("/videos/subscriptions", "Rovers TV subscriptions page")}.`),
    ),
  },
  {
    years: [2022],
    date: () => "2022-07-14",
    title: "Introducing Rovers TV+: live audio commentary of every men's game",
    summary: "Rovers TV+ adds live audio commentary of every men's match to everything in Rovers TV.",
    categories: ["rovers-tv"],
    body: ({ p, ul, a, join }) => join(
      p("We're launching Rovers TV+, a new top tier of our streaming service that adds live audio commentary of every men's first-team game, home and away."),
      ul(["Live audio commentary of every men's match", "Full match replays, extended inside training and live press conferences", "Live streams of selected Rovers Women and Academy matches", "Highlights and interviews, as with a free account"]),
      p(`Rovers TV+ costs £44.99 a year or £5.99 a month. Rovers TV stays at £14.99 a year or £1.99 a month. ${a("/videos/subscriptions", "Compare packages")}.`),
    ),
  },
  {
    years: [2021, 2022, 2023, 2024],
    date: (y, r) => day(y, 7, r.int(15, 25)),
    title: ({ year }) => `Watch pre-season ${year} on Rovers TV`,
    summary: "Every pre-season friendly will be available on Rovers TV.",
    categories: ["rovers-tv", "first-team"],
    body: ({ p, a, join }) => join(
      p("Every pre-season friendly will be shown on Rovers TV, with full match replays available to subscribers within two hours of the final whistle."),
      p(`Free highlights and interviews are available to everyone with a Rovers Account. ${a("/videos", "Go to Rovers TV")}.`),
    ),
  },
  {
    years: [2024],
    date: () => "2024-08-01",
    title: "First month free on Rovers TV with code FIRSTMONTH",
    summary: "New monthly subscribers get their first month free.",
    categories: ["rovers-tv"],
    body: ({ p, a, join }) => join(
      p("New monthly subscribers to Rovers TV or Rovers TV+ can get their first month free with the promo code FIRSTMONTH at checkout."),
      p(`You can cancel at any time; cancellations need three working days' notice before your next payment date. ${a("/videos/subscriptions", "Subscribe now")}.`),
    ),
  },
  {
    years: [2024],
    date: () => "2024-09-12",
    slug: () => "rovers-tv-matchday-viewing-guide",
    title: "Rovers TV matchday viewing guide",
    summary: "How to get the best picture and sound from Rovers TV on matchday.",
    categories: ["rovers-tv"],
    // Pasted from an old help-desk page; the sanitiser must drop the handlers and the javascript: link.
    body: ({ p, ul, join }) => join(
      p("Here's how to get the best from Rovers TV on matchday."),
      '<h2 onclick="trackHeading()">Check your connection</h2>',
      ul(["SD needs at least 1.2 Mbps with latency up to 100 ms", "HD needs at least 4 Mbps with latency up to 50 ms", "We recommend a general minimum of 2 Mbps"]),
      '<p>Run a speed test before kick-off: <a href="javascript:alert(document.cookie)">test my connection</a>.</p>',
      '<iframe src="https://helpdesk.example/widget" width="400" height="300"></iframe>',
      p("Live streams are available in the player only while a match is being played; outside that window you may see 'media not found'."),
    ),
  },
];

TV_TOPICS.push(
  {
    years: [2023, 2024],
    date: (y, r) => day(y, 9, r.int(2, 9)),
    title: ({ season }) => `Rovers Women and Academy games live on Rovers TV in ${season}`,
    summary: "Selected Rovers Women and U18 matches will be streamed live for Rovers TV subscribers.",
    categories: ["rovers-tv", "women", "academy"],
    body: ({ p, a, ul, join }) => join(
      p("Rovers TV subscribers will be able to watch selected Rovers Women and U18 matches live this season, with commentary from our media team."),
      ul(["Live streams are included in Rovers TV and Rovers TV+", "Single match passes are available for selected games", "Replays are available within two hours of the final whistle"]),
      p(`See what's on in the ${a("/live", "live schedule")}, or ${a("/videos/subscriptions", "choose a package")}.`),
    ),
  },
  {
    years: [2023],
    date: () => "2023-06-28",
    title: "Rovers TV prices frozen for 2023/24",
    summary: "Subscription prices for Rovers TV and Rovers TV+ stay the same for another season.",
    categories: ["rovers-tv", "club-news"],
    body: ({ p, ul, a, join }) => join(
      p("We are freezing the price of Rovers TV and Rovers TV+ for the 2023/24 season, so subscribers pay exactly the same as last year."),
      ul(["Rovers TV+: £44.99 a year or £5.99 a month", "Rovers TV: £14.99 a year or £1.99 a month"]),
      p(`Existing subscriptions renew automatically at the same price. ${a("/videos/faqs", "Read the Rovers TV FAQs")}.`),
    ),
  },
  {
    years: [2021, 2022, 2023, 2024],
    date: (y, r) => day(y, 5, r.int(8, 16)),
    title: ({ year }) => `Relive ${endedSeason(year)}: every goal on Rovers TV`,
    summary: "Every goal of the season, in one place.",
    categories: ["rovers-tv", "first-team"],
    body: ({ p, a, join, year }) => join(
      p(`Every goal from the ${endedSeason(year)} season is now on Rovers TV, from the opening day to the final whistle of the campaign.`),
      p(`Highlights are free with a Rovers Account, and subscribers can watch full match replays of every game. ${a("/videos/browse", "Browse the archive")}.`),
    ),
  },
);

export const FIRST_TEAM_TOPICS = [
  {
    years: [2021, 2022, 2023, 2024],
    date: (y, r) => day(y, 6, r.int(1, 9)),
    title: ({ year }) => `Pre-season schedule ${year} confirmed`,
    summary: "Dates, venues and ticket details for our summer friendlies.",
    categories: ["first-team", "tickets"],
    body: ({ p, ul, a, join, random }) => join(
      p("The first-team squad returns for pre-season testing at Hallow Lane at the end of the month, followed by a training camp abroad and five friendlies."),
      ul([`Saturday ${random.int(8, 14)} July: Hallow Lane Select XI v Rovers (closed doors)`, `Saturday ${random.int(15, 20)} July: Greyhaven Town v Rovers`, `Tuesday ${random.int(21, 24)} July: Rovers v Wexley Athletic (Riverside Park)`, "Saturday 27 July: Rovers v Stonecross United (Riverside Park)"]),
      p(`Tickets for home friendlies are £10 for adults and £3 for under-18s from ${a("https://tickets.northbridgerovers.example/", "the ticket office", true)}.`),
    ),
  },
  {
    years: [2022, 2023, 2024],
    date: (y, r) => day(y, 10, r.int(3, 12)),
    title: ({ year }) => `Injury update: international break ${year}`,
    summary: "The latest news from the medical team during the international break.",
    categories: ["first-team"],
    body: ({ p, quote, join, STAFF }) => join(
      p("The medical team has given an update on the squad's injuries as the players return from the international break."),
      p("Two players are back in full training after hamstring problems, and one midfielder will have a scan on an ankle injury picked up on international duty."),
      quote("We're in a better place than a few weeks ago. We'll be careful with the players coming back and make sure they're ready for a busy run of games.", `${STAFF.menManager}, Rovers head coach`),
    ),
  },
];
