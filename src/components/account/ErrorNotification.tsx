import { useEffect, useState } from "react";
import { ERROR_COUNTDOWN_SECONDS } from "../../domain/timings";
import { useAppState } from "../../state/store";

/**
 * The error notification (spec §2 'Notifications'): a title, an HTML message and a 30 s
 * countdown; it closes at 0 or with Close. Messages come from the site's own code (the spec's
 * catalogue), never from user input, which is why HTML is allowed in them.
 */
export default function ErrorNotification() {
  const { state, dispatch } = useAppState();
  const { display, title, message } = state.errorNotification;
  const [seconds, setSeconds] = useState(ERROR_COUNTDOWN_SECONDS);

  useEffect(() => {
    if (!display) return;
    setSeconds(ERROR_COUNTDOWN_SECONDS);
    const startedAt = Date.now();
    const timer = setInterval(() => {
      const left = ERROR_COUNTDOWN_SECONDS - Math.floor((Date.now() - startedAt) / 1000);
      if (left <= 0) {
        clearInterval(timer);
        dispatch({ type: "errorNotification/hide" });
      }
      setSeconds(Math.max(0, left));
    }, 1000);
    return () => clearInterval(timer);
  }, [display, title, message, dispatch]);

  if (!display) return null;
  return (
    <div className="error-notification" role="alert" aria-live="assertive">
      <div className="error-notification__body">
        <p className="error-notification__title">{title}</p>
        <div className="error-notification__message" dangerouslySetInnerHTML={{ __html: message }} />
      </div>
      <div className="error-notification__footer">
        <span className="error-notification__countdown" aria-hidden="true">
          {seconds}
        </span>
        <button type="button" className="error-notification__close" onClick={() => dispatch({ type: "errorNotification/hide" })}>
          Close
        </button>
      </div>
    </div>
  );
}
