import { useEffect } from "react";
import { useAppState } from "../../state/store";
import {
  LOGGED_IN_MESSAGE,
  LOGGED_OUT_MESSAGE,
  LOGIN_ERROR_PARAM,
  LOGIN_SUCCESS_PARAM,
  LOGOUT_SUCCESS_PARAM,
  loginErrorText,
} from "../../account/login-messages";
import { runLoginCheck } from "../../account/session-client";
import { setSubscriptionMessage } from "../../account/subscription-status";

/** Query parameters the login check consumes and removes from the URL (spec §2 'Route behaviour'). */
export const CONSUMED_PARAMS = [LOGIN_SUCCESS_PARAM, LOGOUT_SUCCESS_PARAM, LOGIN_ERROR_PARAM, "tokenpayload", "code"] as const;

/**
 * The login check of spec §2 and §4, once per page load, in the browser only (an effect):
 * loginSuccess=true raises 'Logged In', logoutSuccess=true raises 'Logged Out' and clears the
 * user, loginError=<code> raises the error notification; those parameters (and any stray
 * tokenpayload or code) leave the URL through history.replaceState; then /api/session decides
 * logged in or out and, when in, the entitlements are fetched. Call it once, in the layout.
 */
export function useLoginCheck(): void {
  const { dispatch } = useAppState();
  useEffect(() => {
    const url = new URL(window.location.href);
    const params = url.searchParams;
    const loginSuccess = params.get(LOGIN_SUCCESS_PARAM) === "true";
    const logoutSuccess = params.get(LOGOUT_SUCCESS_PARAM) === "true";
    const loginError = params.get(LOGIN_ERROR_PARAM);

    if (CONSUMED_PARAMS.some((name) => params.has(name))) {
      for (const name of CONSUMED_PARAMS) params.delete(name);
      const query = params.toString();
      window.history.replaceState(window.history.state, "", `${url.pathname}${query ? `?${query}` : ""}${url.hash}`);
    }

    if (loginSuccess) dispatch({ type: "accountNotification/show", message: LOGGED_IN_MESSAGE });
    if (logoutSuccess) {
      // logout cleanup: the session is already revoked server-side
      dispatch({ type: "user/clear" });
      setSubscriptionMessage(null);
      dispatch({ type: "accountNotification/show", message: LOGGED_OUT_MESSAGE });
    }
    if (loginError) {
      const text = loginErrorText(loginError);
      dispatch({ type: "errorNotification/show", title: text.title, message: text.message });
    }

    const controller = new AbortController();
    void runLoginCheck(dispatch, controller.signal);
    return () => controller.abort();
  }, [dispatch]);
}
