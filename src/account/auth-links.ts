/** Site routes of the worker's sign-in (worker/auth/auth-routes.ts); full page loads, not router links. */
export function loginHref(returnPath: string): string {
  return `/auth/login?returnUrl=${encodeURIComponent(returnPath)}`;
}
/** The same sign-in with the login portal asked to use a social provider (spec §2 'Login form'). */
export function socialLoginHref(returnPath: string, provider: string): string {
  return `${loginHref(returnPath)}&social=${encodeURIComponent(provider)}`;
}
export function registerHref(returnPath: string): string {
  return `/auth/register?returnUrl=${encodeURIComponent(returnPath)}`;
}
export const PROFILE_HREF = "/auth/profile";
export const FORGOT_PASSWORD_HREF = "/auth/forgot-password";
