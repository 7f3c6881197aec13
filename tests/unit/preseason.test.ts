import { describe, expect, it } from "vitest";
import { isPreseason, PRESEASON_MESSAGE } from "../../src/domain/preseason";

describe("preseason (spec §4, §9)", () => {
  it("is on for 2024-25 only, with the spec's text", () => {
    expect(isPreseason("2024-25")).toBe(true);
    expect(isPreseason("2023-24")).toBe(false);
    expect(PRESEASON_MESSAGE).toBe("New fixtures coming soon");
  });
});
