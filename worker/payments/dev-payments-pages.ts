import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { club } from "../../src/config/club";
import { standaloneHead } from "../pages/standalone-head";
import { DEV_PAYMENTS_PATH } from "./dev-payments-paths";

/**
 * Pages of the embedded dev checkout and dev portal (development and test only), styled like a
 * hosted checkout: the club and summary on the left, the payment form on the right. Every
 * interpolation goes through hono/html's escaping; styles from /dev-payments/checkout.css.
 */
type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export const FIRST_MONTH_PROMO = "FIRSTMONTH";

function layout(title: string, body: Html): Html {
  return html`<!doctype html>
<html lang="en-GB">
  ${standaloneHead({ title: `${title} | ${club.name}`, stylesheet: `${DEV_PAYMENTS_PATH}/checkout.css` })}
  <body>
    <main class="checkout">${body}</main>
    <p class="checkout__note">Development checkout: no card is charged and nothing leaves this machine.</p>
  </body>
</html>`;
}

export interface CheckoutSummary {
  sessionId: string;
  packageTitle: string;
  priceDisplay: string;
  amountPence: number;
  interval: "month" | "year" | null;
  email: string;
  /** the code applied: its text, its terms ('first month free', '50% off once') and the discount on this charge */
  promo?: { code: string; label: string; discountPence: number };
  error?: string;
}

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

/** What is due today: the price less the applied code's discount on this first charge. */
export function dueToday(summary: Pick<CheckoutSummary, "amountPence" | "promo">): number {
  return summary.amountPence - (summary.promo?.discountPence ?? 0);
}

export function checkoutPage(s: CheckoutSummary): Html {
  const due = dueToday(s);
  const action = `${DEV_PAYMENTS_PATH}/checkout/${s.sessionId}`;
  const per = s.interval ? ` per ${s.interval}` : "";
  return layout(
    "Checkout",
    html`<section class="checkout__summary" aria-labelledby="summary-heading">
        <form method="post" action="${action}/cancel"><button class="checkout__back" type="submit">← Cancel</button></form>
        <p class="checkout__merchant">${club.name}</p>
        <h1 id="summary-heading">${s.packageTitle}</h1>
        <p class="checkout__amount">${pounds(s.amountPence)}<span>${per}</span></p>
        <dl class="checkout__lines">
          <div><dt>${s.packageTitle}</dt><dd>${s.priceDisplay}</dd></div>
          ${s.promo && due !== s.amountPence ? html`<div><dt>${s.promo.code} (${s.promo.label})</dt><dd data-testid="discount">−${pounds(s.promo.discountPence)}</dd></div>` : ""}
          <div class="checkout__total"><dt>Total due today</dt><dd data-testid="due-today">${pounds(due)}</dd></div>
        </dl>
      </section>
      <section class="checkout__pay" aria-labelledby="pay-heading">
        <h2 id="pay-heading">Pay with card</h2>
        <form method="post" action="${action}/promo" class="checkout__promo">
          <label for="promo">Promotion code</label>
          <div><input id="promo" name="promo" autocomplete="off" value="${s.promo?.code ?? ""}" /><button type="submit">Apply</button></div>
          ${s.error ? html`<p class="checkout__error" role="alert">${s.error}</p>` : ""}
        </form>
        <form method="post" action="${action}/pay">
          <input type="hidden" name="promo" value="${s.promo?.code ?? ""}" />
          <label for="email">Email</label>
          <input id="email" value="${s.email}" readonly />
          <label for="card">Card information</label>
          <input id="card" value="4242 4242 4242 4242" readonly />
          <button class="checkout__submit" type="submit">${s.interval ? "Subscribe" : "Pay"} ${pounds(due)}</button>
        </form>
      </section>`,
  );
}

export interface PortalSubscription {
  id: string;
  title: string;
  priceDisplay: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  periodEnd: string | null;
}

export function portalPage(subs: PortalSubscription[], returnPath: string): Html {
  const action = `${DEV_PAYMENTS_PATH}/portal/cancel`;
  return layout(
    "Your subscriptions",
    html`<section class="checkout__summary">
        <a class="checkout__back" href="${returnPath}">← Return to ${club.name}</a>
        <p class="checkout__merchant">${club.name}</p>
        <h1>Your subscriptions</h1>
      </section>
      <section class="checkout__pay">
        ${subs.length === 0 ? html`<p>You have no subscriptions</p>` : ""}
        ${subs.map(
          (s) => html`<article class="portal-sub">
            <h2>${s.title}</h2>
            <p>${s.priceDisplay} · <strong>${s.status === "canceled" ? "Cancelled" : s.cancelAtPeriodEnd ? `Cancels ${s.periodEnd?.slice(0, 10) ?? "at period end"}` : "Active"}</strong></p>
            ${s.status === "canceled"
              ? ""
              : html`<form method="post" action="${action}">
                  <input type="hidden" name="subscription" value="${s.id}" />
                  <input type="hidden" name="return" value="${returnPath}" />
                  ${s.cancelAtPeriodEnd ? "" : html`<button type="submit" name="when" value="period-end">Cancel subscription</button>`}
                  <button type="submit" name="when" value="now" class="portal-sub__now">Cancel now (testing)</button>
                </form>`}
          </article>`,
        )}
      </section>`,
  );
}

export function notFoundPage(): Html {
  return layout("Checkout not found", html`<section class="checkout__pay"><h1>This checkout has ended</h1></section>`);
}

export const CHECKOUT_CSS = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1f36;background:#fff}
.checkout{display:grid;grid-template-columns:1fr;min-height:90vh}
@media(min-width:900px){.checkout{grid-template-columns:1fr 1fr}.checkout__summary{padding:80px 64px 40px 18%!important}.checkout__pay{padding:80px 18% 40px 64px!important;box-shadow:-12px 0 24px -16px rgba(0,0,0,.15)}}
.checkout__summary{background:#0b2d1f;color:#fff;padding:24px}
.checkout__summary h1{font-size:1.1rem;font-weight:500;margin:.5rem 0;color:#e6ebf1}
.checkout__merchant{font-weight:600;margin:1rem 0 0}
.checkout__amount{font-size:2.25rem;font-weight:700;margin:.25rem 0 1.5rem}.checkout__amount span{font-size:1rem;font-weight:400;color:#c9d2dc;margin-left:.4rem}
.checkout__lines div{display:flex;justify-content:space-between;border-top:1px solid rgba(255,255,255,.2);padding:.6rem 0}.checkout__lines dd{margin:0}
.checkout__total{font-weight:700}
.checkout__back{background:none;border:0;color:#d4af37;font:inherit;cursor:pointer;padding:0;text-decoration:none}
.checkout__pay{padding:24px}.checkout__pay h2{font-size:1.25rem}
label{display:block;font-size:.875rem;color:#4f566b;margin:1rem 0 .25rem}
input{width:100%;padding:.65rem .75rem;border:1px solid #c9d2dc;border-radius:6px;font:inherit}
.checkout__promo div{display:flex;gap:.5rem}.checkout__promo button{padding:0 1rem;border:1px solid #0b6e4f;color:#0b6e4f;background:#fff;border-radius:6px;font:inherit;cursor:pointer}
.checkout__error{color:#b3261e;margin:.25rem 0 0}
.checkout__submit,.portal-sub button{margin-top:1.5rem;width:100%;padding:.8rem;border:0;border-radius:6px;background:#0b6e4f;color:#fff;font:inherit;font-weight:600;cursor:pointer}
.portal-sub{border:1px solid #e3e8ee;border-radius:8px;padding:1rem;margin-bottom:1rem}.portal-sub h2{margin:0}
.portal-sub button.portal-sub__now{background:#fff;color:#b3261e;border:1px solid #b3261e;margin-top:.5rem}
:focus-visible{outline:3px solid #d4af37;outline-offset:2px}
.checkout__note{text-align:center;color:#4f566b;font-size:.8rem;margin:1rem}
`;
