import { describe, expect, it } from "vitest";
import { childViewSourceOf, isChildViewState, opensChildView, type ClickFacts } from "../../src/domain/child-view";

const origin = "https://rovers.example";
const plain: ClickFacts = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };
const article = "/news/callum-thornton-named-player-of-the-month-for-october";

describe("opensChildView", () => {
  it("opens an article from the news listing, a category listing, a dated listing, the home page and the search results", () => {
    for (const kind of ["news-listing", "category", "news-legacy", "home", "search"] as const) expect(opensChildView(plain, article, origin, kind)).toBe(true);
    expect(opensChildView(plain, `${origin}${article}`, origin, "news-listing")).toBe(true);
  });

  it("leaves modified, middle and already handled clicks to the browser", () => {
    for (const key of ["metaKey", "ctrlKey", "shiftKey", "altKey"] as const) expect(opensChildView({ ...plain, [key]: true }, article, origin, "news-listing")).toBe(false);
    expect(opensChildView({ ...plain, button: 1 }, article, origin, "news-listing")).toBe(false);
    expect(opensChildView({ ...plain, defaultPrevented: true }, article, origin, "news-listing")).toBe(false);
  });

  it("opens only same-origin article links", () => {
    expect(opensChildView(plain, `https://elsewhere.example${article}`, origin, "news-listing")).toBe(false);
    expect(opensChildView(plain, "/news", origin, "news-listing")).toBe(false);
    expect(opensChildView(plain, "/news/2024", origin, "news-listing")).toBe(false);
    expect(opensChildView(plain, "/news/2024/10", origin, "news-listing")).toBe(false);
    expect(opensChildView(plain, "/teams/b-team", origin, "news-listing")).toBe(false);
  });

  it("opens nothing from pages that are not listings (an article's related news is a plain link)", () => {
    expect(opensChildView(plain, article, origin, "news-single")).toBe(false);
    expect(opensChildView(plain, article, origin, "content")).toBe(false);
    expect(opensChildView(plain, article, origin, undefined)).toBe(false);
  });
});

describe("childViewSourceOf", () => {
  it("counts a dated listing (news/* with list data) as the legacy news listing, an article as itself", () => {
    expect(childViewSourceOf("news-single", { kind: "list", items: [] })).toBe("news-legacy");
    expect(childViewSourceOf("news-single", { kind: "article" })).toBe("news-single");
    expect(childViewSourceOf("news-single", null)).toBe("news-single");
    expect(childViewSourceOf("category", undefined)).toBe("category");
    expect(childViewSourceOf(undefined, { kind: "list" })).toBeUndefined();
  });

  it("opens an article from a dated listing, not from an article's related news", () => {
    expect(opensChildView(plain, article, origin, childViewSourceOf("news-single", { kind: "list" }))).toBe(true);
    expect(opensChildView(plain, article, origin, childViewSourceOf("news-single", { kind: "article" }))).toBe(false);
  });
});

describe("isChildViewState", () => {
  it("recognises only the child view's own history state", () => {
    expect(isChildViewState({ childView: true })).toBe(true);
    expect(isChildViewState(null)).toBe(false);
    expect(isChildViewState({ childView: "yes" })).toBe(false);
    expect(isChildViewState(undefined)).toBe(false);
  });
});
