/**
 * Spec §9 'Registration form is 'short''. Registration happens at the login portal; the site tells
 * the portal which form to show (`form=short|long` on the register link) from the web setting
 * `login.registrationForm`. Short keeps only what a club account needs to exist and sign in (email,
 * password, first and last name: the name is what the account panel greets); long adds date of
 * birth, postcode and phone, which the club may want for age checks and contact but which nobody
 * needs to watch or buy, so they are not asked by default.
 */
export const REGISTRATION_FORM_SETTING = "login.registrationForm";
export const REGISTRATION_FORMS = ["short", "long"] as const;
export type RegistrationForm = (typeof REGISTRATION_FORMS)[number];

export const REGISTRATION_FIELDS: Readonly<Record<RegistrationForm, readonly string[]>> = {
  short: ["forename", "surname", "email", "password"],
  long: ["forename", "surname", "email", "password", "dateOfBirth", "postcode", "phone"],
};

/** The form a setting (or the portal's `form` parameter) names; anything else is the spec's short. */
export function registrationFormOf(value: string | null | undefined): RegistrationForm {
  const chosen = value?.trim().toLowerCase();
  return chosen === "long" ? "long" : "short";
}
