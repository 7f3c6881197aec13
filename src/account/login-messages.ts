/**
 * Texts of sign-in outcomes (spec §2 'Route behaviour', §5, §8 'Other messages'), keyed by the
 * stable codes the worker uses (worker/auth/errors.ts). Shared by the worker and the browser.
 */
export const LOGGED_IN_MESSAGE = "Logged In";
export const LOGGED_OUT_MESSAGE = "Logged Out";

export const LOGIN_PROBLEM_TITLE = "There was a problem logging in";
export const TRY_AGAIN_MESSAGE = "Please try again in a few minutes";
export const COOKIE_TAMPERED_MESSAGE = "Could not login. Cookie auth_string tampered with";

export interface LoginErrorText {
  title: string;
  message: string;
}

/** The error notification for a `loginError` code the worker put on the return URL. */
export function loginErrorText(code: string): LoginErrorText {
  if (code === "COOKIE_TAMPERED") return { title: COOKIE_TAMPERED_MESSAGE, message: TRY_AGAIN_MESSAGE };
  return { title: LOGIN_PROBLEM_TITLE, message: TRY_AGAIN_MESSAGE };
}

/** Query parameters the worker adds to a return URL (spec §7 'Other call details'). */
export const LOGIN_SUCCESS_PARAM = "loginSuccess";
export const LOGOUT_SUCCESS_PARAM = "logoutSuccess";
export const LOGIN_ERROR_PARAM = "loginError";
