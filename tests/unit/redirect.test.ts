import { describe, expect, it } from "vitest";
import { resolveRedirect } from "../../src/domain/redirect";

const SITE = "https://www.northbridgerovers.example";

describe("resolveRedirect (spec §2 'Route behaviour')", () => {
  it("status defaults to 302", () => {
    expect(resolveRedirect({ path: "/news" }, SITE)).toEqual({ status: 302, location: "/news", external: false });
    expect(resolveRedirect("/news", SITE).status).toBe(302);
  });
  it("keeps a given redirect status; a non-redirect status falls back to 302", () => {
    expect(resolveRedirect({ path: "/news", status: 301 }, SITE).status).toBe(301);
    expect(resolveRedirect({ path: "/news", status: 308 }, SITE).status).toBe(308);
    expect(resolveRedirect({ path: "/news", status: 200 }, SITE).status).toBe(302);
  });
  it("accepts a location object", () => {
    expect(resolveRedirect({ location: { pathname: "/matches/b-team", search: "season=2024-25", hash: "#fixtures" } }, SITE)).toEqual({
      status: 302, location: "/matches/b-team?season=2024-25#fixtures", external: false,
    });
    expect(resolveRedirect({ status: 307, location: { pathname: "/videos", search: "?a=1" } }, SITE)).toEqual({
      status: 307, location: "/videos?a=1", external: false,
    });
  });
  it("an absolute URL on the site's own origin is internal", () => {
    expect(resolveRedirect({ path: `${SITE}/teams/u18?x=1#top` }, SITE)).toEqual({ status: 302, location: "/teams/u18?x=1#top", external: false });
  });
  it("an absolute URL on another origin is external and kept whole", () => {
    expect(resolveRedirect({ path: "https://tickets.northbridgerovers.example/buy" }, SITE)).toEqual({
      status: 302, location: "https://tickets.northbridgerovers.example/buy", external: true,
    });
    expect(resolveRedirect({ path: "//store.example/kit", status: 301 }, SITE)).toEqual({
      status: 301, location: "https://store.example/kit", external: true,
    });
    expect(resolveRedirect("http://www.northbridgerovers.example/news", SITE).external).toBe(true);
  });
  it("script and other schemes never leave as a redirect: home instead", () => {
    expect(resolveRedirect("javascript:alert(1)", SITE)).toEqual({ status: 302, location: "/", external: false });
    expect(resolveRedirect("data:text/html,hi", SITE).location).toBe("/");
    expect(resolveRedirect("", SITE).location).toBe("/");
  });
});
