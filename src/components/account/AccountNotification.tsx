import { useEffect } from "react";
import { ACCOUNT_NOTIFICATION_MS } from "../../domain/timings";
import { useAppState } from "../../state/store";

/** 'Logged In' / 'Logged Out' and similar (spec §2 'Notifications'): closes itself after 4 s. */
export default function AccountNotification() {
  const { state, dispatch } = useAppState();
  const { display, message } = state.accountNotification;

  useEffect(() => {
    if (!display) return;
    const timer = setTimeout(() => dispatch({ type: "accountNotification/hide" }), ACCOUNT_NOTIFICATION_MS);
    return () => clearTimeout(timer);
  }, [display, message, dispatch]);

  return (
    <div className={`account-notification${display ? " is-visible" : ""}`} role="status" aria-live="polite">
      {display ? <p className="account-notification__message">{message}</p> : null}
    </div>
  );
}
