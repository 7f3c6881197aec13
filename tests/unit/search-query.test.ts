import { describe, expect, it } from "vitest";
import { lastPage, nextPage, previousPage, searchSortParam, searchTerm } from "../../src/domain/search-query";

describe("search query (spec §4 'Search', §5)", () => {
  it("Exact matches wraps the term in quotes; All leaves it; no minimum length", () => {
    expect(searchTerm("kit launch", "exact")).toBe('"kit launch"');
    expect(searchTerm("kit launch", "all")).toBe("kit launch");
    expect(searchTerm("a", "all")).toBe("a");
    expect(searchTerm('"kit"', "exact")).toBe('"kit"');
    expect(searchTerm("  ", "exact")).toBe("");
  });
  it("sort parameters of §7", () => {
    expect(searchSortParam("date")).toBe("published_date desc");
    expect(searchSortParam("relevance")).toBe("_score desc");
  });
  it("previous clamps at 0, next at last page (page size 8)", () => {
    expect(previousPage(0)).toBe(0);
    expect(previousPage(3)).toBe(2);
    expect(lastPage(0)).toBe(0);
    expect(lastPage(8)).toBe(0);
    expect(lastPage(9)).toBe(1);
    expect(nextPage(0, 9)).toBe(1);
    expect(nextPage(1, 9)).toBe(1);
    expect(nextPage(0, 0)).toBe(0);
  });
});
