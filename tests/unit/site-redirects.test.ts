import { describe, expect, it } from "vitest";
import { normaliseRedirectPath, redirectChainProblem, redirectFromProblem, redirectToProblem } from "../../src/domain/site-redirects";

describe("redirects: the old path", () => {
  it("is stored normalised: no query, fragment, trailing slash or dot segments; case kept", () => {
    expect(normaliseRedirectPath("/old-page/")).toBe("/old-page");
    expect(normaliseRedirectPath("/a/./b/../c?x=1#top")).toBe("/a/c");
    expect(normaliseRedirectPath("  /Tickets  ")).toBe("/Tickets");
    expect(normaliseRedirectPath("/")).toBe("/");
  });
  it("is a path of this site, not the home page nor a path the worker answers before pages", () => {
    expect(redirectFromProblem("/old-page")).toBeNull();
    for (const bad of ["old-page", "//evil.example/x", "/\\evil", "https://example.com/x", "/a b", ""]) expect(redirectFromProblem(bad), bad).toMatch(/path on this site/);
    expect(redirectFromProblem("/")).toMatch(/home page/);
    for (const reserved of ["/api/news", "/admin", "/admin/pages", "/media/x.m3u8", "/sitemap.xml", "/auth/login"]) expect(redirectFromProblem(reserved), reserved).toMatch(/before any redirect/);
    expect(redirectFromProblem("/administration")).toBeNull();
  });
});

describe("redirects: the new location", () => {
  it("keeps the link rule: a site path or an https URL", () => {
    expect(redirectToProblem("/news")).toBeNull();
    expect(redirectToProblem("https://shop.example.com/kit")).toBeNull();
    for (const bad of ["http://example.com", "javascript:alert(1)", "//evil.example", "https://user@evil.example", "news"]) expect(redirectToProblem(bad), bad).not.toBeNull();
  });
});

describe("redirects: no chain, no loop", () => {
  const stored = [
    { id: 1, from: "/a", to: "/b" },
    { id: 2, from: "/c", to: "https://shop.example.com/c" },
  ];
  it("refuses a redirect to its own path, with or without a query or trailing slash", () => {
    expect(redirectChainProblem("/x", "/x", stored)).toMatchObject({ field: "to" });
    expect(redirectChainProblem("/x", "/x/?utm=1", stored)).toMatchObject({ field: "to", detail: expect.stringMatching(/loop/) });
  });
  it("refuses a new location that is another redirect's old path", () => {
    expect(redirectChainProblem("/x", "/a", stored)).toEqual({ field: "to", detail: "is itself redirected (to /b): point straight at where that one goes" });
    expect(redirectChainProblem("/x", "/c?y", stored)).toMatchObject({ field: "to" });
  });
  it("refuses an old path that another redirect lands on (two hops, and the loop /b → /a → /b)", () => {
    expect(redirectChainProblem("/b", "/d", stored)).toEqual({ field: "from", detail: "is where the redirect from /a lands: change that one instead" });
    expect(redirectChainProblem("/b", "/a", stored)).not.toBeNull();
  });
  it("allows a plain redirect, an https one, and an edit of a redirect against the others only", () => {
    expect(redirectChainProblem("/x", "/y", stored)).toBeNull();
    expect(redirectChainProblem("/x", "https://shop.example.com/a", stored)).toBeNull();
    expect(redirectChainProblem("/a", "/e", stored.filter((r) => r.id !== 1))).toBeNull();
  });
});
