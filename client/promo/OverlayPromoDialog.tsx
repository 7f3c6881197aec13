import { useRef } from "react";
import { Link } from "react-router";
import Icon from "../../src/components/Icon";
import { imageUrl } from "../../src/components/Picture";
import { useDialogFocus } from "../../src/components/use-dialog-focus";
import type { OverlayPromo } from "../../src/schemas/shell";
import { PROMO_IMAGE_SIZE } from "../../src/domain/timings";

export function promoImageUrl(promo: OverlayPromo): string {
  return imageUrl(promo.imageKey, PROMO_IMAGE_SIZE, PROMO_IMAGE_SIZE);
}

export interface OverlayPromoDialogProps {
  promo: OverlayPromo;
  onDismiss: () => void;
}

/**
 * The overlay promo itself (spec §2: sizes Default and Mini; §7: image 1400x1400): a modal dialog
 * holding the promo's image as a link. Focus moves in, Tab stays inside, Escape, the close button
 * and the underlay dismiss it, and focus goes back where it was. Following the link dismisses it too.
 */
export default function OverlayPromoDialog({ promo, onDismiss }: OverlayPromoDialogProps) {
  const dialog = useRef<HTMLDivElement>(null);
  useDialogFocus(true, dialog, { onClose: onDismiss, modal: true });
  const label = promo.imageAltText || "Promotion";
  const image = (
    <img
      className="overlay-promo__image"
      src={promoImageUrl(promo)}
      width={PROMO_IMAGE_SIZE}
      height={PROMO_IMAGE_SIZE}
      alt={promo.imageAltText}
      decoding="async"
    />
  );
  return (
    <div className={`overlay-promo overlay-promo--${promo.type === "Mini" ? "mini" : "default"}`} data-promo-id={promo.promoID}>
      <div className="overlay-promo__underlay" onClick={onDismiss} aria-hidden="true" />
      <div className="overlay-promo__card" role="dialog" aria-modal="true" aria-label={label} ref={dialog}>
        <button type="button" className="overlay-promo__close" onClick={onDismiss} aria-label="Close promotion">
          <Icon name="close" size={20} />
        </button>
        {promo.url.startsWith("/") && !promo.webNewWindow ? (
          <Link className="overlay-promo__link" to={promo.url} onClick={onDismiss}>
            {image}
          </Link>
        ) : (
          <a className="overlay-promo__link" href={promo.url} onClick={onDismiss} {...(promo.webNewWindow ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
            {image}
          </a>
        )}
      </div>
    </div>
  );
}
