/** Rovers TV: video categories, videos, the home feed, memberships, packages and prices, FAQs, live assets. */
import { createRandom } from "./prng.mjs";
import { DEMO_NOW, isoPlusHours, londonLongDate } from "./dates.mjs";
import { a, join, p, ul } from "./news-text.mjs";

/** Entitlement lists of spec §4/§6: '?' everyone, '*' any logged-in user, else the tiers that unlock. */
export const ENTITLEMENTS = {
  everyone: ["?"],
  loggedIn: ["*"],
  freemium: ["freemium", "roverstv", "roverstv+", "vip"],
  mid: ["roverstv", "roverstv+", "vip"],
  top: ["roverstv+", "vip"],
};

export const VIDEO_CATEGORIES = [
  { id: 1, slug: "highlights", name: "Highlights" },
  { id: 2, slug: "extended-highlights", name: "Extended Highlights" },
  { id: 3, slug: "interviews", name: "Interviews" },
  { id: 4, slug: "full-match-replays", name: "Full Match Replays" },
  { id: 5, slug: "inside-training", name: "Inside Training" },
  { id: 6, slug: "press-conferences", name: "Press Conferences" },
  { id: 7, slug: "women", name: "Rovers Women" },
  { id: 8, slug: "academy", name: "Academy" },
].map((c, i) => ({ ...c, order_position: i + 1, image_key: `category-${c.slug}`, title_visibility: c.slug === "academy" ? 0 : 1, link: `/videos/channel/${c.slug}` }));

const NOW = Date.parse(DEMO_NOW);

/**
 * A demo video's duration, seconds: what the site shows and what its source (made by ffmpeg,
 * scripts/demo-videos.mjs) lasts. The catalogue draws a realistic length (a replay 93-115 min, a
 * clip 2-5 min) and plays it squeezed onto 10-40 s on a log scale: every video has media of its
 * own that a 2-core machine transcodes in minutes, and a replay stays longer than its highlights.
 */
export const DEMO_SECONDS = { min: 10, max: 40 };
export function demoDuration(realisticSeconds) {
  const lo = Math.log(60);
  const hi = Math.log(7800);
  const t = Math.min(1, Math.max(0, (Math.log(realisticSeconds) - lo) / (hi - lo)));
  return Math.round(DEMO_SECONDS.min + t * (DEMO_SECONDS.max - DEMO_SECONDS.min));
}

function title(match) {
  const us = match.team.slug === "" ? "Rovers" : match.team.name;
  return match.isHome ? `${us} ${match.goalsFor}-${match.goalsAgainst} ${match.opponent.name}` : `${match.opponent.name} ${match.goalsAgainst}-${match.goalsFor} ${us}`;
}

export function buildVideos({ matches, players, seasons, teams }) {
  const random = createRandom("videos");
  const seasonId = (m) => m.season.id;
  const teamId = (slug) => teams.find((t) => t.slug === slug).id;
  const results = (slug) => matches.filter((m) => m.team.slug === slug && m.status === "result" && m.kickoff >= "2023-08-01").sort((x, y) => (x.kickoff < y.kickoff ? 1 : -1));
  const men = results("");
  const women = results("womens-first-team");
  const u18 = results("u18");
  const videos = [];
  const add = (v) => {
    if (Date.parse(v.created_at) >= NOW) return;
    const entryId = `1_${random.id(8)}`;
    videos.push({
      id: 0,
      entry_id: entryId,
      title: v.title,
      description: v.description,
      duration_seconds: demoDuration(v.duration),
      entitlements: v.entitlements,
      thumbnail_key: `video-${entryId}`,
      created_at: v.created_at,
      release_from: v.created_at,
      category_id: VIDEO_CATEGORIES.find((c) => c.slug === v.category).id,
      team_id: v.team === undefined ? null : teamId(v.team),
      season_id: v.season ?? null,
      match_id: v.match ?? null,
      tags: v.tags ?? "",
      featured: 0,
    });
  };

  men.slice(0, 16).forEach((m, i) =>
    add({
      title: `Highlights: ${title(m)}`,
      description: `The goals and key moments from ${m.competition} action on ${londonLongDate(m.kickoff)}.`,
      duration: random.int(110, 290),
      entitlements: m.competition !== "Championship" || i % 5 === 0 ? ENTITLEMENTS.everyone : ENTITLEMENTS.loggedIn,
      created_at: isoPlusHours(m.kickoff, 3),
      category: "highlights", team: "", season: seasonId(m), match: m.id, tags: "highlights,men",
    }),
  );
  men.slice(0, 8).forEach((m) =>
    add({
      title: `Extended Highlights: ${title(m)}`,
      description: `Every chance, every goal and the big talking points from ${londonLongDate(m.kickoff)}, in extended form.`,
      duration: random.int(420, 980),
      entitlements: ENTITLEMENTS.freemium,
      created_at: isoPlusHours(m.kickoff, 5),
      category: "extended-highlights", team: "", season: seasonId(m), match: m.id, tags: "highlights,men,extended",
    }),
  );
  men.slice(0, 8).forEach((m, i) => {
    const player = random.pick(players.filter((pl) => pl.team_id === 1));
    add({
      title: i % 2 ? `Post-match: Martin Hale on ${m.opponent.name}` : `Post-match: ${player.first_name} ${player.last_name} reacts`,
      description: `Reaction after the game against ${m.opponent.name}.`,
      duration: random.int(120, 540),
      entitlements: i % 3 === 0 ? ENTITLEMENTS.loggedIn : ENTITLEMENTS.freemium,
      created_at: isoPlusHours(m.kickoff, 2.2),
      category: "interviews", team: "", season: seasonId(m), match: m.id, tags: "interview,men,post-match",
    });
  });
  // One preview is Rovers TV+'s own: the packages promise Rovers TV every game's replay, so what
  // TV+ adds on demand is a bonus like this, never a match.
  men.slice(0, 4).forEach((m, i) =>
    add({
      title: `Pre-match: Martin Hale previews ${m.opponent.name}`,
      description: `The head coach looks ahead to the game against ${m.opponent.name}.`,
      duration: random.int(150, 420),
      entitlements: i === 3 ? ENTITLEMENTS.top : ENTITLEMENTS.freemium,
      created_at: isoPlusHours(m.kickoff, -50),
      category: "interviews", team: "", season: seasonId(m), match: m.id, tags: "interview,men,pre-match",
    }),
  );
  men.slice(0, 10).forEach((m) =>
    add({
      title: `Full Match Replay: ${title(m)}`,
      description: `The full 90 minutes${m.penalties ? " and the penalty shoot-out" : ""} from ${londonLongDate(m.kickoff)}, ${m.competition}.`,
      duration: random.int(5600, 6900) + (m.penalties ? 900 : 0),
      // Every replay for Rovers TV and above: its package promises "full match replays of every game".
      entitlements: ENTITLEMENTS.mid,
      created_at: isoPlusHours(m.kickoff, 4),
      category: "full-match-replays", team: "", season: seasonId(m), match: m.id, tags: "replay,men",
    }),
  );
  const trainingTitles = ["Inside Training: finishing drills", "Inside Training: set-piece session", "Inside Training: pre-season testing", "Inside Training: rondos and pressing", "Inside Training: goalkeepers' session", "Inside Training: recovery day", "Inside Training: small-sided games", "Inside Training: the first session back"];
  trainingTitles.forEach((t, i) =>
    add({
      title: t,
      description: "Behind the scenes at Hallow Lane with the first-team squad.",
      duration: i === 0 ? random.int(60, 240) : random.int(300, 1500),
      entitlements: i === 0 ? ENTITLEMENTS.everyone : ENTITLEMENTS.mid,
      created_at: `2024-${String(7 + Math.floor(i / 2)).padStart(2, "0")}-${String(3 + i * 3).padStart(2, "0")}T13:00:00.000Z`,
      category: "inside-training", team: "", season: 5, tags: "training,men",
    }),
  );
  men.slice(0, 8).forEach((m, i) =>
    add({
      title: `Press Conference: Martin Hale before ${m.opponent.name}`,
      description: "The head coach's full pre-match press conference.",
      duration: random.int(600, 2400),
      entitlements: i === 0 ? ENTITLEMENTS.everyone : ENTITLEMENTS.mid,
      created_at: isoPlusHours(m.kickoff, -48 - random.int(0, 6)),
      category: "press-conferences", team: "", season: seasonId(m), match: m.id, tags: "press-conference,men",
    }),
  );
  women.slice(0, 5).forEach((m, i) =>
    add({
      title: `Rovers Women Highlights: ${title(m)}`,
      description: `Highlights of the ${m.competition} game on ${londonLongDate(m.kickoff)}.`,
      duration: random.int(150, 330),
      entitlements: i % 2 ? ENTITLEMENTS.everyone : ENTITLEMENTS.loggedIn,
      created_at: isoPlusHours(m.kickoff, 4),
      category: "women", team: "womens-first-team", season: seasonId(m), match: m.id, tags: "highlights,women",
    }),
  );
  women.slice(0, 3).forEach((m, i) =>
    add({
      title: i === 2 ? `Full Match Replay: ${title(m)}` : `Post-match: Claire Donnelly after ${m.opponent.name}`,
      description: i === 2 ? "The full game, with commentary." : "The Rovers Women manager's reaction.",
      duration: i === 2 ? random.int(5500, 6200) : random.int(150, 400),
      entitlements: i === 2 ? ENTITLEMENTS.mid : ENTITLEMENTS.freemium,
      created_at: isoPlusHours(m.kickoff, 3),
      category: "women", team: "womens-first-team", season: seasonId(m), match: m.id, tags: i === 2 ? "replay,women" : "interview,women",
    }),
  );
  u18.slice(0, 5).forEach((m, i) =>
    add({
      title: i === 0 ? `U18 Full Match Replay: ${title(m)}` : `U18 Highlights: ${title(m)}`,
      description: `${m.competition}, ${londonLongDate(m.kickoff)}.`,
      duration: i === 0 ? random.int(5400, 6000) : random.int(90, 360),
      entitlements: i === 0 ? ENTITLEMENTS.mid : ENTITLEMENTS.everyone,
      created_at: isoPlusHours(m.kickoff, 5),
      category: "academy", team: "u18", season: seasonId(m), match: m.id, tags: "academy,u18",
    }),
  );
  add({
    title: "Academy: a day in the life of a scholar",
    description: "Education, training and recovery: a day with our first-year scholars.",
    duration: 745,
    entitlements: ENTITLEMENTS.everyone,
    created_at: "2024-10-02T16:00:00.000Z",
    category: "academy", team: "u18", season: 5, tags: "academy,feature",
  });

  videos.sort((x, y) => (x.created_at < y.created_at ? -1 : x.created_at > y.created_at ? 1 : x.entry_id < y.entry_id ? -1 : 1));
  videos.forEach((v, i) => (v.id = i + 1));
  if (new Set(videos.map((v) => v.entry_id)).size !== videos.length) throw new Error("duplicate entry ids");
  // Featured on the video home: the newest of each headline category.
  for (const slug of ["highlights", "full-match-replays", "interviews", "women"]) {
    const category = VIDEO_CATEGORIES.find((c) => c.slug === slug).id;
    const newest = videos.filter((v) => v.category_id === category).at(-1);
    if (newest) newest.featured = 1;
  }
  const feeds = [
    { id: 1, slug: "rovers-tv", title: "Rovers TV" },
    { id: 2, slug: "streamer", title: "Replays" },
  ];
  const feedSections = [
    ...VIDEO_CATEGORIES.map((c, i) => ({ id: i + 1, feed_id: 1, section_key: c.slug, title: c.name, kind: "videos", category_id: c.id, position: i < 2 ? i + 1 : i + 2, item_limit: 10, carousel_type: i === 0 ? "full-3" : i % 2 ? "full-4" : "full-6", carousel_style: i % 3 === 2 ? "light" : "dark" })),
    { id: 9, feed_id: 2, section_key: "replays", title: "Replays", kind: "videos", category_id: 4, position: 1, item_limit: 10, carousel_type: "full-4", carousel_style: "dark" },
    // The category carousel of the video home (spec §2 Shared widgets): after the first two rails.
    { id: 10, feed_id: 1, section_key: "browse-categories", title: "Browse by category", kind: "categories", category_id: null, position: 3, item_limit: 10, carousel_type: "full-4", carousel_style: "dark" },
  ];
  return { categories: VIDEO_CATEGORIES, videos, feeds, feedSections };
}

export function buildMemberships() {
  const at = "2022-07-14T09:00:00.000Z";
  return [
    {
      id: 1, title: "Free Rovers Account", mapped_entitlements: ["freemium"], order_position: 1, button_text: "Register for free", button_link: "/account/login", login_button_text: "Log In",
      locked_video_title: "You must have a subscription pass to watch this content", locked_video_message: "Create a free club account to watch",
      benefits: ["Men's highlights and extended highlights", "Pre- and post-match interviews with the men's and women's teams"], ios_benefits: ["Highlights and interviews"], android_benefits: ["Highlights and interviews"],
      description: "Everything you need to keep up with Rovers, free.", background_colour: "#f4f6f5", text_colour: "#0b2d1f", logo_key: "crest-northbridge-rovers", render_label: 1, display_image: 0, created_at: at, updated_at: at,
    },
    {
      id: 2, title: "Rovers TV", mapped_entitlements: ["roverstv"], order_position: 2, button_text: "Subscribe to Rovers TV", button_link: "/videos/subscriptions", login_button_text: "Log In",
      locked_video_title: "You must have a subscription pass to watch this content", locked_video_message: "Subscribe to Rovers TV to watch",
      benefits: ["Everything in the free account", "Full match replays", "Extended inside training", "Live managers' press conferences", "Live streams of selected Rovers Women and Academy matches"], ios_benefits: ["Full match replays", "Live press conferences"], android_benefits: ["Full match replays", "Live press conferences"],
      description: "Every game, in full, on demand.", background_colour: "#0b6e4f", text_colour: "#ffffff", logo_key: "package-roverstv", render_label: 1, display_image: 1, created_at: at, updated_at: "2023-06-28T09:00:00.000Z",
    },
    {
      id: 3, title: "Rovers TV+", mapped_entitlements: ["roverstv+"], order_position: 3, button_text: "Subscribe to Rovers TV+", button_link: "/videos/subscriptions", login_button_text: "Log In",
      locked_video_title: "You must have a subscription pass to watch this content", locked_video_message: "Subscribe to Rovers TV+ to watch",
      benefits: ["Everything in Rovers TV", "Live audio commentary of every men's match"], ios_benefits: ["Live audio commentary"], android_benefits: ["Live audio commentary"],
      description: "Never miss a kick: live commentary of every men's game.", background_colour: "#0b2d1f", text_colour: "#d4af37", logo_key: "package-roverstv-plus", render_label: 1, display_image: 1, created_at: at, updated_at: "2023-06-28T09:00:00.000Z",
    },
    {
      id: 4, title: "VIP", mapped_entitlements: ["vip"], order_position: 4, button_text: "Contact the club", button_link: "/club-information/contact-us", login_button_text: "Log In",
      locked_video_title: "You must have a subscription pass to watch this content", locked_video_message: "This content is for VIP members: please contact your club liaison to watch",
      benefits: ["Access arranged by the club"], ios_benefits: [], android_benefits: [],
      description: "Access granted by the club.", background_colour: "#1c1c1c", text_colour: "#ffffff", logo_key: "crest-northbridge-rovers", render_label: 0, display_image: 0, created_at: at, updated_at: at,
    },
  ];
}

const backside = join(
  p("Subscriptions renew automatically. You can cancel at any time from your account; cancellations need three working days' notice before your next payment date."),
  p(`Refunds are only considered for faults reported during the game. See the ${a("/videos/faqs", "FAQs")} and ${a("/terms-of-use", "terms of use")}.`),
);

export function buildPackages({ matches }) {
  const nextHome = (slug, filter = () => true) => matches.find((m) => m.team.slug === slug && m.status === "fixture" && m.isHome && filter(m));
  const womenMatch = nextHome("womens-first-team");
  const youthMatch = nextHome("u18") ?? nextHome("b-team");
  const packages = [
    {
      id: "roverstv-plus", mode: "dark", package_type: "membership", title: "Rovers TV+ (Audio & Video)",
      description: join(p("Everything in Rovers TV, plus <strong>live audio commentary of every men's match</strong>, home and away."), ul(["Live audio commentary", "Full match replays", "Live press conferences", "Selected live Rovers Women and Academy matches"])),
      successful_payment_page: "/payment-successful", cancelled_payment_page: "/payment-cancelled", display_type: "background-image", icon: "audio", custom_label: "Best value", style_mode: "dark",
      image_key: "package-roverstv-plus", background_image_key: "package-roverstv-plus-background", order_position: 1, active: 1, match_id: null,
    },
    {
      id: "roverstv", mode: "light", package_type: "membership", title: "Rovers TV (Video)",
      description: join(p("Full match replays of every game, extended inside training, live managers' press conferences and selected live Rovers Women and Academy matches."), ul(["Full match replays", "Inside training", "Live press conferences"])),
      successful_payment_page: "/payment-successful", cancelled_payment_page: "/payment-cancelled", display_type: "icon-only", icon: "video", custom_label: null, style_mode: "light",
      image_key: "package-roverstv", background_image_key: null, order_position: 2, active: 1, match_id: null,
    },
  ];
  const prices = [
    { id: "price_roverstv_plus_year", package_id: "roverstv-plus", type: "recurring", interval: "year", amount_pence: 4499, price_display: "£44.99 per year", offer: "Save £26.89 on monthly", further_information: p("Billed once a year. Includes live audio commentary of every men's match."), backside_text: backside, entitlements: ["roverstv+"], position: 1 },
    { id: "price_roverstv_plus_month", package_id: "roverstv-plus", type: "recurring", interval: "month", amount_pence: 599, price_display: "£5.99 per month", offer: "First month free with code FIRSTMONTH", further_information: p("Billed monthly. Cancel any time with three working days' notice."), backside_text: backside, entitlements: ["roverstv+"], position: 2 },
    { id: "price_roverstv_year", package_id: "roverstv", type: "recurring", interval: "year", amount_pence: 1499, price_display: "£14.99 per year", offer: "Save £8.89 on monthly", further_information: p("Billed once a year."), backside_text: backside, entitlements: ["roverstv"], position: 1 },
    { id: "price_roverstv_month", package_id: "roverstv", type: "recurring", interval: "month", amount_pence: 199, price_display: "£1.99 per month", offer: "First month free with code FIRSTMONTH", further_information: p("Billed monthly. Cancel any time with three working days' notice."), backside_text: backside, entitlements: ["roverstv"], position: 2 },
  ];
  const passes = [
    [womenMatch, "match-pass-women", 499, "Rovers Women"],
    [youthMatch, "match-pass-academy", 299, youthMatch?.team.name],
  ].filter(([m]) => m);
  passes.forEach(([match, id, amount, label], i) => {
    packages.push({
      id, mode: "light", package_type: "match-pass", title: `Match Pass: ${label} v ${match.opponent.name}`,
      description: p(`Watch ${label} v ${match.opponent.name} live on ${londonLongDate(match.kickoff)}, with a replay for 7 days afterwards.`),
      successful_payment_page: "/live", cancelled_payment_page: "/payment-cancelled", display_type: "icon-only", icon: "ticket", custom_label: "Single match", style_mode: "light",
      image_key: `package-${id}`, background_image_key: null, order_position: 10 + i, active: 1, match_id: match.id,
    });
    prices.push({
      id: `price_${id.replaceAll("-", "_")}`, package_id: id, type: "one_time", interval: null, amount_pence: amount, price_display: `£${(amount / 100).toFixed(2)}`, offer: null,
      further_information: p("A one-off payment: no subscription."), backside_text: p("Match passes are not refundable unless the match is postponed or a fault is reported during the game."),
      entitlements: [`matchpass-${match.id}`], position: 1,
    });
  });
  return { packages, prices: prices.map((price) => ({ ...price, currency: "gbp", active: 1 })), passes: passes.map(([match, id]) => ({ match, packageId: id })) };
}

export function buildLiveAssets({ matches, passes }) {
  const random = createRandom("live");
  const nextMen = matches.find((m) => m.team.slug === "" && m.status === "fixture");
  const pass = (id) => passes.find((x) => x.packageId === id);
  const women = pass("match-pass-women");
  const youth = pass("match-pass-academy");
  const playback = () => `pb${random.id(14)}`;
  const label = (m) => (m.isHome ? `${m.team.slug === "" ? "Rovers" : m.team.name} v ${m.opponent.name}` : `${m.opponent.name} v ${m.team.slug === "" ? "Rovers" : m.team.name}`);
  return [
    { id: "men-audio-commentary", title: "Live Audio: Rovers men's first team", description: nextMen ? `Live commentary of ${label(nextMen)}, ${londonLongDate(nextMen.kickoff)}.` : "Live commentary of every men's match.", media_type: "audio", status: "active", poster_image_key: "live-men-audio-poster", offline_image_key: "live-men-audio-offline", playback_id: playback(), entitlements: ENTITLEMENTS.top, starts_at: nextMen?.kickoff ?? null, match_id: nextMen?.id ?? null, position: 1 },
    { id: "press-conference", title: "Live: Martin Hale's pre-match press conference", description: "The head coach's press conference, live from Hallow Lane.", media_type: "video", status: "active", poster_image_key: "live-press-conference-poster", offline_image_key: "live-press-conference-offline", playback_id: playback(), entitlements: ENTITLEMENTS.mid, starts_at: null, match_id: null, position: 2 },
    women && { id: "women-live", title: `Live: ${label(women.match)}`, description: `${women.match.competition}, ${londonLongDate(women.match.kickoff)}.`, media_type: "video", status: "idle", poster_image_key: "live-women-live-poster", offline_image_key: "live-women-live-offline", playback_id: playback(), entitlements: [...ENTITLEMENTS.mid, `matchpass-${women.match.id}`], starts_at: women.match.kickoff, match_id: women.match.id, position: 3 },
    youth && { id: "academy-live", title: `Live: ${label(youth.match)}`, description: `${youth.match.competition}, ${londonLongDate(youth.match.kickoff)}.`, media_type: "video", status: "idle", poster_image_key: "live-academy-live-poster", offline_image_key: "live-academy-live-offline", playback_id: playback(), entitlements: [...ENTITLEMENTS.mid, `matchpass-${youth.match.id}`], starts_at: youth.match.kickoff, match_id: youth.match.id, position: 4 },
    { id: "women-audio-archive", title: "Rovers Women audio (2023/24)", description: "Last season's audio service, now closed.", media_type: "audio", status: "disabled", poster_image_key: "live-women-audio-poster", offline_image_key: "live-women-audio-offline", playback_id: playback(), entitlements: ENTITLEMENTS.mid, starts_at: null, match_id: null, position: 5 },
  ].filter(Boolean);
}
