/**
 * Whether a signed-in supporter is an adult, for one purpose: family mode (spec §1, on by default)
 * starts off for an adult whose sign-in service sent a date of birth. Without a date of birth
 * nothing changes; a supporter's own choice (the footer switch, 'Show all teams') always wins
 * (src/app/viewer-preferences.ts).
 */

export const ADULT_AGE = 18;

/**
 * Set by the worker at sign-in when the account's date of birth makes the supporter 18 or over
 * (setAdultHint in worker/auth/session-cookie.ts), cleared with the session: no identity, only
 * what changes family mode's default. The page cache keys on the resulting mode, not on the cookie.
 */
export const ADULT_HINT_COOKIE = "rovers_adult";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * A date of birth as a sign-in service sends it (an OIDC `birthdate` claim, the dev portal's long
 * form): a real calendar date YYYY-MM-DD from 1900 on, else null. OIDC's '0000-MM-DD' (year
 * withheld) and a bare year say too little for an age, so they are null too.
 */
export function birthdateOf(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const match = DATE.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || month < 1 || month > 12 || day < 1) return null;
  const days = [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days ? value.trim() : null;
}

/**
 * 18 or over on `today` (YYYY-MM-DD, the club's London date): the 18th birthday has come. Someone
 * born on 29 February comes of age on 1 March in a year without one, as English law counts it.
 * A missing or unreadable date of birth is no adult.
 */
export function isAdult(birthdate: string | null | undefined, today: string): boolean {
  const born = birthdateOf(birthdate);
  if (born === null || !DATE.test(today)) return false;
  const year = Number(born.slice(0, 4)) + ADULT_AGE;
  const monthDay = born.slice(5) === "02-29" && !isLeap(year) ? "03-01" : born.slice(5);
  return today >= `${year}-${monthDay}`;
}

/**
 * Family mode for a page: the supporter's explicit choice ('1' on, '0' off) when there is one;
 * otherwise off for a signed-in adult and on for everyone else (spec §1's default).
 */
export function childFriendlyOf(choice: string | undefined, adult: boolean): boolean {
  if (choice === "0") return false;
  if (choice === "1") return true;
  return !adult;
}
