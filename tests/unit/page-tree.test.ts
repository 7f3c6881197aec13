import { describe, expect, it } from "vitest";
import { buildTree, flattenTree, fullPathOf, lastOrderUnder, movedOrder, parentChoices, placementProblem, type TreePage } from "../../src/domain/page-tree";

const page = (id: number, parentId: number | null, slug: string, order: number): TreePage => ({ id, parentId, slug, title: slug, order });
// club (1) ─ history (2) ─ founders (4)
//          └ contact (3)
// tickets (5)
const PAGES = [page(3, 1, "contact", 1), page(1, null, "club", 0), page(2, 1, "history", 0), page(4, 2, "founders", 0), page(5, null, "tickets", 1)];

describe("the page tree", () => {
  it("is built top level first, each level in its order, with depths", () => {
    const flat = flattenTree(buildTree(PAGES)).map((o) => `${o.depth}:${o.page.slug}`);
    expect(flat).toEqual(["0:club", "1:history", "2:founders", "1:contact", "0:tickets"]);
  });
  it("keeps a page whose parent is missing, or in a cycle written into D1, at the top level", () => {
    const broken = [...PAGES, page(6, 99, "lost", 0), page(7, 8, "a", 0), page(8, 7, "b", 0)];
    const slugs = flattenTree(buildTree(broken)).map((o) => o.page.slug);
    expect(slugs).toHaveLength(broken.length);
    expect(slugs).toContain("lost");
  });
  it("offers as parents everything but the page's own branch", () => {
    expect(parentChoices(PAGES, 2).map((o) => o.page.slug)).toEqual(["club", "contact", "tickets"]);
    expect(parentChoices(PAGES, null)).toHaveLength(5);
  });
  it("builds a page's address from its ancestors", () => {
    expect(fullPathOf(PAGES, 2, "new")).toBe("club/history/new");
    expect(fullPathOf(PAGES, null, "new")).toBe("new");
  });
});

describe("placing a page", () => {
  it("refuses a cycle: under itself or below itself", () => {
    expect(placementProblem(PAGES, 1, 1, "club")).toMatchObject({ field: "parentId" });
    expect(placementProblem(PAGES, 1, 4, "club")).toMatchObject({ field: "parentId", detail: expect.stringMatching(/under itself/) });
  });
  it("refuses an unknown parent and a branch deeper than the site's addresses", () => {
    expect(placementProblem(PAGES, null, 42, "x")).toMatchObject({ field: "parentId" });
    const deep = [page(10, null, "a", 0), page(11, 10, "b", 0), page(12, 11, "c", 0), page(13, 12, "d", 0), page(14, 13, "e", 0)];
    expect(placementProblem(deep, null, 13, "x")).toBeNull();
    expect(placementProblem(deep, null, 14, "x")).toMatchObject({ field: "parentId", detail: expect.stringMatching(/5 levels/) });
    // Moving a two-level branch under the fourth level would make six.
    expect(placementProblem([...deep, page(20, null, "p", 1), page(21, 20, "q", 0)], 20, 13, "p")).toMatchObject({ field: "parentId" });
  });
  it("keeps slugs unique among siblings only, lower-case words, and off the site's own top-level routes", () => {
    expect(placementProblem(PAGES, null, 1, "history")).toMatchObject({ field: "slug", detail: "A page beside this one already has this slug" });
    expect(placementProblem(PAGES, 2, 1, "history")).toBeNull();
    expect(placementProblem(PAGES, null, 5, "history")).toBeNull();
    for (const bad of ["", "Club", "club history", "club--x", "-x", "a/b", "x".repeat(121)]) expect(placementProblem(PAGES, null, null, bad), bad).toMatchObject({ field: "slug" });
    expect(placementProblem(PAGES, null, null, "news")).toMatchObject({ field: "slug", detail: expect.stringMatching(/site's own pages/) });
    expect(placementProblem(PAGES, null, 1, "news")).toBeNull();
  });
});

describe("ordering siblings", () => {
  it("moves a page up or down and renumbers its siblings from 0", () => {
    expect(movedOrder(PAGES, 3, "up")).toEqual([{ id: 3, order: 0 }, { id: 2, order: 1 }]);
    expect(movedOrder(PAGES, 1, "down")).toEqual([{ id: 5, order: 0 }, { id: 1, order: 1 }]);
  });
  it("does not move the first up, the last down, or an unknown page", () => {
    expect(movedOrder(PAGES, 2, "up")).toBeNull();
    expect(movedOrder(PAGES, 3, "down")).toBeNull();
    expect(movedOrder(PAGES, 99, "up")).toBeNull();
  });
  it("mends ties: siblings written with the same order come out distinct", () => {
    const tied = [page(1, null, "a", 0), page(2, null, "b", 0), page(3, null, "c", 0)];
    expect(movedOrder(tied, 3, "up")).toEqual([{ id: 1, order: 0 }, { id: 3, order: 1 }, { id: 2, order: 2 }]);
  });
  it("puts a page joining a parent after its last child", () => {
    expect(lastOrderUnder(PAGES, 1)).toBe(2);
    expect(lastOrderUnder(PAGES, 4)).toBe(0);
  });
});
