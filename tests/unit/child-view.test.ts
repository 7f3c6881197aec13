import { describe, expect, it } from "vitest";
import { childViewSourceOf, focusAfterChildView, isChildViewState, opensChildView, samePath, type ClickFacts, type PageUnderChildView } from "../../src/domain/child-view";

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

describe("focusAfterChildView", () => {
  // Elements are plain names here; `links` is the page under the child view, `gone` what left it.
  const pageWith = (links: Record<string, string>, gone: string[] = [], search: string | null = "search button"): PageUnderChildView<string> => ({
    isConnected: (element) => !gone.includes(element),
    linkTo: (path) => Object.entries(links).find(([href]) => samePath(href, path))?.[1] ?? null,
    searchButton: () => search,
  });
  const other = "/news/season-tickets-on-sale";

  it("goes back to the very link clicked, even when another link to the article comes first", () => {
    const opener = { element: "second card", href: article, from: "news-listing" as const };
    expect(focusAfterChildView(opener, article, pageWith({ [article]: "first card" }))).toBe("second card");
  });

  it("goes to the page's link to the same article when the one clicked was replaced", () => {
    const opener = { element: "old card", href: article, from: "news-listing" as const };
    expect(focusAfterChildView(opener, `${article}/`, pageWith({ [article]: "new card" }, ["old card"]))).toBe("new card");
  });

  it("ignores an opener remembered for another article (the child view reopened by Forward)", () => {
    const opener = { element: "card", href: other, from: "home" as const };
    expect(focusAfterChildView(opener, article, pageWith({ [other]: "card", [article]: "article's card" }))).toBe("article's card");
    expect(focusAfterChildView(null, article, pageWith({ [article]: "article's card" }))).toBe("article's card");
  });

  it("goes to the search button when opened from the search results, even if the page links the article too", () => {
    const opener = { element: "search hit", href: article, from: "search" as const };
    expect(focusAfterChildView(opener, article, pageWith({ [article]: "card" }, ["search hit"]))).toBe("search button");
  });

  it("falls back to the search button when nothing on the page leads to the article, and to nothing without one", () => {
    const opener = { element: "card", href: article, from: "category" as const };
    expect(focusAfterChildView(opener, article, pageWith({}, ["card"]))).toBe("search button");
    expect(focusAfterChildView(null, article, pageWith({}, [], null))).toBeNull();
  });
});

describe("samePath", () => {
  it("compares paths, absolute or root-relative, a trailing slash aside", () => {
    expect(samePath(`https://rovers.example${article}`, `${article}/`)).toBe(true);
    expect(samePath(article, "/news/season-tickets-on-sale")).toBe(false);
    expect(samePath(article, `${article}-2`)).toBe(false);
  });
});
