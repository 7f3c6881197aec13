import { createContext, useContext } from "react";

/**
 * "Probably signed in", for the first paint only. The worker sets a cookie without identity
 * (rovers_signed_in=1, worker/auth/session-cookie.ts) at sign-in and clears it at logout or when
 * the session is refused; the page cache keeps a signed-in variant of each page rendered with
 * this flag on, so the header says 'Profile' from the first paint. The browser reads the flag
 * back from <html data-signed-in> for hydration. /api/session still decides who is signed in.
 */
export const SIGNED_IN_HINT_ATTRIBUTE = "data-signed-in";

export const SignedInHintContext = createContext(false);

export function useSignedInHint(): boolean {
  return useContext(SignedInHintContext);
}
