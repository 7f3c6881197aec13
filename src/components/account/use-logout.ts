import { useCallback } from "react";
import { useAppState } from "../../state/store";
import { LOGOUT_CLOSE_MS } from "../../domain/timings";
import { LOGGED_OUT_MESSAGE } from "../../account/login-messages";
import { setSubscriptionMessage } from "../../account/subscription-status";

/**
 * Logout (spec §4): mark the status as updated by the user, log out at the worker (which revokes
 * the session server-side and tells the portal), clear the user data, and after 600 ms close the
 * account box and show 'Logged Out'.
 */
export function useLogout(): () => Promise<void> {
  const { dispatch } = useAppState();
  return useCallback(async () => {
    dispatch({ type: "login/statusUpdatedByUser" });
    try {
      await fetch("/auth/logout", { method: "POST", credentials: "same-origin", headers: { accept: "application/json" } });
    } catch (error) {
      // The cookie may outlive a failed call, but the page must not pretend to be signed in.
      console.warn("logout call failed", error);
    }
    dispatch({ type: "user/clear" });
    setSubscriptionMessage(null);
    // Not cancelled on unmount: the summary that started it disappears with the user data.
    setTimeout(() => {
      dispatch({ type: "accountPanel/close" });
      dispatch({ type: "accountNotification/show", message: LOGGED_OUT_MESSAGE });
    }, LOGOUT_CLOSE_MS);
  }, [dispatch]);
}
