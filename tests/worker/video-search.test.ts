import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Video } from "../../src/schemas/videos";
import { videoSearchRoutes } from "../../worker/search/video-search-routes";

/** GET /api/videos/search (spec §7 provider 1) through the whole worker. */
type Answer = { items: Video[]; total: number; page: number; pageSize: number };

async function search(query: string): Promise<Answer> {
  const res = await SELF.fetch(`http://localhost/api/videos/search${query ? `?${query}` : ""}`);
  expect(res.status, query).toBe(200);
  return (await res.json()) as Answer;
}

async function count(where = "1 = 1", ...params: (string | number)[]): Promise<number> {
  const row = await env.DB.prepare(
    `SELECT COUNT(*) AS n FROM videos v JOIN video_categories vc ON vc.id = v.category_id LEFT JOIN teams t ON t.id = v.team_id LEFT JOIN seasons s ON s.id = v.season_id WHERE ${where}`,
  )
    .bind(...params)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

const newestFirst = (items: Video[]) => items.every((v, i) => i === 0 || (items[i - 1]?.createdAt ?? "") >= v.createdAt);

describe("GET /api/videos/search", () => {
  it("pages the whole catalogue 12 at a time, newest release first", async () => {
    const first = await search("");
    expect(first.pageSize).toBe(12);
    expect(first.items).toHaveLength(12);
    expect(first.total).toBe(await count());
    expect(newestFirst(first.items)).toBe(true);
    const second = await search("page=1");
    expect(second.items).toHaveLength(12);
    expect((second.items[0]?.createdAt ?? "") <= (first.items.at(-1)?.createdAt ?? "")).toBe(true);
    const ids = new Set([...first.items, ...second.items].map((v) => v.entryId));
    expect(ids.size).toBe(24);
    const last = Math.ceil(first.total / 12) - 1;
    expect((await search(`page=${last}`)).items.length).toBe(first.total - last * 12);
    expect((await search(`page=${last + 1}`)).items).toEqual([]);
  });

  it("filters by category, team, season, duration, title and tags", async () => {
    const replays = await search("category=full-match-replays&pageSize=48");
    expect(replays.total).toBe(await count("vc.slug = 'full-match-replays'"));
    expect(replays.items.every((v) => v.categorySlug === "full-match-replays")).toBe(true);

    const u18 = await search("team=u18&pageSize=48");
    expect(u18.total).toBe(await count("t.slug = 'u18'"));
    expect(u18.items.every((v) => v.teamSlug === "u18")).toBe(true);
    const firstTeam = await search("team=first-team&pageSize=48");
    expect(firstTeam.total).toBe(await count("t.slug = ''"));
    expect(firstTeam.items.every((v) => v.teamSlug === "")).toBe(true);

    const season = await search("season=2024&pageSize=48");
    expect(season.total).toBe(await count("s.year = 2024"));
    expect(season.total).toBeGreaterThan(0);
    expect(season.items.every((v) => v.seasonSlug === "2024-25")).toBe(true);
    expect((await search("season=2020")).total).toBe(await count("s.year = 2020"));

    // The demo catalogue lasts 10-40 s a video (its media is generated and transcoded): two videos
    // get the lengths a club's medium and long videos have, so each filter has something to find.
    const lengths = await env.DB.prepare("SELECT id, duration_seconds FROM videos ORDER BY id LIMIT 2").all<{ id: number; duration_seconds: number }>();
    const [mid, long] = lengths.results;
    await env.DB.batch([
      env.DB.prepare("UPDATE videos SET duration_seconds = 450 WHERE id = ?1").bind(mid!.id),
      env.DB.prepare("UPDATE videos SET duration_seconds = 5400 WHERE id = ?1").bind(long!.id),
    ]);
    const short = await search("durationMax=299&pageSize=48");
    expect(short.total).toBe(await count("v.duration_seconds < 300"));
    expect(short.items.every((v) => v.durationSeconds < 300)).toBe(true);
    const medium = await search("durationMin=300&durationMax=600&pageSize=48");
    expect(medium.items.every((v) => v.durationSeconds >= 300 && v.durationSeconds <= 600)).toBe(true);
    expect(medium.total).toBe(await count("v.duration_seconds BETWEEN 300 AND 600"));
    expect(medium.total).toBe(1);
    const longOnes = await search("durationMin=601&pageSize=48");
    expect(longOnes.items.map((v) => v.durationSeconds)).toEqual([5400]);
    await env.DB.batch(lengths.results.map((r) => env.DB.prepare("UPDATE videos SET duration_seconds = ?2 WHERE id = ?1").bind(r.id, r.duration_seconds)));

    const title = await search("title=" + encodeURIComponent("press hale"));
    expect(title.total).toBeGreaterThan(0);
    expect(title.items.every((v) => /press/i.test(v.title) && /hale/i.test(v.title))).toBe(true);

    // whole tags only: 'men' is a tag, 'me' is not
    const men = await search("tags=men,interview&pageSize=48");
    expect(men.total).toBe(await count("(',' || v.tags || ',') LIKE '%,men,%' AND (',' || v.tags || ',') LIKE '%,interview,%'"));
    expect(men.total).toBeGreaterThan(0);
    expect((await search("tags=me")).total).toBe(0);

    const combined = await search("category=highlights&team=first-team&season=2024&durationMax=299");
    expect(combined.items.every((v) => v.categorySlug === "highlights" && v.teamSlug === "" && v.seasonSlug === "2024-25" && v.durationSeconds < 300)).toBe(true);
  });

  it("starts at the start date and goes back in time", async () => {
    const before = await search("startDate=2024-10-01&pageSize=48");
    expect(before.total).toBe(await count("v.release_from <= '2024-10-01T23:59:59.999Z'"));
    expect(before.total).toBeGreaterThan(0);
    expect(before.items.every((v) => v.createdAt <= "2024-10-01T23:59:59.999Z")).toBe(true);
    const instant = await search(`startDate=${encodeURIComponent("2024-10-01T12:00:00+01:00")}`);
    expect(instant.total).toBe(await count("v.release_from <= '2024-10-01T11:00:00.000Z'"));
  });

  it("takes LIKE wildcards in the input literally", async () => {
    for (const wildcard of ["%", "_", "\\", "%25", '"']) {
      const r = await search(`title=${encodeURIComponent(wildcard)}`);
      expect(r.total, wildcard).toBe(0);
    }
    expect((await search(`tags=${encodeURIComponent("%")}`)).total).toBe(0);
  });

  it("takes the second provider's form (spec §7): query, sortby releaseDate desc, pageIndex, pageSize", async () => {
    const word = "Replay";
    const byTitle = await search(`title=${word}&page=1&pageSize=5`);
    const byQuery = await search(`query=${word}&sortby=${encodeURIComponent("releaseDate desc")}&pageIndex=1&pageSize=5`);
    expect(byTitle.total).toBe(await count("v.title LIKE ? AND v.created_at <= ?", `%${word}%`, new Date().toISOString()));
    expect(byTitle.total).toBeGreaterThan(5);
    expect(byQuery).toEqual(byTitle);
    expect(byQuery.page).toBe(1);
    expect(newestFirst(byQuery.items)).toBe(true);
    // beside the first provider's filters
    const mixed = await search(`query=${word}&category=full-match-replays&pageIndex=0`);
    expect(mixed.items.length).toBeGreaterThan(0);
    expect(mixed.items.every((v) => v.title.includes(word) && v.categorySlug === "full-match-replays")).toBe(true);
    for (const bad of ["sortby=title", "sortby=releaseDate%20asc", "pageIndex=-1", "pageIndex=x", `query=${"x".repeat(201)}`, "query=a&title=a", "pageIndex=1&page=1"]) {
      const res = await SELF.fetch(`http://localhost/api/videos/search?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(await res.json(), bad).toMatchObject({ errors: [{ code: "INVALID_INPUT" }] });
    }
  });

  it("answers 400 INVALID_INPUT for values outside the pickers and malformed ones", async () => {
    const bad = [
      "season=2019", "season=2025", "season=twenty", "season=2023.5", "team=first", "team=FIRST-TEAM",
      "category=Highlights", "category=../x", "durationMin=-1", "durationMin=abc", "durationMin=400&durationMax=300",
      "page=-1", "page=1.5", "pageSize=0", "pageSize=49", "startDate=yesterday", "startDate=2024-13-01",
      "tags=,", "tags=a,,b", `title=${"x".repeat(201)}`, "unknown=1", "sort=title",
    ];
    for (const query of bad) {
      const res = await SELF.fetch(`http://localhost/api/videos/search?${query}`);
      expect(res.status, query).toBe(400);
      expect(await res.json(), query).toMatchObject({ errors: [{ code: "INVALID_INPUT" }] });
    }
    // empty values mean 'any' (a filter form sends every field)
    expect((await search("team=&season=&durationMin=&title=")).total).toBe(await count());
  });

  it("never answers 5xx to 500 random inputs", { timeout: 120_000 }, async () => {
    // a seeded generator: the same strings on every run, so a failure can be replayed
    let seed = 0x9e3779b9;
    const next = () => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) / 0x100000000;
    };
    const alphabet = ["a", "Z", "0", "9", "-", "_", "%", "%2", "%zz", "&", "=", "?", "#", "+", ",", " ", "'", '"', "\\", "/", ".", ":", "*", "\u0000", "é", "😀", "\u202e", "T", "2024", "-01-", "e5", "NaN", "[]", "{}"];
    const keys = ["category", "team", "season", "durationMin", "durationMax", "title", "tags", "startDate", "page", "pageSize", "x"];
    const statuses = new Map<number, number>();
    for (let i = 0; i < 500; i++) {
      const length = Math.floor(next() * 24);
      let value = "";
      for (let j = 0; j < length; j++) value += alphabet[Math.floor(next() * alphabet.length)];
      const key = keys[Math.floor(next() * keys.length)] ?? "title";
      // half encoded properly, half raw (malformed escapes and all)
      const query = i % 2 === 0 ? `${key}=${encodeURIComponent(value)}` : `${key}=${value}`;
      // the route itself (the whole worker adds ~100 ms a request in workerd; the checks above use it)
      const res = await videoSearchRoutes.request(`http://localhost/?${query}`, {}, env);
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      expect(res.status, query).toBeLessThan(500);
    }
    expect([...statuses.keys()].sort()).toEqual([200, 400]);
  });
});

describe("/videos/browse and channels: filters in the URL, SSR, 12 a page", () => {
  const page = async (path: string) => {
    const res = await SELF.fetch(`http://localhost${path}`);
    return { status: res.status, html: await res.text() };
  };
  const cards = (html: string) => [...html.matchAll(/<article class="video-card/g)].length;

  it("renders the pickers with the current choice, and only matching videos", async () => {
    const { status, html } = await page("/videos/browse?team=u18&duration=short");
    expect(status).toBe(200);
    const expected = await count("t.slug = 'u18' AND v.duration_seconds < 300");
    expect(expected).toBeGreaterThan(0);
    expect(html).toContain(expected === 1 ? ">1 video<" : `>${expected} videos<`);
    expect(cards(html)).toBe(Math.min(12, expected));
    for (const label of ["Team", "Season", "Duration"]) expect(html).toContain(`>${label}</label>`);
    expect(html).toMatch(/<option value="u18" selected="">U18<\/option>/);
    expect(html).toMatch(/<option value="short" selected="">Short \(under 5 min\)<\/option>/);
    for (const year of [2020, 2021, 2022, 2023, 2024]) expect(html).toContain(`<option value="${year}">`);
    expect(html).toContain("Clear filters");
  });

  it("pages a filtered list with the filters kept in the page links", async () => {
    const total = await count("t.slug = ''");
    expect(total).toBeGreaterThan(24);
    const first = await page("/videos/browse?team=first-team");
    expect(cards(first.html)).toBe(12);
    expect(first.html).toContain('href="/videos/browse?team=first-team&amp;page=2"');
    const second = await page("/videos/browse?team=first-team&page=2");
    expect(cards(second.html)).toBe(12);
  });

  it("filters a channel too; a value outside the pickers is the 404 page", async () => {
    const channel = await page("/videos/channel/highlights?duration=long");
    expect(channel.status).toBe(200);
    expect(cards(channel.html)).toBe(Math.min(12, await count("vc.slug = 'highlights' AND v.duration_seconds > 600")));
    for (const bad of ["?season=2019", "?team=reserves", "?duration=epic", "?season=20x4"]) {
      const res = await page(`/videos/browse${bad}`);
      expect(res.status, bad).toBe(404);
      expect(res.html).toContain("This page could not be found");
    }
    // the browser's loaders ask the content API with the same filters
    const api = await SELF.fetch("http://localhost/api/content/videos?team=u18&season=2024&duration=short");
    const body = (await api.json()) as { items: Video[]; total: number };
    expect(body.total).toBe(await count("t.slug = 'u18' AND s.year = 2024 AND v.duration_seconds < 300"));
  });

  it("a video page lists 10 related videos (spec §9 sidebar page size)", async () => {
    const row = await env.DB.prepare(
      "SELECT v.entry_id FROM videos v WHERE (SELECT COUNT(*) FROM videos w WHERE w.category_id = v.category_id) > 11 LIMIT 1",
    ).first<{ entry_id: string }>();
    const { html } = await page(`/videos/${row?.entry_id}`);
    const sidebar = html.slice(html.indexOf('class="playlist__items"'));
    expect([...sidebar.matchAll(/class="playlist__item"/g)].length).toBe(10);
  });
});
