import { describe, expect, it } from "vitest";
import { isHttpsLink, isSitePath, LINK_SETTINGS, linkProblem, linkSettingKind, safeLink } from "../../src/domain/link-rule";
import { readLinkSetting } from "../../src/data/web-settings";
import { socialNetworks } from "../../src/config/nav-links";

/** Values a browser would take off the site or run, whatever the kind of link. */
const neverALink = [
  "//evil.example/phish",
  "/\\evil.example/phish",
  "\\\\evil.example",
  "/%2F/evil.example",
  "/%5Cevil.example",
  "/%252F%252Fevil.example",
  "/\t/evil.example",
  " /videos",
  "/videos\n",
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "http://rovers.example/",
  "https:evil.example",
  "https:/evil.example",
  "https://",
  "https:///evil.example",
  "https://rovers.example@evil.example/",
  "https://user:pass@evil.example/",
  "https://evil.example\\@rovers.example",
  "https://rovers.example/\u2028",
  "mailto:help@rovers.example",
  "videos",
  "",
];

describe("the link rule", () => {
  it.each(neverALink)("refuses %j as any kind of link", (value) => {
    expect(linkProblem("site-path", value)).not.toBeNull();
    expect(linkProblem("https", value)).not.toBeNull();
    expect(linkProblem("site-path-or-https", value)).not.toBeNull();
    expect(safeLink("site-path-or-https", value)).toBeUndefined();
  });

  it.each([
    ["/cookie-policy", true, false],
    ["/videos/faqs?tab=2#top", true, false],
    ["/", true, false],
    ["/a/../videos", true, false],
    ["https://www.facebook.com/NorthbridgeRoversFC", false, true],
    ["HTTPS://x.com/NorthbridgeRFC", false, true],
    ["https://www.tiktok.com/@northbridgerovers", false, true],
    ["https://rovers.example:8443/path?q=1", false, true],
  ])("%s: a site path %s, an https: link %s", (value, path, https) => {
    expect(isSitePath(value)).toBe(path);
    expect(isHttpsLink(value)).toBe(https);
    expect(linkProblem("site-path-or-https", value)).toBeNull();
    expect(safeLink(path ? "site-path" : "https", value)).toBe(value);
  });

  it("says what each kind must be", () => {
    expect(linkProblem("site-path", "https://x.com/a")).toBe("a path on this site (/…, not // or /\\)");
    expect(linkProblem("https", "/videos")).toBe("an https: URL (https://…)");
    expect(linkProblem("site-path-or-https", "javascript:alert(1)")).toBe("a path on this site (/…, not // or /\\) or an https: URL");
  });

  it("refuses a link longer than 2048 characters", () => {
    expect(isSitePath(`/${"a".repeat(2048)}`)).toBe(false);
    expect(isHttpsLink(`https://x.com/${"a".repeat(2048)}`)).toBe(false);
  });
});

describe("the web settings that are links", () => {
  it.each([
    ["cookie.policyLink", "site-path"],
    ["cookie_policyLink", "site-path"],
    ["packages.cta2ButtonLink", "site-path-or-https"],
    ["packages_cta2ButtonLink", "site-path-or-https"],
    ["social.facebook", "https"],
    ["social_tiktok", "https"],
    ["cookie.policyLinkText", null],
    ["support.email", null],
    ["login.social.google", null],
  ])("%s holds %s", (key, kind) => {
    expect(linkSettingKind(key)).toBe(kind);
  });

  it("every social network of the footer is an https: link setting", () => {
    for (const network of socialNetworks) expect(LINK_SETTINGS[network.key], network.key).toBe("https");
  });

  it("readLinkSetting renders a stored value only when it keeps the rule", () => {
    const settings = {
      "cookie.policyLink": "/\\evil.example/phish",
      social_facebook: "javascript:alert(1)",
      "social.x": "https://x.com/NorthbridgeRFC",
      "packages.cta2ButtonLink": "data:text/html,hi",
      "cookie.policyLinkText": "/fine-but-not-a-link",
    };
    expect(readLinkSetting(settings, "cookie.policyLink")).toBeUndefined();
    expect(readLinkSetting(settings, "social.facebook")).toBeUndefined();
    expect(readLinkSetting(settings, "social.x")).toBe("https://x.com/NorthbridgeRFC");
    expect(readLinkSetting(settings, "packages.cta2ButtonLink")).toBeUndefined();
    expect(readLinkSetting(settings, "cookie.policyLinkText")).toBeUndefined();
    expect(readLinkSetting({ "cookie.policyLink": "/our-cookies" }, "cookie.policyLink")).toBe("/our-cookies");
  });
});

describe("stored content links are never rendered when they break the rule", () => {
  it("an advert's link: undefined (the advert shows without a link)", async () => {
    const { advertHref } = await import("../../src/domain/advert-link");
    expect(advertHref("javascript:alert(1)", "camp", null, 1)).toBeUndefined();
    expect(advertHref("/\\evil.example", "camp", null, 1)).toBeUndefined();
    expect(advertHref("/tickets", "camp", null, 1)).toBe("/tickets");
    expect(advertHref("https://sponsor.example/", "camp", null, 1)).toBe("https://sponsor.example/");
  });
});
