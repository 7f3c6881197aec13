import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

const get = (path: string) => SELF.fetch(`https://example.com${path}`);

describe("GET /images/{w}x{h}/{key}.svg", () => {
  it("answers a generated SVG, cacheable for a year", async () => {
    const res = await get("/images/640x360/news-derby-day-win.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const svg = await res.text();
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain('viewBox="0 0 640 360"');
    expect(svg).not.toMatch(/<script|javascript:|on[a-z]+=/i);
  });

  it("draws the same picture for the same key and size", async () => {
    const a = await (await get("/images/300x300/player-jo-bloggs.svg")).text();
    const b = await (await get("/images/300x300/player-jo-bloggs.svg")).text();
    expect(a).toBe(b);
    const other = await (await get("/images/300x300/player-sam-smith.svg")).text();
    expect(other).not.toBe(a);
  });

  it.each([
    "crest-rovers",
    "news-a",
    "player-a",
    "team-first-team",
    "sponsor-acme-insurance",
    "advert-season-tickets",
    "promo-rovers-tv-plus",
    "video-highlights",
    "category-interviews",
    "page-contact-us",
    "package-rovers-tv",
    "opponent-harbour-city",
    "live-audio",
    "video-1_7if5brmj",
    "unknown-kind-still-draws",
  ])("draws every kind: %s", async (key) => {
    const res = await get(`/images/200x120/${key}.svg`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^<svg[\s\S]*<\/svg>$/);
  });

  it("writes the sponsor's name from its key", async () => {
    const svg = await (await get("/images/360x180/sponsor-acme-insurance.svg")).text();
    expect(svg).toContain("ACME INSURANCE");
  });

  it.each(["15x100", "100x15", "2001x100", "100x2001", "0x0", "abc", "100x", "100x100x100", "-10x100"])(
    "refuses the size %s with 404 IMAGE_SIZE_INVALID",
    async (size) => {
      const res = await get(`/images/${size}/news-a.svg`);
      expect(res.status).toBe(404);
      const body = (await res.json()) as { errors: { code: string; detail: string }[] };
      expect(body.errors[0]?.code).toBe("IMAGE_SIZE_INVALID");
    },
  );

  it("accepts the limits 16 and 2000", async () => {
    expect((await get("/images/16x2000/news-a.svg")).status).toBe(200);
  });

  it.each(["News-A.svg", "news.a.svg", "news-a.png", "news-a", "%3Cscript%3E.svg"])("refuses the file name %s with 404", async (file) => {
    const res = await get(`/images/100x100/${file}`);
    expect(res.status).toBe(404);
  });
});
