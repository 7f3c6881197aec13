import { PREFERENCE_COOKIES } from "../../app/viewer-preferences";
import { useAppState } from "../../state/store";

/** A year; the cookie is renewed whenever the supporter flips the switch. */
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The footer's child-friendly switch (spec §1: default on). The choice is the
 * cookie the worker reads before rendering, so the page is reloaded: the server answers the other
 * page-cache variant, with the sponsors, adverts and teams that mode allows already in the HTML.
 */
export default function ChildFriendlySwitch() {
  const { state, dispatch } = useAppState();
  const on = state.childFriendly;
  const toggle = () => {
    const next = !on;
    document.cookie = `${PREFERENCE_COOKIES.childFriendly}=${next ? "1" : "0"}; path=/; max-age=${COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
    dispatch({ type: "childFriendly/set", childFriendly: next });
    window.location.reload();
  };
  return (
    <button type="button" role="switch" aria-checked={on} className="child-friendly-switch" onClick={toggle}>
      <span className="child-friendly-switch__track" aria-hidden="true">
        <span className="child-friendly-switch__thumb" />
      </span>
      <span className="child-friendly-switch__label">Child-friendly mode</span>
      <span className="child-friendly-switch__state" aria-hidden="true">
        {on ? "On" : "Off"}
      </span>
    </button>
  );
}
