import { describe, expect, it } from "vitest";
import { supportEmail } from "../../src/domain/support-email";

describe("supportEmail (spec §9 'Support email … in configuration')", () => {
  it("a plain address, trimmed", () => {
    expect(supportEmail(" tvsupport@northbridge-rovers.example ")).toBe("tvsupport@northbridge-rovers.example");
  });
  it("nothing for empty, missing or malformed values", () => {
    for (const value of [undefined, "", "support", "a@b", "https://x.example/", "a b@c.example", "mailto:a@b.example", `${"a".repeat(250)}@b.example`]) {
      expect(supportEmail(value), String(value)).toBeNull();
    }
  });
});
