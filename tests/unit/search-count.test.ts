import { describe, expect, it } from "vitest";
import { searchCountText, NO_RESULTS_FOUND } from "../../src/domain/search-count";

describe("searchCountText (spec §2 'Search overlay')", () => {
  it.each([
    [0, 0, "No results"],
    [1, 1, "Showing 1 result"],
    [2, 2, "Showing 2 of 2 results"],
    [12, 40, "Showing 12 of 40 results"],
    [3, 15, "Showing 3 of 15 results"],
  ])("shown %i of %i → %s", (shown, total, text) => {
    expect(searchCountText(shown, total)).toBe(text);
  });
  it("empty message", () => {
    expect(NO_RESULTS_FOUND).toBe("No results found");
  });
});
