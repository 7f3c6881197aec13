import { describe, expect, it } from "vitest";
import { isSlug, slugify, SLUG_MAX, uniqueSlug } from "../../src/domain/slug";

describe("article slugs", () => {
  it("makes a slug of a title: lower case, accents folded, apostrophes dropped, one hyphen between words", () => {
    expect(slugify("Rovers' 3–1 win at Brüggen!")).toBe("rovers-3-1-win-at-bruggen");
    expect(slugify("  --Hello   World--  ")).toBe("hello-world");
    expect(slugify("¿¡!")).toBe("");
  });

  it("keeps a long title's slug within the limit, never ending in a hyphen", () => {
    const slug = slugify(`${"a".repeat(99)} b`);
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(slug.endsWith("-")).toBe(false);
    expect(isSlug(slug)).toBe(true);
  });

  it("accepts only what the public route accepts", () => {
    expect(isSlug("match-report-2")).toBe(true);
    for (const bad of ["", "Match", "a--b", "-a", "a-", "a b", "a/b", "x".repeat(SLUG_MAX + 1)]) expect(isSlug(bad), bad).toBe(false);
  });

  it("numbers a taken slug, counting past every taken number", () => {
    expect(uniqueSlug("report", new Set())).toBe("report");
    expect(uniqueSlug("report", new Set(["report", "report-2"]))).toBe("report-3");
    expect(uniqueSlug("", new Set(["article"]))).toBe("article-2");
    const long = "x".repeat(SLUG_MAX);
    const next = uniqueSlug(long, new Set([long]));
    expect(next.length).toBe(SLUG_MAX);
    expect(next.endsWith("-2")).toBe(true);
  });
});
