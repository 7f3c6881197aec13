import { PREFERENCE_COOKIES } from "../../app/viewer-preferences";

/** A year; the cookie is renewed whenever the supporter makes the choice again. */
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The supporter's family-mode choice, from the footer's switch or a page's 'Show all teams'. It is
 * the cookie the worker reads before rendering, so the page is reloaded: the server answers the
 * other page-cache variant, with the sponsors, adverts and teams that mode allows already in the HTML.
 */
export function chooseChildFriendly(on: boolean): void {
  document.cookie = `${PREFERENCE_COOKIES.childFriendly}=${on ? "1" : "0"}; path=/; max-age=${COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
  window.location.reload();
}
