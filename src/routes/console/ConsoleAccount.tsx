import "./console.css";
import "./console-accounts.css";
import "./console-content.css";
import "./console-care.css";
import { useState } from "react";
import { Link, useLoaderData, useRevalidator } from "react-router";
import type { accountLoader } from "./console.loader";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { numeric, TitledTable } from "../../components/console/ConsoleTable";
import { AccountBadges } from "../../components/console/AccountBadges";
import { AccountActions } from "../../components/console/AccountActions";
import { utcMinute } from "../../components/console/console-time";
import type { EntitlementSource } from "../../schemas/console-accounts";
import { consoleWrite } from "../../components/console/console-write";
import { ConfirmedAction } from "../../components/console/care/ConfirmedAction";
import { RefundAction } from "../../components/console/care/RefundAction";
import { GrantForm } from "../../components/console/care/GrantForm";
import { ExtendForm } from "../../components/console/care/ExtendForm";
import { GrantsTable } from "../../components/console/care/GrantsTable";
import { NotesPanel } from "../../components/console/care/NotesPanel";

const SOURCE_KIND: Record<EntitlementSource["kind"], string> = { club: "Club", subscription: "Subscription", "match-pass": "Match pass", complimentary: "Complimentary", bypass: "Bypass" };

/**
 * One account in the console: its state and actions, its entitlements with where
 * each comes from, its payments, its live sessions and devices, and the latest changes made to it.
 */
export default function ConsoleAccount() {
  const { detail, access } = useLoaderData<typeof accountLoader>();
  const { account } = detail;
  const { revalidate } = useRevalidator();
  const [done, setDone] = useState("");
  // Supporter care's writes: none on one's own account (the worker refuses them too), none without accounts.support.
  const canCare = account.ssoID !== access.ssoID && access.capabilities.includes("accounts.support");
  const changed = async (text = "") => {
    setDone(text);
    await revalidate();
  };
  return (
    <ConsoleFrame access={access} title={account.email}>
      <p className="console__back">
        <Link to="/admin/accounts">← Find another account</Link>
      </p>
      <section className="console__section" aria-labelledby="account-heading">
        <h2 id="account-heading" className="console__heading console-accounts__email">{account.email}</h2>
        <dl className="console__facts">
          <div>
            <dt>Name</dt>
            <dd>{account.displayName || "–"}</dd>
          </div>
          <div>
            <dt>Account id</dt>
            <dd className="console-accounts__id">{account.ssoID}</dd>
          </div>
          <div>
            <dt>State</dt>
            <dd data-state>
              <AccountBadges account={account} />
              {account.blockedReason === "country" ? " (country)" : null}
            </dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>{utcMinute(account.createdAt)}</dd>
          </div>
          <div>
            <dt>Last signed out everywhere</dt>
            <dd>{account.sessionsValidAfter ? utcMinute(account.sessionsValidAfter) : "Never"}</dd>
          </div>
        </dl>

        <h3 className="console__subheading">Actions</h3>
        {/* No actions on one's own account (the worker refuses them: OWN_ACCOUNT), nor without the support capability. */}
        {account.ssoID === access.ssoID ? (
          <p className="console__empty">This is your own account: another member of staff changes it.</p>
        ) : access.capabilities.includes("accounts.support") ? (
          <AccountActions account={account} />
        ) : (
          <p className="console__empty">Your role can look at accounts but not change them.</p>
        )}

        <TitledTable
          id="entitlements"
          title="Entitlements"
          empty="None: the account watches what is free."
          columns={["Entitlement", "From"]}
          rows={detail.entitlements}
          row={(e) => (
            <tr key={e.code} data-entitlement={e.code}>
              <th scope="row">{e.code}</th>
              <td>
                {e.sources.length === 0 ? (
                  "Payments (recomputed at the next webhook)"
                ) : (
                  <ul className="console-accounts__sources">
                    {e.sources.map((s, i) => (
                      <li key={i} data-source={s.kind}>
                        {/* A grant's label says it all: "Complimentary until 24 Dec 2026: <reason>". */}
                        {s.kind === "complimentary" ? <strong>{s.label}</strong> : <><strong>{SOURCE_KIND[s.kind]}</strong>: {s.label}</>}
                        {s.reference ? <span className="console-accounts__id"> {s.reference}</span> : null}
                        {s.endsAt && s.kind !== "complimentary" ? `, ends ${utcMinute(s.endsAt)}` : null}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          )}
        />

        {canCare ? (
          <div className="care__forms">
            <GrantForm ssoID={account.ssoID} grantable={detail.grantable} onGranted={changed} />
            <ExtendForm ssoID={account.ssoID} payments={detail.payments} onExtended={changed} />
          </div>
        ) : null}
        <p className="console-accounts__done" role="status" aria-live="polite">
          {done}
        </p>
        <GrantsTable ssoID={account.ssoID} grants={detail.grants} canWrite={canCare} onChanged={() => changed()} />

        <TitledTable
          id="payments"
          title="Payments"
          empty="No subscription or match pass."
          columns={["Package", "Kind", "Price", "Status", "Date", "Reference", ...(canCare ? ["Refund or cancel"] : [])]}
          rows={detail.payments}
          row={(p) => (
            <tr key={`${p.kind}-${p.reference}`}>
              <th scope="row">{p.package}</th>
              <td>{p.kind === "subscription" ? "Subscription" : "Match pass"}</td>
              <td>{p.price}</td>
              <td>
                {p.status}
                {p.reversed ? ", refunded or disputed" : ""}
                {p.cancelAtPeriodEnd && p.periodEnd ? `, ends ${utcMinute(p.periodEnd)}` : p.periodEnd ? `, renews ${utcMinute(p.periodEnd)}` : ""}
              </td>
              <td>{utcMinute(p.createdAt)}</td>
              <td className="console-accounts__id">{p.reference}</td>
              {canCare ? (
                <td>
                  {p.paidPence > p.refundedPence && !p.reversed ? (
                    <RefundAction ssoID={account.ssoID} reference={p.reference} label={p.package} paidPence={p.paidPence} refundedPence={p.refundedPence} onDone={() => changed()} />
                  ) : null}
                  {p.kind === "subscription" && p.status !== "canceled" ? (
                    <>
                      {p.cancelAtPeriodEnd ? null : (
                        <ConfirmedAction
                          label="Cancel at period end"
                          name={`Cancel at period end: ${p.package}`}
                          title={`Cancel ${p.package} at its period's end?`}
                          consequence="It does not renew: the access stays until the period ends, then goes."
                          yes="Yes, cancel at period end"
                          dataAction="cancel-period-end"
                          run={() => consoleWrite("POST", `/accounts/${encodeURIComponent(account.ssoID)}/subscriptions/${encodeURIComponent(p.reference)}/cancel`, { when: "period-end" })}
                          onDone={() => changed()}
                        />
                      )}
                      <ConfirmedAction
                        label="Cancel now"
                        name={`Cancel now: ${p.package}`}
                        title={`Cancel ${p.package} now?`}
                        consequence="The subscription ends now: its access and the account's live streams on it end at once. Nothing is refunded by this; refund the payment too if that is owed."
                        yes="Yes, cancel now"
                        dataAction="cancel-now"
                        run={() => consoleWrite("POST", `/accounts/${encodeURIComponent(account.ssoID)}/subscriptions/${encodeURIComponent(p.reference)}/cancel`, { when: "now" })}
                        onDone={() => changed()}
                      />
                    </>
                  ) : null}
                </td>
              ) : null}
            </tr>
          )}
        />

        <TitledTable
          id="live-sessions"
          title="Devices and live sessions"
          empty="No live stream is open on this account."
          intro={<p className="console-accounts__devices">{detail.devices.map((d) => `${d.device} × ${d.sessions}`).join(", ")}</p>}
          columns={["Device", "Stream", "Started", "Last seen", "Connected", ...(canCare ? ["Sign out"] : [])]}
          rows={detail.liveSessions}
          row={(s) => (
            <tr key={s.id} data-session={s.id}>
              <th scope="row">{s.device}</th>
              <td>{s.assetID}</td>
              <td>{utcMinute(s.startedAt)}</td>
              <td>{utcMinute(s.lastSeenAt)}</td>
              <td>{s.connected ? "Yes" : "No"}</td>
              {canCare ? (
                <td>
                  <ConfirmedAction
                    label="Sign out"
                    name={`Sign out ${s.device}`}
                    title={`Sign out ${s.device}?`}
                    consequence="That device's site session and live stream end now; it must sign in again. The account's other devices carry on."
                    yes="Yes, sign out this device"
                    dataAction="sign-out-device"
                    run={() => consoleWrite("POST", `/accounts/${encodeURIComponent(account.ssoID)}/sessions/${encodeURIComponent(s.id)}/sign-out`)}
                    onDone={() => changed()}
                  />
                </td>
              ) : null}
            </tr>
          )}
        />

        <h3 className="console__subheading" id="notes">
          Notes
        </h3>
        <NotesPanel ssoID={account.ssoID} notes={detail.notes} canWrite={canCare} onSaved={changed} />

        <TitledTable
          id="changes"
          title="Latest changes"
          empty="Nobody has changed this account through the admin API or the console."
          columns={["When", "Who", "What", numeric("Answer")]}
          rows={detail.audit}
          row={(a, i) => (
            <tr key={i}>
              <td>{utcMinute(a.at)}</td>
              <td className="console-accounts__id">{a.actor}</td>
              <td>{a.action}</td>
              <td className="console__num">{a.status}</td>
            </tr>
          )}
        />
      </section>
    </ConsoleFrame>
  );
}




