// Section sponsor slots (spec §3) show in the section they name, server-rendered:
// an active web slot shows, an inactive or app one does not, and child-friendly mode (on by
// default) hides a sponsor not flagged child friendly, as it does every other sponsor.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { browser } from "./auth-test-app";

const TOKEN = "admin-token-for-section-sponsors-0001";
const html = (path: string, cookie = "") =>
  SELF.fetch(`https://rovers.test${path}`, { headers: cookie ? { cookie } : {} }).then((r) => r.text());
/** The section sponsor aside of a page, or "" when there is none. */
const asideOf = (page: string) => /<aside class="section-sponsor"[\s\S]*?<\/aside>/.exec(page)?.[0] ?? "";

async function edit(sql: string) {
  await env.DB.prepare(sql).run();
  const res = await browser({ ADMIN_TOKEN: TOKEN }).fetch("/api/admin/cache/invalidate", { method: "POST", headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
}

describe("section sponsor slots in their sections", () => {
  it("the active web slots show under the matches and videos headings; the inactive news slot does not", async () => {
    const matches = asideOf(await html("/matches"));
    expect(matches).toContain('data-section="matches"');
    expect(matches).toContain("Fixtures presented by Calder Motors");
    expect(matches).toContain('href="https://caldermotors.example/"');
    expect(matches).toContain('rel="noopener noreferrer sponsored"');
    // the app slot of the same section (Redline Bet) is never on the web
    expect(matches).not.toContain("Redline");
    expect(asideOf(await html("/videos"))).toContain("Rovers TV in association with Vale Fibre Broadband");
    expect(asideOf(await html("/news"))).toBe("");
  });

  it("activating a slot shows it on the next request; deactivating hides it", async () => {
    await edit("UPDATE section_sponsors SET active = 1 WHERE section_id = 'news'");
    expect(asideOf(await html("/news"))).toContain("News powered by Pennine Print");
    await edit("UPDATE section_sponsors SET active = 0 WHERE section_id = 'news'");
    expect(asideOf(await html("/news"))).toBe("");
  });

  it("a web slot whose sponsor is not child friendly: hidden in child-friendly mode, shown with it off", async () => {
    await edit("UPDATE section_sponsors SET active = 0 WHERE section_id = 'matches' AND type = 'web'");
    await edit("UPDATE section_sponsors SET type = 'web' WHERE name = 'Match centre odds by Redline Bet'");
    const childFriendly = await html("/matches");
    expect(asideOf(childFriendly)).toBe("");
    expect(childFriendly).not.toContain("Match centre odds by Redline Bet");
    const grownUp = asideOf(await html("/matches", "rovers_child_friendly=0"));
    expect(grownUp).toContain("Match centre odds by Redline Bet");
    expect(grownUp).toContain('href="https://redlinebet.example/"');
  });
});
