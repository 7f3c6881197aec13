import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readerOf } from "../../worker/viewer/reader";
import { invalidateCache } from "../../worker/cache/kv-cache";
import { menuPages, overlayPromos, readShell } from "../../worker/content/shell";
import { page as cmsPage, readHome } from "../../worker/content/pages";
import { categories as newsCategories, category, readNews, readNewsArticle } from "../../worker/news/queries";
import { player, readFixtures, readMatch, readTeams, team } from "../../worker/teams/queries";
import { faqs, liveAsset, liveAssets, packages as packageList, readVideo, readVideoHome, readVideos, videoCategories } from "../../worker/videos/queries";
import { DEFAULT_PREFERENCES } from "../../src/app/viewer-preferences";
import { sanitizeHtml } from "../../worker/html/sanitize-html";
import { cached } from "../../worker/cache/kv-cache";
import { menuPageSchema, shellSchema, overlayPromoSchema } from "../../src/schemas/shell";
import { categorySchema, newsArticleSchema, newsPageSchema } from "../../src/schemas/news";
import { fixturesSchema, matchCentreSchema, playerProfileSchema, teamDetailSchema, teamSchema } from "../../src/schemas/teams";
import {
  faqGroupSchema,
  liveAssetSchema,
  packageSchema,
  videoCategorySchema,
  videoHomeSchema,
  videoSchema,
} from "../../src/schemas/videos";
import { contentPageSchema, homeSchema } from "../../src/schemas/pages";

const reader = readerOf(env);
const DANGEROUS = ["win-a-signed-shirt-in-our-christmas-competition", "rovers-tv-matchday-viewing-guide"];

describe("demo seed", () => {
  it("keeps the packages' promises: Rovers TV opens every full match replay; Rovers TV+ has a video of its own", async () => {
    const { results } = await env.DB.prepare(
      "SELECT c.slug, v.entitlements FROM videos v JOIN video_categories c ON c.id = v.category_id WHERE c.slug IN ('full-match-replays', 'interviews')",
    ).all<{ slug: string; entitlements: string }>();
    const tiers = results.map((r) => ({ slug: r.slug, entitlements: JSON.parse(r.entitlements) as string[] }));
    const replays = tiers.filter((t) => t.slug === "full-match-replays");
    expect(replays.length).toBe(10);
    expect(replays.every((t) => t.entitlements.includes("roverstv"))).toBe(true);
    expect(tiers.some((t) => t.entitlements.length > 0 && t.entitlements.every((e) => e === "roverstv+" || e === "vip"))).toBe(true);
  });

  it("loads the demo content into D1", async () => {
    const counts = await env.DB.prepare(
      `SELECT (SELECT COUNT(*) FROM teams) AS teams, (SELECT COUNT(*) FROM news) AS news,
        (SELECT COUNT(*) FROM videos) AS videos, (SELECT COUNT(DISTINCT category_id) FROM videos) AS videoCategories,
        (SELECT COUNT(*) FROM players p JOIN teams t ON t.id = p.team_id WHERE t.slug = '') AS firstTeamPlayers,
        (SELECT MIN(n) FROM (SELECT COUNT(*) AS n FROM players GROUP BY team_id)) AS smallestSquad,
        (SELECT COUNT(*) FROM (SELECT team_id, season_id FROM matches GROUP BY team_id, season_id)) AS teamSeasons,
        (SELECT COUNT(*) FROM news_fts WHERE news_fts MATCH 'penalties') AS ftsHits`,
    ).first<Record<string, number>>();
    expect(counts).toMatchObject({ teams: 4, teamSeasons: 20 });
    expect(counts!.news).toBeGreaterThanOrEqual(200);
    expect(counts!.videos).toBeGreaterThanOrEqual(60);
    expect(counts!.videoCategories).toBeGreaterThanOrEqual(6);
    expect(counts!.firstTeamPlayers).toBeGreaterThanOrEqual(22);
    expect(counts!.smallestSquad).toBeGreaterThanOrEqual(18);
    expect(counts!.ftsHits).toBeGreaterThan(0);
  });

  it("splits 2024/25 into results up to 20 November 2024 and fixtures after", async () => {
    const row = await env.DB.prepare(
      `SELECT MAX(CASE WHEN status = 'result' THEN kickoff END) AS lastResult,
              MIN(CASE WHEN status = 'fixture' THEN kickoff END) AS firstFixture
       FROM matches m JOIN seasons s ON s.id = m.season_id WHERE s.slug = '2024-25'`,
    ).first<{ lastResult: string; firstFixture: string }>();
    expect(row!.lastResult < "2024-11-21").toBe(true);
    expect(row!.firstFixture >= "2024-11-21").toBe(true);
  });
});

describe("the content reads over D1", () => {
  it("menu: the CMS page tree, flat, fetched by the drawer (not in the shell)", async () => {
    const menu = (await menuPages(env)).map((p) => menuPageSchema.parse(p));
    const top = menu.filter((p) => p.parentId === null).map((p) => p.postTitle);
    expect(top).toEqual([
      "Tickets", "Hospitality", "Shop", "Club Information", "Netball", "Conferencing & Events",
      "Your Club", "Community Trust", "Rovers Women", "Academy", "Rovers TV Support",
    ]);
    expect(menu.find((p) => p.fullPath === "shop")).toMatchObject({ postType: "external", newTab: true });
    expect(menu.some((p) => p.fullPath === "club-information/company-details")).toBe(true);
  });

  it("shell: three sponsor rows, header sponsors, live adverts, settings; no menu", async () => {
    const shell = shellSchema.parse(await readShell(reader));
    expect(shell).not.toHaveProperty("menu");
    expect(shell.sponsorRows.map((r) => r.sponsorSize)).toEqual(["large", "small", "small"]);
    // child-friendly mode is the default: the seed's betting and alcohol sponsors are left out
    expect(shell.sponsorRows.flatMap((r) => r.sponsors).every((s) => s.isChildFriendly)).toBe(true);
    expect(shell.headerSponsors.length).toBeGreaterThan(0);
    expect(new Set(shell.adverts.map((a) => a.slotType)).size).toBeGreaterThanOrEqual(3);
    // Only adverts that can show while the page is cached: the seed's disabled, ended and app-only ones stay out.
    const now = Date.now();
    expect(shell.adverts.every((a) => a.enabled && a.channel !== "app" && Date.parse(a.endUTC) >= now)).toBe(true);
    const { count } = (await env.DB.prepare("SELECT COUNT(*) AS count FROM adverts").first<{ count: number }>())!;
    expect(shell.adverts.length).toBeLessThan(count);
    for (const key of ["facebook", "x", "threads", "instagram", "youtube", "tiktok"]) expect(shell.settings[`social.${key}`]).toMatch(/^https:\/\//);
    expect(shell.settings["footer.copyright"]).toBeTruthy();
  });

  it("overlay promos parse, some expired", async () => {
    const promos = z.array(overlayPromoSchema).parse(await overlayPromos(env));
    expect(promos.some((p) => p.endDateTime < "2024-01-01")).toBe(true);
    expect(promos.some((p) => p.endDateTime > "2030-01-01")).toBe(true);
  });

  it("home", async () => {
    const home = homeSchema.parse(await readHome(reader));
    expect(home.headline.length).toBeGreaterThan(0);
    expect(home.latestNews.length).toBe(9);
    expect(home.nextMatch).toMatchObject({ teamSlug: "", status: "fixture", seasonSlug: "2024-25" });
    expect(home.lastResult).toMatchObject({ teamSlug: "", status: "result" });
    expect(home.videos.length).toBeGreaterThan(0);
  });

  it("news listing: pages of 12, by category, by date", async () => {
    const first = newsPageSchema.parse(await readNews(reader, {}));
    expect(first).toMatchObject({ page: 0, pageSize: 12 });
    expect(first.items).toHaveLength(12);
    expect(first.total).toBeGreaterThanOrEqual(200);
    const dates = first.items.map((i) => i.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    const second = newsPageSchema.parse(await readNews(reader, { page: 1 }));
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);

    const tickets = newsPageSchema.parse(await readNews(reader, { category: "tickets" }));
    expect(tickets.total).toBeGreaterThan(0);
    for (const item of tickets.items) expect(item.categories.map((c) => c.slug)).toContain("tickets");

    const march = newsPageSchema.parse(await readNews(reader, { year: 2023, month: 3 }));
    expect(march.total).toBeGreaterThan(0);
    for (const item of march.items) expect(item.publishedAt.startsWith("2023-03")).toBe(true);
    const oneDay = march.items[0]!.publishedAt.slice(0, 10).split("-").map(Number) as [number, number, number];
    const day = await readNews(reader, { year: oneDay[0], month: oneDay[1], day: oneDay[2] });
    expect(day.items.every((i) => i.publishedAt.startsWith(march.items[0]!.publishedAt.slice(0, 10)))).toBe(true);

    expect(await readNews(reader, { category: "no-such-category" })).toMatchObject({ items: [], total: 0 });
  });

  it("news article with four related stories", async () => {
    const { items } = await readNews(reader, {});
    const article = newsArticleSchema.parse(await readNewsArticle(reader, items[3]!.slug));
    expect(article.related).toHaveLength(4);
    expect(article.related.map((r) => r.slug)).not.toContain(article.slug);
    expect(article.bodyHtml).toContain("<p>");
  });

  it("categories with article counts, including Ticket News", async () => {
    const categories = z.array(categorySchema).parse(await newsCategories(env.DB));
    for (const slug of ["tickets", "club-news", "first-team", "women", "academy", "community", "match-reports", "rovers-tv"]) {
      expect(categories.find((c) => c.slug === slug)?.articleCount).toBeGreaterThan(0);
    }
    expect(categorySchema.parse(await category(env.DB, "tickets"))).toMatchObject({ slug: "tickets", name: "Ticket News" });
  });

  it("teams, squads and players", async () => {
    // spec §3: of the four teams only the B team and U18 are child friendly; the default mode lists those
    const everyTeam = readerOf(env, { ...DEFAULT_PREFERENCES, childFriendly: false });
    const teams = z.array(teamSchema).parse(await readTeams(everyTeam));
    expect(teams.map((t) => [t.slug, t.childFriendly])).toEqual([
      ["", false],
      ["womens-first-team", false],
      ["b-team", true],
      ["u18", true],
    ]);
    expect((await readTeams(reader)).map((t) => t.slug)).toEqual(["b-team", "u18"]);
    const first = teamDetailSchema.parse(await team(env.DB, ""));
    expect(first.team.name).toBe("Northbridge Rovers FC");
    expect(first.players.length).toBeGreaterThanOrEqual(22);
    expect(first.players[0]!.position).toBe("Goalkeeper");
    const someone = first.players[5]!;
    const profile = playerProfileSchema.parse(await player(env.DB, "", someone.slug));
    expect(profile.player.id).toBe(someone.id);
    expect(await player(env.DB, "u18", someone.slug)).toBeNull();
  });

  it("fixtures default to the current season; every team has every season", async () => {
    const current = fixturesSchema.parse(await readFixtures(reader, ""));
    expect(current.season).toEqual({ year: 2024, slug: "2024-25", name: "2024/25" });
    expect(current.seasons.map((s) => s.slug)).toEqual(["2024-25", "2023-24", "2022-23", "2021-22", "2020-21"]);
    expect(current.matches.some((m) => m.status === "result")).toBe(true);
    expect(current.matches.some((m) => m.status === "fixture")).toBe(true);
    expect(new Set(current.matches.map((m) => m.competition)).size).toBeGreaterThanOrEqual(2);
    for (const team of ["", "womens-first-team", "b-team", "u18"]) {
      for (const season of ["2020-21", "2021-22", "2022-23", "2023-24", "2024-25"]) {
        const f = fixturesSchema.parse(await readFixtures(reader, team, season));
        expect(f.matches.length, `${team} ${season}`).toBeGreaterThan(15);
      }
    }
  });

  it("match centre: latest result by default, a given match by id", async () => {
    const latest = matchCentreSchema.parse(await readMatch(reader, "", undefined, undefined));
    expect(latest.match).toMatchObject({ status: "result", seasonSlug: "2024-25" });
    const fixtures = await readFixtures(reader, "womens-first-team", "2022-23");
    const chosen = fixtures!.matches[4]!;
    const byId = matchCentreSchema.parse(await readMatch(reader, "womens-first-team", "2022-23", chosen.id));
    expect(byId.match).toEqual(chosen);
    expect(byId.season.slug).toBe("2022-23");
    const withoutSeason = await readMatch(reader, "womens-first-team", undefined, chosen.id);
    expect(withoutSeason?.match.id).toBe(chosen.id);
    expect(byId.stream).toBeNull();
  });

  it("match centre: the match's live video stream, tied to it by live_stream_assets.match_id", async () => {
    const tied = await env.DB.prepare("SELECT id, match_id FROM live_stream_assets WHERE id = 'women-live'").first<{ id: string; match_id: number }>();
    expect(tied?.match_id).toBeTypeOf("number");
    const centre = matchCentreSchema.parse(await readMatch(reader, "womens-first-team", undefined, tied!.match_id));
    expect(centre.stream).toMatchObject({ id: "women-live", mediaType: "video", status: "idle" });
    // The men's live audio belongs to a match too, but it is not a video: no docked video there.
    const audio = await env.DB.prepare("SELECT match_id FROM live_stream_assets WHERE id = 'men-audio-commentary'").first<{ match_id: number }>();
    expect(matchCentreSchema.parse(await readMatch(reader, "", undefined, audio!.match_id)).stream).toBeNull();
    // A disabled stream is not offered.
    await env.DB.prepare("UPDATE live_stream_assets SET status = 'disabled' WHERE id = 'women-live'").run();
    expect((await readMatch(reader, "womens-first-team", undefined, tied!.match_id))?.stream).toBeNull();
    await env.DB.prepare("UPDATE live_stream_assets SET status = 'idle' WHERE id = 'women-live'").run();
  });

  it("video home, categories, browse and single video", async () => {
    const home = videoHomeSchema.parse(await readVideoHome(reader));
    expect(home.featured.length).toBeGreaterThan(0);
    expect(home.sections.length).toBeGreaterThanOrEqual(6);
    for (const section of home.sections) {
      expect(section.videos.length).toBeGreaterThan(0);
      expect(section.videos.length).toBeLessThanOrEqual(10);
      for (const v of section.videos) expect(v.categorySlug).toBe(section.category.slug);
    }
    expect(home.live.every((l) => l.status !== "disabled")).toBe(true);

    const categories = z.array(videoCategorySchema).parse(await videoCategories(env.DB));
    expect(categories.length).toBeGreaterThanOrEqual(6);

    const all = await readVideos(reader, {});
    expect(all.items).toHaveLength(12);
    expect(all.total).toBeGreaterThanOrEqual(60);
    z.array(videoSchema).parse(all.items);
    const entitlements = new Set(all.items.concat((await readVideos(reader, { pageSize: 48, page: 1 })).items).flatMap((v) => v.entitlements));
    expect(entitlements.size).toBeGreaterThan(1);

    const replays = await readVideos(reader, { category: "full-match-replays", pageSize: 5 });
    expect(replays.items).toHaveLength(5);
    // The demo's media are short (docs/demo-data.md): a full match is the longest of them, not 90 minutes.
    expect(replays.items.every((v) => v.categorySlug === "full-match-replays" && v.durationSeconds >= 30)).toBe(true);
    expect(await readVideos(reader, { category: "nope" })).toEqual({ items: [], total: 0 });

    const one = videoSchema.parse(await readVideo(reader, all.items[0]!.entryId));
    expect(one).toEqual(all.items[0]);
  });

  it("FAQs carry the support guidance, sanitised", async () => {
    const groups = z.array(faqGroupSchema).parse(await faqs(env.DB));
    const html = groups.flatMap((g) => g.questions.map((q) => q.bodyHtml)).join("\n");
    expect(html).toContain("Refunds are only considered for faults reported during the game");
    expect(html).toMatch(/VPN/);
    expect(html).toMatch(/media not found/);
  });

  it("packages and prices of spec §9", async () => {
    const packages = z.array(packageSchema).parse(await packageList(env.DB));
    const amounts = (id: string) => packages.find((p) => p.id === id)!.prices.map((p) => [p.interval, p.amountPence]);
    expect(amounts("roverstv-plus")).toEqual([["year", 4499], ["month", 599]]);
    expect(amounts("roverstv")).toEqual([["year", 1499], ["month", 199]]);
    expect(packages.filter((p) => p.packageType === "match-pass").length).toBeGreaterThanOrEqual(2);
    expect(packages.at(-1)!.packageType).toBe("match-pass");
  });

  it("live assets", async () => {
    const listed = z.array(liveAssetSchema).parse(await liveAssets(env.DB));
    expect(new Set(listed.map((l) => l.mediaType))).toEqual(new Set(["audio", "video"]));
    const disabled = await env.DB.prepare("SELECT id FROM live_stream_assets WHERE status = 'disabled'").first<{ id: string }>();
    expect(liveAssetSchema.parse(await liveAsset(env.DB, disabled!.id)).status).toBe("disabled");
  });

  it("content pages, children, redirects and external entries", async () => {
    const info = contentPageSchema.parse(await cmsPage(env.DB, "club-information"));
    expect(info.children.map((c) => c.pageSlug)).toContain("company-details");
    const details = contentPageSchema.parse(await cmsPage(env.DB, "club-information/company-details"));
    expect(details.page.postTitle).toBe("Company Details");
    expect(details.redirect).toBeNull();
    for (const path of ["cookie-policy", "website-privacy-policy", "terms-of-use", "hospitality", "payment-successful", "payment-cancelled", "club-information/contact-us"]) {
      const page = contentPageSchema.parse(await cmsPage(env.DB, path));
      expect(page.bodyHtml.length, path).toBeGreaterThan(100);
    }
    expect((await cmsPage(env.DB, "tickets/ticket-news"))?.redirect).toEqual({ location: "/category/tickets", status: 301 });
    expect((await cmsPage(env.DB, "club-information/vacancies"))?.redirect).toEqual({ location: "https://jobs.northbridgerovers.example/", status: 302 });
    expect((await cmsPage(env.DB, "shop"))?.redirect?.location).toMatch(/^https:\/\//);
    expect(await cmsPage(env.DB, "/club-information/contact-us/")).not.toBeNull();
  });

  it("answers null for unknown names", async () => {
    expect(await readNewsArticle(reader, "no-such-article")).toBeNull();
    expect(await category(env.DB, "no-such-category")).toBeNull();
    expect(await team(env.DB, "no-such-team")).toBeNull();
    expect(await readFixtures(reader, "no-such-team")).toBeNull();
    expect(await readFixtures(reader, "", "2019-20")).toBeNull();
    expect(await readMatch(reader, "no-such-team", undefined, undefined)).toBeNull();
    expect(await readMatch(reader, "", undefined, 99_999_999)).toBeNull();
    const women = await readFixtures(reader, "womens-first-team");
    expect(await readMatch(reader, "", undefined, women!.matches[0]!.id)).toBeNull();
    expect(await readMatch(reader, "womens-first-team", "2020-21", women!.matches[0]!.id)).toBeNull();
    expect(await player(env.DB, "", "no-such-player")).toBeNull();
    expect(await readVideo(reader, "0_missing")).toBeNull();
    expect(await liveAsset(env.DB, "no-such-asset")).toBeNull();
    expect(await cmsPage(env.DB, "no-such-page")).toBeNull();
    expect(await cmsPage(env.DB, "")).toBeNull();
    // a draft page is not published
    expect(await cmsPage(env.DB, "club-information/ground-redevelopment")).toBeNull();
  });
});

describe("CMS HTML sanitiser", () => {
  it("strips scripts, handlers, frames and javascript: links from the dangerous articles", async () => {
    for (const slug of DANGEROUS) {
      const raw = await env.DB.prepare("SELECT body_html FROM news WHERE slug = ?").bind(slug).first<{ body_html: string }>();
      expect(raw!.body_html).toMatch(/<script|onerror=|javascript:/);
      const article = await readNewsArticle(reader, slug);
      expect(article, slug).not.toBeNull();
      const html = article!.bodyHtml;
      expect(html).not.toMatch(/<script|<\/script|<iframe|onerror|onclick|javascript:|alert\(/i);
      expect(html).toContain("<p>");
    }
    const guide = await readNewsArticle(reader, DANGEROUS[1]!);
    expect(guide!.bodyHtml).toContain("<h2>Check your connection</h2>");
    expect(guide!.bodyHtml).toContain("<li>");
  });

  it("keeps article markup and makes new-tab links safe", () => {
    const html = sanitizeHtml(
      '<h2>Title</h2><p>Text <a href="https://x.example/" target="_blank" rel="opener">link</a> <a href="/news">in</a></p>' +
        '<ul><li>one</li></ul><blockquote><p>q</p></blockquote><img src="javascript:alert(1)"><a href="data:text/html,x">d</a>' +
        "<p style=\"background:url(x)\" class=\"x\">styled</p><style>p{}</style>",
    );
    expect(html).toContain('<a href="https://x.example/" target="_blank" rel="noopener noreferrer">link</a>');
    expect(html).toContain('<a href="/news">in</a>');
    expect(html).toContain("<ul><li>one</li></ul><blockquote><p>q</p></blockquote>");
    expect(html).not.toMatch(/javascript|data:|style=|class=|<style/);
    expect(html).toContain("</blockquote><a>d</a><p>styled</p>");
  });
});

describe("KV cache of the shell", () => {
  it("serves the cached value until invalidated", async () => {
    const before = (await readShell(reader)).settings["footer.copyright"];
    await env.DB.prepare("UPDATE settings SET value = ? WHERE key = 'footer.copyright'").bind("© 2025 Rovers").run();
    expect((await readShell(reader)).settings["footer.copyright"]).toBe(before);
    await invalidateCache(env);
    expect((await readShell(reader)).settings["footer.copyright"]).toBe("© 2025 Rovers");
  });

  const counted = z.object({ n: z.number() });

  it("stores with KV's minimum TTL and loads once per version", async () => {
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cached(env, "test-key", 5, counted, load)).toEqual({ n: 1 });
    expect(await cached(env, "test-key", 5, counted, load)).toEqual({ n: 1 });
    await invalidateCache(env);
    expect(await cached(env, "test-key", 5, counted, load)).toEqual({ n: 2 });
  });

  it("loads again what KV holds in another shape, and stores the loaded value over it", async () => {
    let loads = 0;
    const load = async () => ({ n: ++loads });
    // A TTL of 0 keeps no copy in the isolate: every call reads KV.
    expect(await cached(env, "shape-key", 0, counted, load)).toEqual({ n: 1 });
    const key = (await env.CACHE.list({ prefix: "site-cache:" })).keys.map((k) => k.name).find((name) => name.endsWith(":shape-key"));
    if (!key) throw new Error("the value was not stored in KV");
    await env.CACHE.put(key, JSON.stringify({ n: "one" }));
    expect(await cached(env, "shape-key", 0, counted, load)).toEqual({ n: 2 });
    expect(await env.CACHE.get(key, "json")).toEqual({ n: 2 });
    // a value of the right shape is taken from KV, not loaded
    expect(await cached(env, "shape-key", 0, counted, load)).toEqual({ n: 2 });
    expect(loads).toBe(2);
  });
});

describe("in-isolate copy of the content cache", () => {
  it("a warm read of the home page's data and the shell makes no D1 query and no KV read", async () => {
    let queries = 0;
    let kvReads = 0;
    const counting = <T extends object>(target: T, calls: string[], count: () => void): T =>
      new Proxy(target, {
        get(t, prop) {
          if (calls.includes(String(prop))) count();
          const value: unknown = Reflect.get(t, prop);
          return typeof value === "function" ? value.bind(t) : value;
        },
      });
    const counted = readerOf({
      DB: counting(env.DB, ["prepare", "batch", "exec"], () => queries++),
      CACHE: counting(env.CACHE, ["get", "getWithMetadata"], () => kvReads++),
    });
    await invalidateCache(env);
    await readHome(counted);
    await readShell(counted);
    expect(queries).toBeGreaterThan(0);
    queries = 0;
    kvReads = 0;
    await readHome(counted);
    await readShell(counted);
    expect({ queries, kvReads }).toEqual({ queries: 0, kvReads: 0 });
  });
});
