import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { roleAccount } from "./staff-accounts";

/** Preseason mode per season (/admin/seasons, /api/console/seasons): the pages that list fixtures follow at once; audited. */

const json = (method: string, body?: unknown) => ({ method, headers: { "content-type": "application/json" }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const page = async (path: string) => (await SELF.fetch(`https://rovers.test${path}`)).text();
const NOTICE = "New fixtures coming soon";

describe("preseason mode in the console", () => {
  it("turned on for a season, its fixtures give way to the notice on /, /streamer and /matches (results still show); off, they are back; audited", async () => {
    const { b, identity } = await roleAccount("season-admin", ["administrator"]);
    const listed = await b.fetch("/api/console/seasons");
    expect(listed.status).toBe(200);
    const seasons = ((await listed.json()) as { data: { attributes: { seasons: { slug: string; preseason: boolean; fixtures: number }[] } } }).data.attributes.seasons;
    const current = seasons.find((s) => s.slug === "2024-25");
    expect(current).toMatchObject({ preseason: false });
    expect(current!.fixtures).toBeGreaterThan(0);
    const { results: fixtures } = await env.DB.prepare(
      "SELECT m.id FROM matches m JOIN seasons s ON s.id = m.season_id WHERE m.team_id = 1 AND m.status = 'fixture' AND s.slug = '2024-25'",
    ).all<{ id: number }>();
    const linksFixture = (html: string) => fixtures.some(({ id }) => new RegExp(`href="/match/[^"]*/2024-25/${id}"`).test(html));
    for (const path of ["/", "/streamer"]) expect(linksFixture(await page(path)), path).toBe(true); // stored before the change

    try {
      const on = await b.fetch("/api/console/seasons/2024-25/preseason", json("PUT", { preseason: true }));
      expect(on.status).toBe(200);
      for (const path of ["/", "/streamer"]) {
        const html = await page(path);
        expect(html, path).toContain(NOTICE);
        expect(linksFixture(html), path).toBe(false);
      }
      const matches = await page("/matches");
      expect(matches).toContain(NOTICE);
      expect(matches).toMatch(/Fixtures <span class="page-segmented__count">0<\/span>/);
      expect(matches).not.toMatch(/Results <span class="page-segmented__count">0<\/span>/);
      expect(await page("/matches/first-team/2023-24")).not.toContain(NOTICE);
      expect(await (await b.fetch("/admin/seasons")).text()).toContain('aria-checked="true"');
    } finally {
      expect((await b.fetch("/api/console/seasons/2024-25/preseason", json("PUT", { preseason: false }))).status).toBe(200);
    }
    expect(await page("/")).not.toContain(NOTICE);
    expect(linksFixture(await page("/streamer"))).toBe(true);

    const audit = await env.DB.prepare("SELECT action, target, status, detail FROM admin_audit_log WHERE actor = ?1 ORDER BY id").bind(`staff:${identity.ssoID}`).all<{ action: string; target: string; status: number; detail: string }>();
    expect(audit.results.map((r) => [r.action, r.target, r.status])).toEqual([["season.preseason", "2024-25", 200], ["season.preseason", "2024-25", 200]]);
    expect(JSON.parse(audit.results[0]!.detail)).toMatchObject({ before: { preseason: false }, after: { preseason: true } });
  });

  it("refuses a bad body (400 beside the field) and an unknown season (404); an editor reads the list but cannot change it", async () => {
    const { b } = await roleAccount("season-checker", ["administrator"]);
    const bad = await b.fetch("/api/console/seasons/2024-25/preseason", json("PUT", { preseason: "yes" }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errors: [{ code: "INVALID_INPUT", field: "preseason" }] });
    expect((await b.fetch("/api/console/seasons/1999-00/preseason", json("PUT", { preseason: true }))).status).toBe(404);
    expect((await b.fetch("/api/console/seasons/nonsense/preseason", json("PUT", { preseason: true }))).status).toBe(404);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM seasons WHERE preseason = 1").first<{ n: number }>())!.n).toBe(0);

    const { b: editor } = await roleAccount("season-editor", ["editor"]);
    expect((await editor.fetch("/admin/seasons")).status).toBe(200);
    expect((await editor.fetch("/api/console/seasons/2024-25/preseason", json("PUT", { preseason: true }))).status).toBe(403);
  });
});
