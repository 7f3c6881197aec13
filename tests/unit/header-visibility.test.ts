import { describe, expect, it } from "vitest";
import { headerScrollState } from "../../src/domain/header-visibility";

describe("headerScrollState (spec §2 'Header')", () => {
  it("hides on scroll down, shows on scroll up", () => {
    expect(headerScrollState(200, 250).hidden).toBe(true);
    expect(headerScrollState(250, 200).hidden).toBe(false);
  });
  it("always visible under 90", () => {
    expect(headerScrollState(10, 89)).toEqual({ hidden: false, sticky: false });
    expect(headerScrollState(0, 0, true)).toEqual({ hidden: false, sticky: false });
    expect(headerScrollState(89, 90).hidden).toBe(true);
  });
  it("sticky at 300 or more", () => {
    expect(headerScrollState(250, 299).sticky).toBe(false);
    expect(headerScrollState(250, 300)).toEqual({ hidden: true, sticky: true });
    expect(headerScrollState(900, 400)).toEqual({ hidden: false, sticky: true });
  });
  it("no movement keeps the previous visibility", () => {
    expect(headerScrollState(500, 500, true).hidden).toBe(true);
    expect(headerScrollState(500, 500, false).hidden).toBe(false);
  });
});
