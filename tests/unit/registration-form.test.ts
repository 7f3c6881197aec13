import { describe, expect, it } from "vitest";
import { REGISTRATION_FIELDS, registrationFormOf } from "../../src/domain/registration-form";

describe("registration form (spec §9: 'short')", () => {
  it("is short unless the setting says long", () => {
    expect(registrationFormOf(undefined)).toBe("short");
    expect(registrationFormOf("short")).toBe("short");
    expect(registrationFormOf(" Long ")).toBe("long");
    expect(registrationFormOf("medium")).toBe("short");
  });

  it("short keeps the club account's fields; long adds date of birth, postcode and phone", () => {
    expect(REGISTRATION_FIELDS.short).toEqual(["forename", "surname", "email", "password"]);
    expect(REGISTRATION_FIELDS.long.filter((f) => !REGISTRATION_FIELDS.short.includes(f))).toEqual(["dateOfBirth", "postcode", "phone"]);
  });
});
