import { useRef } from "react";
import { useLocation } from "react-router";
import Icon from "../Icon";
import { useAppState } from "../../state/store";
import { useDialogFocus } from "../use-dialog-focus";
import AccountSummary from "./AccountSummary";
import LoginForm from "./LoginForm";
import { useLogout } from "./use-logout";
import { CONSUMED_PARAMS } from "./use-login-check";

/** The page to come back to after signing in: the current one, minus the login check's own parameters. */
function currentReturnPath(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const name of CONSUMED_PARAMS) params.delete(name);
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ""}`;
}

/**
 * The account panel (spec §2 'Account', §4 'Panels and background lock'): 320 px, from the
 * right; the close button, the underlay and Escape close it. Logged out it shows the login
 * form (the username/password one when the worker's DIRECT_LOGIN is on, as /api/session tells),
 * logged in the account summary. Always rendered (inert while closed) so it can slide.
 * A modal dialog: focus moves in, Tab stays inside, and focus returns to the opener on closing.
 */
export default function AccountPanel() {
  const { state, dispatch } = useAppState();
  const { pathname, search } = useLocation();
  const logout = useLogout();
  const open = state.accountHeaderOpen;
  const close = () => dispatch({ type: "accountPanel/close" });
  const panelRef = useRef<HTMLDivElement>(null);
  useDialogFocus(open, panelRef, { onClose: close, modal: true });

  return (
    <div className={`account-panel-root${open ? " is-open" : ""}`}>
      {open ? <div className="account-underlay" onClick={close} aria-hidden="true" data-testid="account-underlay" /> : null}
      <div
        ref={panelRef}
        className="account-panel"
        role="dialog"
        aria-modal={open}
        aria-labelledby="account-panel-heading"
        aria-hidden={!open}
        inert={!open}
        id="account-panel"
      >
        <button type="button" className="panel-close" onClick={close} aria-label="Close account panel">
          <Icon name="close" size={20} />
        </button>
        {state.user.loggedIn ? (
          <AccountSummary onLogout={() => void logout()} />
        ) : (
          <LoginForm directLogin={state.directLogin} returnPath={currentReturnPath(pathname, search)} />
        )}
      </div>
    </div>
  );
}
