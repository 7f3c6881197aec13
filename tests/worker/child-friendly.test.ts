import { env, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { invalidateCache } from "../../worker/cache/kv-cache";

const get = (path: string, cookie?: string) => SELF.fetch(`https://rovers.test${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
const OFF = "rovers_child_friendly=0";

/** What the seed holds that is not child friendly (migrations/seed/commercial.mjs), read from D1 so the test follows the data. */
async function unflaggedNames() {
  const sponsors = await env.DB.prepare("SELECT title FROM sponsors WHERE is_child_friendly = 0 AND published = 1").all<{ title: string }>();
  const header = await env.DB.prepare("SELECT name FROM header_sponsors WHERE child_friendly = 0").all<{ name: string }>();
  const adverts = await env.DB.prepare("SELECT advert_ref FROM adverts WHERE child_friendly = 0").all<{ advert_ref: string }>();
  // The shell carries only adverts that can show now (worker/data/shell.ts): those are the ones that must appear with the mode off.
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

describe("child-friendly mode in the data (issue 13 part 6)", () => {
  afterEach(async () => {
    await env.DB.prepare("UPDATE teams SET child_friendly = 1").run();
    await invalidateCache(env);
  });

  it("is on by default: the shell's JSON and the page's HTML hold no unflagged sponsor, header sponsor or advert", async () => {
    const names = await unflaggedNames();
    expect(names.sponsors.length).toBeGreaterThan(0);
    expect(names.header.length).toBeGreaterThan(0);
    expect(names.adverts.length).toBeGreaterThan(0);
    const shell = await (await get("/api/shell")).text();
    const html = await (await get("/")).text();
    for (const text of [shell, html]) {
      for (const name of [...names.sponsors, ...names.header, ...names.adverts]) expect(text).not.toContain(name);
    }
  });

  it("off (cookie 0): everything shows, in the JSON and the HTML", async () => {
    const names = await unflaggedNames();
    const shell = await (await get("/api/shell", OFF)).json<{ sponsorRows: { sponsors: { title: string }[] }[]; headerSponsors: { name: string }[]; adverts: { advertRef: string }[] }>();
    expect(shell.sponsorRows.flatMap((r) => r.sponsors.map((s) => s.title))).toEqual(expect.arrayContaining(names.sponsors));
    expect(shell.headerSponsors.map((s) => s.name)).toEqual(expect.arrayContaining(names.header));
    expect(names.liveAdverts.length).toBeGreaterThan(0);
    expect(shell.adverts.map((a) => a.advertRef)).toEqual(expect.arrayContaining(names.liveAdverts));
    const html = await (await get("/", OFF)).text();
    for (const name of names.sponsors) expect(html).toContain(name.replace("&", "&amp;"));
  });

  it("hides a team not flagged child friendly, its pages are 404s; off shows it", async () => {
    await env.DB.prepare("UPDATE teams SET child_friendly = 0 WHERE slug = 'u18'").run();
    await invalidateCache(env);
    const slugs = async (cookie?: string) => (await (await get("/api/teams", cookie)).json<{ slug: string }[]>()).map((t) => t.slug);
    expect(await slugs()).toEqual(["", "womens-first-team", "b-team"]);
    expect(await slugs(OFF)).toContain("u18");
    expect((await get("/api/team?team=u18")).status).toBe(404);
    expect((await get("/api/fixtures?team=u18")).status).toBe(404);
    expect((await get("/teams/u18")).status).toBe(404);
    expect((await get("/matches/u18")).status).toBe(404);
    expect((await get("/teams/u18", OFF)).status).toBe(200);
    expect(await (await get("/teams")).text()).not.toContain("/teams/u18");
  });

  it("the seed's four teams are all child friendly (DESIGN: all four; spec §3: B team and U18)", async () => {
    const teams = await (await get("/api/teams")).json<{ slug: string; childFriendly: boolean }[]>();
    expect(teams.map((t) => [t.slug, t.childFriendly])).toEqual([
      ["", true],
      ["womens-first-team", true],
      ["b-team", true],
      ["u18", true],
    ]);
  });
});
