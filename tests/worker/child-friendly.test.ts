import { env, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { invalidateCache } from "../../worker/cache/kv-cache";

const get = (path: string, cookie?: string) => SELF.fetch(`https://rovers.test${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
const OFF = "rovers_child_friendly=0";
/** The hrefs of the fixtures page's team tabs (its `nav.team-tabs`). */
async function tabLinks(path: string, cookie?: string): Promise<string[]> {
  const html = await (await get(path, cookie)).text();
  const nav = /<nav class="team-tabs"[^>]*>(.*?)<\/nav>/s.exec(html)?.[1] ?? "";
  return [...nav.matchAll(/href="([^"]*)"/g)].map((m) => m[1] ?? "");
}

/** What the seed holds that is not child friendly (migrations/seed/commercial.mjs), read from D1 so the test follows the data. */
async function unflaggedNames() {
  const sponsors = await env.DB.prepare("SELECT title FROM sponsors WHERE is_child_friendly = 0 AND published = 1").all<{ title: string }>();
  const header = await env.DB.prepare("SELECT name FROM header_sponsors WHERE child_friendly = 0").all<{ name: string }>();
  const adverts = await env.DB.prepare("SELECT advert_ref FROM adverts WHERE child_friendly = 0").all<{ advert_ref: string }>();
  // The shell carries only adverts that can show now (worker/content/shell.ts): those are the ones that must appear with the mode off.
  const now = new Date().toISOString();
  const live = await env.DB.prepare(
    "SELECT advert_ref FROM adverts WHERE child_friendly = 0 AND enabled = 1 AND channel IN ('', 'web') AND start_utc <= ? AND end_utc >= ?",
  ).bind(now, now).all<{ advert_ref: string }>();
  return {
    sponsors: sponsors.results.map((r) => r.title),
    header: header.results.map((r) => r.name),
    adverts: adverts.results.map((r) => r.advert_ref),
    liveAdverts: live.results.map((r) => r.advert_ref),
  };
}

describe("child-friendly mode in the data", () => {
  afterEach(async () => {
    // back to the seed's flags (spec §3: only the B team and U18)
    await env.DB.prepare("UPDATE teams SET child_friendly = CASE WHEN slug IN ('b-team', 'u18') THEN 1 ELSE 0 END").run();
    await invalidateCache(env);
  });

  it("is on by default: the shell's JSON and the page's HTML hold no unflagged sponsor, header sponsor or advert", async () => {
    const names = await unflaggedNames();
    expect(names.sponsors.length).toBeGreaterThan(0);
    expect(names.header.length).toBeGreaterThan(0);
    expect(names.adverts.length).toBeGreaterThan(0);
    const shell = await (await get("/api/content/shell")).text();
    const html = await (await get("/")).text();
    for (const text of [shell, html]) {
      for (const name of [...names.sponsors, ...names.header, ...names.adverts]) expect(text).not.toContain(name);
    }
  });

  it("off (cookie 0): everything shows, in the JSON and the HTML", async () => {
    const names = await unflaggedNames();
    const shell = await (await get("/api/content/shell", OFF)).json<{ sponsorRows: { sponsors: { title: string }[] }[]; headerSponsors: { name: string }[]; adverts: { advertRef: string }[] }>();
    expect(shell.sponsorRows.flatMap((r) => r.sponsors.map((s) => s.title))).toEqual(expect.arrayContaining(names.sponsors));
    expect(shell.headerSponsors.map((s) => s.name)).toEqual(expect.arrayContaining(names.header));
    expect(names.liveAdverts.length).toBeGreaterThan(0);
    expect(shell.adverts.map((a) => a.advertRef)).toEqual(expect.arrayContaining(names.liveAdverts));
    const html = await (await get("/", OFF)).text();
    for (const name of names.sponsors) expect(html).toContain(name.replace("&", "&amp;"));
  });

  it("lists only the seed's B team and U18 (spec §3) in child-friendly mode, on /api/content/teams, /teams and the fixtures tabs; off lists all four", async () => {
    const slugs = async (cookie?: string) => (await (await get("/api/content/teams", cookie)).json<{ slug: string }[]>()).map((t) => t.slug);
    expect(await slugs()).toEqual(["b-team", "u18"]);
    expect(await slugs(OFF)).toEqual(["", "womens-first-team", "b-team", "u18"]);
    const teamsPage = await (await get("/teams")).text();
    expect(teamsPage).toContain('href="/teams/b-team"');
    expect(teamsPage).not.toContain('href="/teams/womens-first-team"');
    expect(await (await get("/teams", OFF)).text()).toContain('href="/teams/womens-first-team"');
    // the fixtures page's tabs: the team on show and the listed ones
    expect(await tabLinks("/matches/b-team")).toEqual(["/matches/b-team", "/matches/u18"]);
    expect(await tabLinks("/matches/b-team", OFF)).toEqual(["/matches", "/matches/womens-first-team", "/matches/b-team", "/matches/u18"]);
  });

  it("says where it hides teams, with the one-press choice: /teams, the fixtures page, the video browse page; nothing with it off", async () => {
    for (const path of ["/teams", "/matches/b-team", "/videos/browse"]) {
      const html = await (await get(path)).text();
      expect(html, path).toContain("Family mode: some teams hidden");
      expect(html, path).toMatch(/<button type="button" class="family-notice__show">Show all teams<\/button>/);
      expect(await (await get(path, OFF)).text(), path).not.toContain("Family mode: some teams hidden");
    }
  });

  it("a hidden team's own pages stay reachable by URL (the first team owns /matches), its tab shown while it is on show", async () => {
    for (const path of ["/matches", "/matches/womens-first-team", "/teams/womens-first-team", "/api/content/team?team=womens-first-team"]) {
      expect((await get(path)).status, path).toBe(200);
    }
    expect(await tabLinks("/matches/womens-first-team")).toEqual(["/matches/womens-first-team", "/matches/b-team", "/matches/u18"]);
  });

  it("a flag changed in the data is honoured on the next request", async () => {
    await env.DB.prepare("UPDATE teams SET child_friendly = 0 WHERE slug = 'u18'").run();
    await invalidateCache(env);
    expect((await (await get("/api/content/teams")).json<{ slug: string }[]>()).map((t) => t.slug)).toEqual(["b-team"]);
    expect(await (await get("/teams")).text()).not.toContain("/teams/u18");
  });
});

describe("the video browse page's team picker (spec §1/§3: only the teams flagged child friendly)", () => {
  /** The option values of /videos/browse's team picker (its `select#video-filter-team`). */
  async function teamOptions(path: string, cookie?: string): Promise<string[]> {
    const html = await (await get(path, cookie)).text();
    const select = /<select[^>]*id="video-filter-team"[^>]*>(.*?)<\/select>/s.exec(html)?.[1] ?? "";
    return [...select.matchAll(/<option[^>]*value="([^"]*)"/g)].map((m) => m[1] ?? "").filter(Boolean);
  }

  it("offers only the B team and U18 in child-friendly mode, all four with it off", async () => {
    expect(await teamOptions("/videos/browse")).toEqual(["b-team", "u18"]);
    expect(await teamOptions("/videos/browse", OFF)).toEqual(["first-team", "womens-first-team", "b-team", "u18"]);
  });

  it("keeps a hidden team that a link already chose, so the page says what it shows", async () => {
    expect(await teamOptions("/videos/browse?team=womens-first-team")).toEqual(["womens-first-team", "b-team", "u18"]);
  });
});
