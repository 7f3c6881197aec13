import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

const SPOILER_FREE = { cookie: "rovers_spoiler_free=1" };
const get = (path: string, headers: Record<string, string> = {}) => SELF.fetch(`https://rovers.test${path}`, { redirect: "manual", headers });

interface PlayedMatch {
  id: number;
  team_slug: string;
  season_slug: string;
  goals_for: number;
  goals_against: number;
  report: string;
  news_slug: string;
  news_title: string;
  opponent: string;
}

/** A first-team result with a scoreline report article, from the seed. */
async function playedMatch(): Promise<PlayedMatch> {
  const row = await env.DB.prepare(
    `SELECT m.id, t.slug AS team_slug, s.slug AS season_slug, m.goals_for, m.goals_against, m.report, n.slug AS news_slug, n.title AS news_title, o.name AS opponent
     FROM matches m JOIN teams t ON t.id = m.team_id JOIN seasons s ON s.id = m.season_id JOIN opponents o ON o.id = m.opponent_id
     JOIN news n ON n.match_id = m.id
     WHERE t.slug = '' AND m.status = 'result' AND m.report IS NOT NULL AND n.title LIKE 'Report: %' AND m.goals_for != m.goals_against
     ORDER BY m.kickoff DESC LIMIT 1`,
  ).first<PlayedMatch>();
  if (!row) throw new Error("the seed has no first-team match report");
  return row;
}

/** Every way the score could be written: '2-1', '2 - 1', the JSON fields, the report text. */
function expectNoScore(text: string, m: PlayedMatch) {
  expect(text).not.toContain(m.report);
  expect(text).not.toMatch(new RegExp(`"goalsFor":${m.goals_for}\\b`));
  expect(text).not.toMatch(new RegExp(`"goalsAgainst":${m.goals_against}\\b`));
  expect(text).not.toContain(m.news_title);
  expect(text).not.toContain("scoreline__score");
}

describe("spoiler-free mode", () => {
  it("leaves the score out of a played match's page and its API answer, and keeps it without the cookie", async () => {
    const m = await playedMatch();
    const page = `/match/${m.season_slug}/${m.id}`;
    const hidden = await (await get(page, SPOILER_FREE)).text();
    expectNoScore(hidden, m);
    expect(hidden).toContain("Reveal score");
    expect(hidden).toContain('"scoreHidden":true');

    const api = await get(`/api/content/match?team=&season=${m.season_slug}&id=${m.id}`, SPOILER_FREE);
    expect(api.status).toBe(200);
    const body = (await api.json()) as { match: Record<string, unknown> };
    expect(body.match).toMatchObject({ id: m.id, status: "result", goalsFor: null, goalsAgainst: null, report: null, scoreHidden: true });

    // Without the cookie the same page shows the score (and is a separate page-cache variant).
    const shown = await (await get(page)).text();
    expect(shown).toContain(`"goalsFor":${m.goals_for}`);
    expect(shown).toContain("scoreline__score");
  });

  it("hides results on the fixtures list, the home page's cards, and match-report titles", async () => {
    const m = await playedMatch();
    for (const path of [`/matches/${m.season_slug}`, "/", "/news", "/category/match-reports"]) {
      const html = await (await get(path, SPOILER_FREE)).text();
      expect(html, path).not.toMatch(/"goalsFor":\d/);
      expect(html, path).not.toContain("scoreline__score");
      expect(html, path).not.toMatch(/Report: [^"<]*\d+-\d+/);
    }
    const fixtures = (await (await get(`/api/content/fixtures?team=&season=${m.season_slug}`, SPOILER_FREE)).json()) as { matches: { goalsFor: unknown }[] };
    expect(fixtures.matches.length).toBeGreaterThan(0);
    expect(fixtures.matches.every((match) => match.goalsFor === null)).toBe(true);

    const article = await (await get(`/news/${m.news_slug}`, SPOILER_FREE)).text();
    expectNoScore(article, m);
    const opponent = m.opponent.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    expect(article).toMatch(new RegExp(`Match report: (Rovers v ${opponent}|${opponent} v Rovers)`));
    expect(article).toContain("This match report is hidden while spoiler-free mode is on.");

    const videos = await (await get("/api/content/videos?category=highlights", SPOILER_FREE)).json() as { items: { title: string }[] };
    expect(videos.items.length).toBeGreaterThan(0);
    for (const video of videos.items) expect(video.title).not.toMatch(/\d+\s*-\s*\d+/);
  });

  it("reveals one match's score on request, and only that match's", async () => {
    const m = await playedMatch();
    const res = await get(`/api/matches/${m.id}/score`, SPOILER_FREE);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: m.id, goalsFor: m.goals_for, goalsAgainst: m.goals_against, report: m.report });
    const fixture = await env.DB.prepare("SELECT id FROM matches WHERE status = 'fixture' LIMIT 1").first<{ id: number }>();
    expect((await get(`/api/matches/${fixture!.id}/score`)).status).toBe(404);
    expect((await get("/api/matches/abc/score")).status).toBe(404);
  });
});
