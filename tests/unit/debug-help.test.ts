import { describe, expect, it } from "vitest";
import { debugHelpOn, debugPackageList } from "../../src/domain/debug-help";

describe("debug help (spec §2 'Account summary')", () => {
  it("is off unless the setting says on", () => {
    for (const on of ["1", "true", "TRUE", " on ", "yes"]) expect(debugHelpOn(on), on).toBe(true);
    for (const off of [undefined, "", "0", "false", "off", "no", "enabled?"]) expect(debugHelpOn(off), String(off)).toBe(false);
  });
  it("lists each package once, sorted, without blanks", () => {
    expect(debugPackageList(["roverstv", "freemium", "roverstv", " ", "free"])).toEqual(["free", "freemium", "roverstv"]);
    expect(debugPackageList([])).toEqual([]);
  });
});
