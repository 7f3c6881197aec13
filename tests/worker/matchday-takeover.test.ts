// The home page's match-day takeover in the worker: the home data carries the
// candidates and the window's settings rows; `/` leads with a live match, keeps being a page-cache
// hit while it is live (no score in its HTML, so none can go stale), and follows full time and the
// club's settings without a deploy. A file of its own: a live match changes every home page.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { browser } from "./auth-test-app";
import { homeSchema } from "../../src/schemas/pages";
import { TAKEOVER_SETTINGS } from "../../src/domain/matchday-takeover";

const TOKEN = "admin-token-for-tests-0123456789abcdef";
const b = browser({ ADMIN_TOKEN: TOKEN });
const admin = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${TOKEN}`, "content-type": "application/json", ...extra });
const page = (path: string) => SELF.fetch(`https://rovers.test${path}`, { redirect: "manual" });

let keys = 0;
async function post(matchID: number, body: unknown) {
  const res = await b.fetch(`/api/admin/matches/${matchID}/events`, { method: "POST", headers: admin({ "idempotency-key": `t-${++keys}` }), body: JSON.stringify(body) });
  expect(res.status).toBe(201);
}

async function homeData() {
  const res = await b.fetch("/api/content/home");
  expect(res.status).toBe(200);
  return homeSchema.parse(await res.json());
}

describe("the match-day takeover of the home page", () => {
  it("leads with a live match from a cached page without its score, then the result at full time, within the window the settings set", async () => {
    // The demo's fixtures kicked off long before today's clock: no match is in its window.
    expect((await homeData()).matchday).toEqual({ settings: { before: null, after: null }, candidates: [] });
    const hero = await (await page("/")).text();
    expect(hero).toContain('class="home-hero"');
    expect(hero).not.toContain('class="match-hero takeover"');

    const match = (await env.DB.prepare("SELECT m.id FROM matches m JOIN teams t ON t.id = m.team_id WHERE t.slug = '' AND m.status = 'fixture' ORDER BY m.kickoff LIMIT 1").first<{ id: number }>())!;
    await post(match.id, { type: "kickoff", minute: 0, side: "home" });
    const [candidate] = (await homeData()).matchday.candidates;
    expect(candidate).toMatchObject({ state: "live", fullTimeAt: null, match: { id: match.id } });
    expect(candidate!.streams).toEqual([{ id: "men-audio-commentary", mediaType: "audio", entitlements: ["roverstv+", "vip"] }]);

    const live = await page("/");
    expect(live.headers.get("x-page-cache")).toBe("miss");
    const liveHtml = await live.text();
    expect(liveHtml).toContain('data-stage="live"');
    expect(liveHtml).not.toContain('class="home-hero"');
    expect(liveHtml).not.toContain("takeover-score");
    // A goal changes nothing the cached page says: it stays a hit, and the browser asks the room.
    await post(match.id, { type: "goal", minute: 20, side: "home" });
    const hit = await page("/");
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    expect(await hit.text()).toContain('data-stage="live"');

    for (const [type, minute] of [["halftime", 45], ["second-half", 46], ["fulltime", 93]] as const) await post(match.id, { type, minute, side: "home" });
    const result = await page("/");
    expect(result.headers.get("x-page-cache")).toBe("miss");
    const resultHtml = await result.text();
    expect(resultHtml).toContain('data-stage="after"');
    expect(resultHtml).toMatch(/class="match-hero takeover".*?class="scoreline__score"><span>1<\/span>.*?<span>0<\/span>/);

    // The club closes the window at full time through the admin settings API: the hero is back.
    const put = await b.fetch(`/api/admin/settings/${TAKEOVER_SETTINGS.after}`, { method: "PUT", headers: admin(), body: JSON.stringify({ value: "0" }) });
    expect(put.status).toBe(200);
    expect((await homeData()).matchday.settings).toEqual({ before: null, after: "0" });
    expect(await (await page("/")).text()).toContain('class="home-hero"');
    expect((await b.fetch(`/api/admin/settings/${TAKEOVER_SETTINGS.after}`, { method: "DELETE", headers: admin() })).status).toBe(200);
    expect(await (await page("/")).text()).toContain('data-stage="after"');
  });
});
