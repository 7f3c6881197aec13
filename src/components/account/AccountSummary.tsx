import { useState } from "react";
import { LiveDevices } from "./LiveDevices";
import { club } from "../../config/club";
import { buttonClassName } from "../Button";
import Crest from "../Crest";
import { useAppState } from "../../state/store";
import { PROFILE_HREF } from "../../account/auth-links";
import { openCustomerPortal } from "../../account/customer-portal";
import { useSubscriptionMessage } from "../../account/subscription-status";
import { DEBUG_HELP_SETTING, debugHelpOn, debugPackageList } from "../../domain/debug-help";
import { useWebSetting } from "../use-web-settings";
import { FAQ_PATH } from "../../domain/access-status";
import { clubGivenAccess } from "../../domain/package-purchase";

export interface AccountSummaryProps {
  onLogout: () => void;
}

/**
 * The logged-in side of the account panel (spec §2 'Account summary'): heading, crest,
 * 'Welcome back' and the name, Account ID, 'Account Restrictions Bypassed' when bypassed, and
 * Manage Account / View Packages (the packages modal) / View Subscriptions (only with a payment
 * customer) / Log Out. An account whose access the club gave (no payment customer) is told so, as
 * a package's 'Manage Subscriptions' leads here and there is no payment to manage. With debug help on (web setting `account.debugHelp`), the packages the site
 * sees on the account.
 */
export default function AccountSummary({ onLogout }: AccountSummaryProps) {
  const { state, dispatch } = useAppState();
  const { user } = state;
  const subscriptionMessage = useSubscriptionMessage();
  const [portalError, setPortalError] = useState("");
  const debugHelp = debugHelpOn(useWebSetting(DEBUG_HELP_SETTING, ""));
  const [busy, setBusy] = useState(false);
  const clubGiven = clubGivenAccess(user);

  async function viewSubscriptions() {
    setBusy(true);
    setPortalError("");
    try {
      setPortalError(await openCustomerPortal());
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="account-summary">
      <h2 className="account-panel__heading" id="account-panel-heading">
        {club.accountName}
      </h2>
      <Crest className="account-summary__logo" title={club.name} />
      <p className="account-summary__welcome">
        Welcome back <strong className="account-summary__name">{user.userDisplayName}</strong>
      </p>
      <dl className="account-summary__details">
        <dt>Account ID</dt>
        <dd>{user.ssoID}</dd>
      </dl>
      {user.bypassed ? <p className="account-summary__bypassed">Account Restrictions Bypassed</p> : null}
      {debugHelp ? (
        <div className="account-summary__debug">
          <h3 className="account-summary__debug-title">Packages on this account</h3>
          {user.entitlements && user.entitlements.length > 0 ? (
            <ul className="account-summary__debug-list">
              {debugPackageList(user.entitlements).map((code) => (
                <li key={code}>
                  <code>{code}</code>
                </li>
              ))}
            </ul>
          ) : (
            <p className="account-summary__debug-list">None</p>
          )}
        </div>
      ) : null}
      {subscriptionMessage ? <p className="account-summary__note">{subscriptionMessage}</p> : null}
      {clubGiven ? (
        <p className="account-summary__note">
          Your {club.tvName} access was given by the club, so there is no payment to manage. <a href={FAQ_PATH}>Questions? Read the FAQs</a>
        </p>
      ) : null}
      <LiveDevices />
      <div className="account-summary__actions">
        <a className={buttonClassName({ type: "primary-dark" })} href={PROFILE_HREF} target="_blank" rel="noopener noreferrer">
          <span className="btn__text">Manage Account</span>
        </a>
        {/* the default layout's packages modal, in the panel's place (spec §2) */}
        <button type="button" className={buttonClassName({ type: "ghost-dark" })} onClick={() => dispatch({ type: "packages/open" })}>
          <span className="btn__text">View Packages</span>
        </button>
        {user.stripeCustomerID ? (
          <button type="button" className={buttonClassName({ type: "ghost-dark" })} onClick={viewSubscriptions} disabled={busy}>
            <span className="btn__text">View Subscriptions</span>
          </button>
        ) : null}
        {portalError ? (
          <p className="account-summary__error" role="alert">
            {portalError}
          </p>
        ) : null}
        <button type="button" className={buttonClassName({ type: "label-dark" })} onClick={onLogout}>
          <span className="btn__text">Log Out</span>
        </button>
      </div>
    </div>
  );
}
