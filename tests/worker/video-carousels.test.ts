// The video feed's sections on /videos are carousels of their rows' type and style (spec §2
// Shared widgets, §9 per-view counts), rendered by the server with the first view's slides.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { browser } from "./auth-test-app";
import { videoHomeSchema } from "../../src/schemas/videos";
import { CAROUSEL_STEPS } from "../../src/domain/carousel-per-view";

const TOKEN = "admin-token-for-video-carousel-tests-1";
const html = async (path: string) => (await SELF.fetch(`https://rovers.test${path}`)).text();
const invalidate = () =>
  browser({ ADMIN_TOKEN: TOKEN }).fetch("/api/admin/cache/invalidate", { method: "POST", headers: { authorization: `Bearer ${TOKEN}` } });
/** Each carousel section of the page: its class, type, heading and how many slides the server rendered. */
const carouselsOf = (page: string) =>
  [...page.matchAll(/<section class="page-section carousel carousel--(dark|light)( category-carousel)?" data-type="([\w-]+)"[\s\S]*?<h2[^>]*>([^<]*)<\/h2>([\s\S]*?)<\/section>/g)].map(
    ([, style, categories, type, title, rest]) => ({ style, type, title, categories: Boolean(categories), slides: (rest!.match(/<li class="carousel__slide"/g) ?? []).length }),
  );

describe("the video feed's sections as carousels", () => {
  it("each section carries its row's type and style in the video home's data", async () => {
    const home = videoHomeSchema.parse(await (await SELF.fetch("https://rovers.test/api/content/videos/home")).json());
    const rows = await env.DB.prepare(
      "SELECT section_key, title, carousel_type, carousel_style FROM feed_sections WHERE feed_id = 1 AND kind = 'videos' ORDER BY position, id",
    ).all<{ section_key: string; title: string; carousel_type: string; carousel_style: string }>();
    expect(home.sections.map((s) => [s.key, s.title, s.type, s.style])).toEqual(rows.results.map((r) => [r.section_key, r.title, r.carousel_type, r.carousel_style]));
  });

  it("/videos renders every video section as a carousel: the first two with all their slides, the others with their first view", async () => {
    const home = videoHomeSchema.parse(await (await SELF.fetch("https://rovers.test/api/content/videos/home")).json());
    const rails = carouselsOf(await html("/videos")).filter((c) => !c.categories);
    const sections = home.sections.filter((s) => s.videos.length > 0);
    expect(rails.map((r) => [r.title, r.type, r.style])).toEqual(sections.map((s) => [s.title, s.type, s.style]));
    sections.forEach((section, i) => {
      const widest = CAROUSEL_STEPS[section.type][0]![1];
      expect(rails[i]!.slides, section.title).toBe(i < 2 ? section.videos.length : Math.min(widest, section.videos.length));
    });
    // Named buttons, previous disabled at the first slide; the old grid rails are gone.
    const page = await html("/videos");
    expect(page).toMatch(/aria-label="Previous: Highlights" aria-disabled="true"/);
    expect(page).toMatch(/aria-label="Next: Highlights" aria-disabled="false"/);
    expect(page).not.toContain("page-rail");
  });

  it("follows the row: another type and style after the club changes it", async () => {
    await env.DB.prepare("UPDATE feed_sections SET carousel_type = 'full-6', carousel_style = 'light' WHERE section_key = 'highlights'").run();
    try {
      expect((await invalidate()).status).toBe(200);
      const highlights = carouselsOf(await html("/videos")).find((c) => c.title === "Highlights");
      expect(highlights).toMatchObject({ type: "full-6", style: "light" });
    } finally {
      await env.DB.prepare("UPDATE feed_sections SET carousel_type = 'full-3', carousel_style = 'dark' WHERE section_key = 'highlights'").run();
      await invalidate();
    }
  });
});
