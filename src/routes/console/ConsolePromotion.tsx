import "./console.css";
import "./console-content.css";
import "./console-accounts.css";
import "./console-promotions.css";
import { useState } from "react";
import { Link, useLoaderData, useRevalidator } from "react-router";
import type { promotionLoader } from "./console.loader";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { ConsoleTable, numeric } from "../../components/console/ConsoleTable";
import { formatInClubTime } from "../../domain/date-format";
import { priceDisplayOf } from "../../domain/money";
import { limitsText, promoStatus, termsText } from "../../domain/promo-codes";
import { PromoDeactivate } from "./PromoDeactivate";
import { ConsoleStatus, type ConsoleMessage } from "../../components/console/ConsoleStatus";

const when = (iso: string) => formatInClubTime(iso, "D MMM YYYY, HH:mm");

/**
 * One promo code (/admin/promotions/{id}): its terms, limits and status, its Stripe ids, who made
 * it, and every paid checkout that redeemed it (who, when, how much off, the payment it went with),
 * newest first. Deactivate is here too, asked first. `commerce.manage` only.
 */
export default function ConsolePromotion() {
  const { code, redemptions, now, access } = useLoaderData<typeof promotionLoader>();
  const { revalidate } = useRevalidator();
  const [message, setMessage] = useState<ConsoleMessage>(null);
  const status = promoStatus(code, new Date(now));
  const canOpenAccounts = access.capabilities.includes("accounts.view");
  const summary =
    code.redemptions === 0 ? "Not redeemed yet" : `Redeemed ${code.redemptions} ${code.redemptions === 1 ? "time" : "times"}, ${priceDisplayOf(code.discountPence)} off in all`;

  const terms: [string, string][] = [
    ["Discount", termsText(code)],
    ["Limits", limitsText(code)],
    ["Status", status],
    ["Created", `${when(code.createdAt)} by ${code.createdBy}`],
    ...(code.deactivatedAt ? ([["Deactivated", when(code.deactivatedAt)]] as [string, string][]) : []),
    ["Stripe coupon", code.stripeCouponId],
    ["Stripe promotion code", code.stripePromotionCodeId],
  ];

  return (
    <ConsoleFrame access={access} title={`Promo code ${code.code}`}>
      <section className="console__section" aria-labelledby="promotion-heading">
        <p className="console__back">
          <Link to="/admin/promotions">All promo codes</Link>
        </p>
        <h2 id="promotion-heading" className="console__heading console-promotions__code">
          {code.code}
        </h2>
        <ConsoleStatus message={message} />
        <dl className="console__facts">
          {terms.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd className={term.startsWith("Stripe") ? "console-promotions__id" : undefined}>{value}</dd>
            </div>
          ))}
        </dl>
        {code.active ? (
          <PromoDeactivate
            id={code.id}
            code={code.code}
            onDone={(text, kind) => {
              setMessage({ kind, text });
              void revalidate();
            }}
          />
        ) : null}
        <h3 className="console__subheading" id="redemptions-heading">
          {summary}
        </h3>
        {redemptions.length === 0 ? (
          <p className="console-promotions__note">A redemption shows here once its checkout is paid.</p>
        ) : (
          <ConsoleTable
            labelledBy="redemptions-heading"
            columns={["Supporter", "When (London)", numeric("Discount"), "Payment"]}
            rows={redemptions}
            row={(r) => (
              <tr key={r.sessionId} data-redemption={r.sessionId}>
                <th scope="row" className="console-promotions__id">
                  {r.ssoID && r.email && canOpenAccounts ? <Link to={`/admin/accounts/${encodeURIComponent(r.ssoID)}`}>{r.email}</Link> : (r.email ?? "A removed account")}
                </th>
                <td>{when(r.redeemedAt)}</td>
                <td className="console__num">{priceDisplayOf(r.discountPence)}</td>
                <td className="console-promotions__id">{r.paymentReference ?? r.sessionId}</td>
              </tr>
            )}
          />
        )}
        {code.redemptions > redemptions.length ? <p className="console-promotions__note">The latest {redemptions.length} are listed; the count above covers them all.</p> : null}
      </section>
    </ConsoleFrame>
  );
}
