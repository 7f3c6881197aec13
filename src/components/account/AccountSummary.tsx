import { useState } from "react";
import { LiveDevices } from "./LiveDevices";
import { club } from "../../config/club";
import { buttonClassName } from "../Button";
import Crest from "../Crest";
import { useAppState } from "../../state/store";
import { ENTITLEMENT_CHECK_FAILED_MESSAGE, NO_SUBSCRIPTIONS_MESSAGE } from "../../domain/entitlement-response";
import { PROFILE_HREF } from "../../account/auth-links";
import { firstError } from "../../account/session-client";
import { useSubscriptionMessage } from "../../account/subscription-status";

export interface AccountSummaryProps {
  onLogout: () => void;
}

/** Codes of POST /api/payments/portal meaning 'no payment customer' (spec §8 'You have no subscriptions'). */
const NO_CUSTOMER_CODES = new Set(["NO_CUSTOMER", "NO_STRIPE_CUSTOMER"]);

function portalUrlOf(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const record = body as { url?: unknown; data?: { url?: unknown; attributes?: { url?: unknown } } };
  const url = record.url ?? record.data?.url ?? record.data?.attributes?.url;
  if (typeof url !== "string") return null;
  // the payment provider's portal (https) or the worker's dev stand-in (a same-site path)
  if (/^https?:\/\//.test(url)) return url;
  return url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\") ? url : null;
}

/**
 * The logged-in side of the account panel (spec §2 'Account summary'): heading, crest,
 * 'Welcome back' and the name, Account ID, 'Account Restrictions Bypassed' when bypassed, and
 * Manage Account / View Subscriptions (only with a payment customer) / Log Out.
 */
export default function AccountSummary({ onLogout }: AccountSummaryProps) {
  const { state } = useAppState();
  const { user } = state;
  const subscriptionMessage = useSubscriptionMessage();
  const [portalError, setPortalError] = useState("");
  const [busy, setBusy] = useState(false);

  async function viewSubscriptions() {
    setBusy(true);
    setPortalError("");
    try {
      const response = await fetch("/api/payments/portal", {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ returnURL: window.location.href }),
      });
      const body: unknown = await response.json().catch(() => null);
      const url = response.ok ? portalUrlOf(body) : null;
      if (url) {
        window.location.assign(url);
        return;
      }
      const error = firstError(body);
      setPortalError(error && NO_CUSTOMER_CODES.has(error.code) ? NO_SUBSCRIPTIONS_MESSAGE : (error?.detail ?? ENTITLEMENT_CHECK_FAILED_MESSAGE));
    } catch {
      setPortalError(ENTITLEMENT_CHECK_FAILED_MESSAGE);
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
      {subscriptionMessage ? <p className="account-summary__note">{subscriptionMessage}</p> : null}
      <LiveDevices />
      <div className="account-summary__actions">
        <a className={buttonClassName({ type: "primary-dark" })} href={PROFILE_HREF} target="_blank" rel="noopener noreferrer">
          <span className="btn__text">Manage Account</span>
        </a>
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
