import { useEffect, useRef, useState } from "react";
import type { Package, Price } from "../../schemas/videos";
import { useAppState } from "../../state/store";
import { planButtonText } from "../../domain/subscription-plan";
import { LOGIN_TO_PURCHASE_LABEL, holdsEntitlement, priceButtonLabel, purchaseAction } from "../../domain/package-purchase";
import { packageCardHeight } from "../../domain/package-card-height";
import { packageCardStyle } from "../../domain/package-card-style";
import { Picture } from "../Picture";
import { MediaIcon } from "../video/MediaIcon";
import Button from "../Button";
import { startCheckout } from "./start-checkout";
import { priceElementId } from "./show-price";

export function formatPence(pence: number): string {
  return `£${(pence / 100).toFixed(2)}`;
}

/** 'Buy - £1.99 p/m' for monthly prices (spec §2 'Packages'), 'Buy - £14.99 p/a' yearly, 'Buy - £4.99' once. */
export function buyLabel(price: Price): string {
  return planButtonText({ Duration: price.interval === "month" ? null : (price.interval ?? "once"), AmountFormatted: formatPence(price.amountPence) });
}

function intervalText(price: Price): string {
  if (price.type !== "recurring") return "one-off";
  return price.interval === "month" ? "per month" : "per year";
}

/** A package with its prices; the info button flips it to the back (further information). */
export function PackageCard({ pkg, widgetStyle }: { pkg: Package; widgetStyle: "light" | "dark" }) {
  const { state, dispatch } = useAppState();
  const [flipped, setFlipped] = useState(false);
  // The hidden face is inert (out of the tab order and the accessibility tree, links in its CMS
  // HTML included); focus follows the flip so a keyboard user is never left on an inert button.
  const flipRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const flippedOnce = useRef(false);
  useEffect(() => {
    if (!flippedOnce.current && !flipped) return;
    flippedOnce.current = true;
    (flipped ? closeRef : flipRef).current?.focus({ preventScroll: true });
  }, [flipped]);
  const { loggedIn, entitlements } = state.user;
  const cardStyle = packageCardStyle(widgetStyle, pkg.mode);
  const audio = /audio/i.test(pkg.title) || /audio|headphone/i.test(pkg.icon);

  function purchase(price: Price) {
    const action = purchaseAction({ loggedIn, userEntitlements: entitlements, priceEntitlements: price.entitlements });
    if (action === "loginPrompt") dispatch({ type: "loginPrompt/open", message: LOGIN_TO_PURCHASE_LABEL });
    else if (action === "openAccountPanel") dispatch({ type: "accountPanel/open" });
    else void startCheckout(pkg.id, price.id);
  }

  return (
    <article
      className={`package-card package-card--${pkg.mode} package-card--${cardStyle}${flipped ? " is-flipped" : ""}`}
      style={{ height: packageCardHeight(pkg.prices.length) }}
    >
      <div className="package-card__face package-card__front" inert={flipped}>
        <div className={`package-card__top package-card__top--${pkg.displayType}`}>
          {pkg.displayType === "background-image" ? (
            <div className="package-card__bg" aria-hidden="true">
              <Picture imageKey={pkg.imageKey} w={800} h={450} alt="" />
            </div>
          ) : (
            <span className="package-card__icon" aria-hidden="true">
              <MediaIcon name={audio ? "headphones" : "play"} />
            </span>
          )}
          {pkg.customLabel ? <span className="package-card__label">{pkg.customLabel}</span> : null}
          <h3 className="package-card__title">{pkg.title}</h3>
          <button type="button" ref={flipRef} className="package-card__flip" onClick={() => setFlipped(true)} aria-label={`More about ${pkg.title}`}>
            i
          </button>
        </div>
        {/* Package texts are CMS HTML, sanitised by the server. */}
        <div className="package-card__description" dangerouslySetInnerHTML={{ __html: pkg.description }} />
        <ul className="package-card__prices">
          {pkg.prices.map((price) => {
            const owned = loggedIn && holdsEntitlement(entitlements, price.entitlements);
            return (
              <li key={price.id} id={priceElementId(price.id)} className={`price-option${owned ? " is-owned" : ""}`}>
                <div className="price-option__figure">
                  <span className="price-option__amount">{formatPence(price.amountPence)}</span>
                  <span className="price-option__interval">{intervalText(price)}</span>
                  {price.offer ? <span className="price-option__offer">{price.offer}</span> : null}
                </div>
                <Button
                  type={owned ? (pkg.mode === "dark" ? "ghost-light" : "ghost-dark") : pkg.mode === "dark" ? "primary-light" : "primary-dark"}
                  className="page-btn-block"
                  small
                  text={priceButtonLabel({ loggedIn, userEntitlements: entitlements, priceEntitlements: price.entitlements, priceDisplay: buyLabel(price) })}
                  onClick={() => purchase(price)}
                />
              </li>
            );
          })}
        </ul>
      </div>
      <div className="package-card__face package-card__back" inert={!flipped}>
        <div className="package-card__back-head">
          <h3 className="package-card__title">{pkg.title}</h3>
          <button type="button" ref={closeRef} className="package-card__close" onClick={() => setFlipped(false)} aria-label={`Close more about ${pkg.title}`}>
            ×
          </button>
        </div>
        {/* The whole description: the front cuts it to the card's height. */}
        <div className="package-card__rich" dangerouslySetInnerHTML={{ __html: pkg.description }} />
        {pkg.prices.map((price) => (
          <div className="package-card__info" key={price.id}>
            <p className="package-card__info-price">{price.priceDisplay}</p>
            {price.furtherInformation ? <div className="package-card__rich" dangerouslySetInnerHTML={{ __html: price.furtherInformation }} /> : null}
            {price.backsideText ? <div className="package-card__rich package-card__small" dangerouslySetInnerHTML={{ __html: price.backsideText }} /> : null}
          </div>
        ))}
      </div>
    </article>
  );
}
