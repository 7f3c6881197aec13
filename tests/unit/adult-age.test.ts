import { describe, expect, it } from "vitest";
import { birthdateOf, childFriendlyOf, isAdult } from "../../src/domain/adult-age";
import { preferencesFromCookies } from "../../src/app/viewer-preferences";

describe("an adult by date of birth (family mode's default)", () => {
  it("is 18 or over on the London date given: the 18th birthday itself counts", () => {
    expect(isAdult("2008-11-30", "2026-11-30")).toBe(true);
    expect(isAdult("2008-12-01", "2026-11-30")).toBe(false);
    expect(isAdult("1970-01-01", "2026-11-30")).toBe(true);
    expect(isAdult("2015-06-01", "2026-11-30")).toBe(false);
  });

  it("someone born on 29 February comes of age on 1 March in a year without one", () => {
    expect(isAdult("2008-02-29", "2026-02-28")).toBe(false);
    expect(isAdult("2008-02-29", "2026-03-01")).toBe(true);
    expect(isAdult("2006-02-29", "2024-02-29")).toBe(false); // no such date of birth: 2006 had no 29 February
    expect(isAdult("2004-02-29", "2022-03-01")).toBe(true);
  });

  it("no date of birth, or one that cannot be read, is no adult", () => {
    for (const value of [null, undefined, "", "1990", "0000-05-01", "1990-13-01", "1990-04-31", "1899-12-31", "01/02/1990"]) expect(isAdult(value, "2026-11-30")).toBe(false);
  });

  it("reads OIDC's birthdate claim: a real YYYY-MM-DD only", () => {
    expect(birthdateOf("1990-04-30")).toBe("1990-04-30");
    expect(birthdateOf(" 2000-02-29 ")).toBe("2000-02-29");
    expect([birthdateOf("1900-02-29"), birthdateOf(19900430), birthdateOf("0000-04-30")]).toEqual([null, null, null]);
  });

  it("the supporter's own choice wins either way; without one, off only for an adult", () => {
    expect([childFriendlyOf(undefined, false), childFriendlyOf(undefined, true)]).toEqual([true, false]);
    expect([childFriendlyOf("1", true), childFriendlyOf("0", false)]).toEqual([true, false]);
    expect(childFriendlyOf("junk", true)).toBe(false);
  });

  it("the render reads it from the cookies", () => {
    expect(preferencesFromCookies("rovers_adult=1").childFriendly).toBe(false);
    expect(preferencesFromCookies("rovers_adult=1; rovers_child_friendly=1").childFriendly).toBe(true);
    expect(preferencesFromCookies("rovers_signed_in=1").childFriendly).toBe(true);
    expect(preferencesFromCookies("rovers_child_friendly=0").childFriendly).toBe(false);
  });
});
