import { describe, expect, it } from "vitest";
import { layoutVariants } from "../../src/domain/layout-variants";

describe("layoutVariants (spec §2 'Layouts')", () => {
  it("without settings: the sticky header, footer v1 and footer advertising v1", () => {
    expect(layoutVariants({})).toEqual({ header: "sticky", footer: "v1", footerAdverts: "v1" });
  });
  it("reads each part from its setting", () => {
    expect(layoutVariants({ "layout.header": "v3", "layout.footer": "v2", "layout.footerAdverts": "v3" })).toEqual({ header: "v3", footer: "v2", footerAdverts: "v3" });
    expect(layoutVariants({ "layout.footerAdverts": "v2" }).footerAdverts).toBe("v2");
  });
  it("forgives case and spaces from the CMS", () => {
    expect(layoutVariants({ "layout.header": " V3 ", "layout.footer": "V2" })).toEqual({ header: "v3", footer: "v2", footerAdverts: "v1" });
  });
  it("an unknown or empty value is the first variant", () => {
    expect(layoutVariants({ "layout.header": "v2", "layout.footer": "v3", "layout.footerAdverts": "" })).toEqual({ header: "sticky", footer: "v1", footerAdverts: "v1" });
  });
});
