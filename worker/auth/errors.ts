/**
 * Why a sign-in failed, as a stable code. The texts the browser shows for each live in
 * src/account/login-messages.ts (spec §5 and §8).
 */
export type SignInErrorCode =
  /** token refused, exchange failed, state mismatch: 'There was a problem logging in' */
  | "LOGIN_FAILED"
  /** the login portal's auth_string cookie failed validation (spec §5) */
  | "COOKIE_TAMPERED"
  /** direct login: wrong username or password */
  | "INVALID_CREDENTIALS"
  /** the provider is unreachable or answered nonsense */
  | "PROVIDER_UNAVAILABLE";

export class SignInError extends Error {
  override name = "SignInError";
  constructor(
    readonly code: SignInErrorCode,
    /** for logs only; never shown to the user (it may name what was wrong with a token) */
    readonly logDetail: string,
    /** shown under the direct-login fields (spec §8 'Login failure: the error's message text') */
    readonly userMessage?: string,
  ) {
    super(`${code}: ${logDetail}`);
  }
}
