import { describe, expect, it } from "vitest";
import { isPreseason, PRESEASON_MESSAGE, withoutPreseason } from "../../src/domain/preseason";

describe("preseason (spec §4, §9)", () => {
  it("is on for 2024-25 only, with the spec's text", () => {
    expect(isPreseason("2024-25")).toBe(true);
    expect(isPreseason("2023-24")).toBe(false);
    expect(PRESEASON_MESSAGE).toBe("New fixtures coming soon");
  });
});

describe("withoutPreseason", () => {
  it("drops a preseason season's fixtures and says it did", () => {
    const fixtures = [
      { id: 1, seasonSlug: "2023-24" },
      { id: 2, seasonSlug: "2024-25" },
      { id: 3, seasonSlug: "2023-24" },
    ];
    expect(withoutPreseason(fixtures)).toEqual({ fixtures: [fixtures[0], fixtures[2]], preseason: true });
  });
  it("keeps every fixture of other seasons, and an empty list is not preseason", () => {
    expect(withoutPreseason([{ seasonSlug: "2023-24" }])).toEqual({ fixtures: [{ seasonSlug: "2023-24" }], preseason: false });
    expect(withoutPreseason([])).toEqual({ fixtures: [], preseason: false });
  });
});
