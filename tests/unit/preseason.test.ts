import { describe, expect, it } from "vitest";
import { isPreseason, PRESEASON_MESSAGE, withoutPreseason } from "../../src/domain/preseason";

describe("preseason (spec §4), a setting per season", () => {
  it("is on for the seasons the club set, with the spec's text", () => {
    expect(isPreseason("2025-26", ["2025-26"])).toBe(true);
    expect(isPreseason("2024-25", ["2025-26"])).toBe(false);
    expect(isPreseason("2024-25", [])).toBe(false);
    expect(PRESEASON_MESSAGE).toBe("New fixtures coming soon");
  });
});

describe("withoutPreseason", () => {
  it("drops a preseason season's fixtures and says it did", () => {
    const fixtures = [
      { id: 1, seasonSlug: "2024-25" },
      { id: 2, seasonSlug: "2025-26" },
      { id: 3, seasonSlug: "2024-25" },
    ];
    expect(withoutPreseason(fixtures, ["2025-26"])).toEqual({ fixtures: [fixtures[0], fixtures[2]], preseason: true });
  });
  it("keeps every fixture of other seasons, and an empty list is not preseason", () => {
    expect(withoutPreseason([{ seasonSlug: "2024-25" }], ["2025-26"])).toEqual({ fixtures: [{ seasonSlug: "2024-25" }], preseason: false });
    expect(withoutPreseason([{ seasonSlug: "2024-25" }], [])).toEqual({ fixtures: [{ seasonSlug: "2024-25" }], preseason: false });
    expect(withoutPreseason([], ["2024-25"])).toEqual({ fixtures: [], preseason: false });
  });
});
