import { describe, expect, it } from "vitest";
import { buildPath, PathBuildError } from "../../src/domain/path-builder";

const rules = { slug: /^[a-z0-9][a-z0-9-]*$/, season: /^20\d\d-\d\d$/, id: /^\d+$/, segments: /^[a-z0-9-]+$/ };

function failure(run: () => unknown): { code: string; parameter: string } | null {
  try {
    run();
    return null;
  } catch (error) {
    if (!(error instanceof PathBuildError)) throw error;
    return { code: error.code, parameter: error.parameter };
  }
}

describe("path building (spec §8)", () => {
  it("builds fixed, single, optional and repeated parameters", () => {
    expect(buildPath("/videos/browse", {}, rules)).toBe("/videos/browse");
    expect(buildPath("/news/:slug", { slug: "cup-final" }, rules)).toBe("/news/cup-final");
    expect(buildPath("/match/:slug/:season/:id", { slug: "u18", season: "2024-25", id: 12 }, rules)).toBe("/match/u18/2024-25/12");
    expect(buildPath("/matches/:slug/:season?", { slug: "u18" }, rules)).toBe("/matches/u18");
    expect(buildPath("/matches/:slug/:season?", { slug: "u18", season: "2023-24" }, rules)).toBe("/matches/u18/2023-24");
    expect(buildPath("/:segments+", { segments: ["club", "history"] }, rules)).toBe("/club/history");
    expect(buildPath("/x/:segments*", { segments: [] }, rules)).toBe("/x");
  });

  it("fails when a required parameter is missing", () => {
    expect(failure(() => buildPath("/news/:slug", {}, rules))).toEqual({ code: "MISSING_PARAMETER", parameter: "slug" });
    expect(failure(() => buildPath("/news/:slug", { slug: "" }, rules))).toEqual({ code: "MISSING_PARAMETER", parameter: "slug" });
    expect(failure(() => buildPath("/:segments+", { segments: [] }, rules))).toEqual({ code: "MISSING_PARAMETER", parameter: "segments" });
  });

  it("fails when a parameter does not match its pattern", () => {
    expect(failure(() => buildPath("/news/:slug", { slug: "Cup Final" }, rules))).toEqual({ code: "INVALID_PARAMETER", parameter: "slug" });
    expect(failure(() => buildPath("/news/:slug", { slug: "../admin" }, rules))).toEqual({ code: "INVALID_PARAMETER", parameter: "slug" });
    expect(failure(() => buildPath("/matches/:slug/:season?", { slug: "u18", season: "2024" }, rules))).toEqual({ code: "INVALID_PARAMETER", parameter: "season" });
    expect(failure(() => buildPath("/:segments+", { segments: ["club", "a b"] }, rules))).toEqual({ code: "INVALID_PARAMETER", parameter: "segments" });
    // a parameter with no rule is a mistake in the pattern
    expect(failure(() => buildPath("/x/:nope", { nope: "a" }, rules))).toEqual({ code: "INVALID_PARAMETER", parameter: "nope" });
  });

  it("fails when a parameter is repeated wrongly", () => {
    expect(failure(() => buildPath("/news/:slug", { slug: ["a", "b"] }, rules))).toEqual({ code: "REPEATED_PARAMETER", parameter: "slug" });
    expect(failure(() => buildPath("/:segments+", { segments: "club" }, rules))).toEqual({ code: "REPEATED_PARAMETER", parameter: "segments" });
  });
});
