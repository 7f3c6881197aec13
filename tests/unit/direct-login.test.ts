import { describe, expect, it } from "vitest";
import { directLoginOffered, normaliseUsername } from "../../src/domain/direct-login";

describe("direct login (spec §1, §5, §9)", () => {
  it("is offered only when the provider can and the setting is on", () => {
    expect(directLoginOffered(true, "1")).toBe(true);
    expect(directLoginOffered(true, "0")).toBe(false);
    expect(directLoginOffered(true, null)).toBe(false);
    expect(directLoginOffered(false, "1")).toBe(false);
  });

  it("lowercases (and trims) the username before sign-in", () => {
    expect(normaliseUsername("  Fan@Rovers.TEST ")).toBe("fan@rovers.test");
  });
});
