import { Link } from "react-router";
import type { LiveUpgradeOffer as Offer } from "../../domain/live-upgrade";

/**
 * The live upgrade offer (spec §3 'Live upgrade data'): its title and message, the package that
 * unlocks the stream and its button, in the data's branding colours (their contrast is checked
 * in src/domain/live-upgrade.ts). `onNavigate` lets an overlay close itself as the link is followed.
 */
export function LiveUpgradeOffer({ offer, onNavigate, className = "" }: { offer: Offer; onNavigate?: () => void; className?: string }) {
  return (
    <div className={`live-upgrade ${className}`.trim()} style={{ background: offer.background, color: offer.textColor }}>
      <p className="live-upgrade__title">{offer.title}</p>
      {offer.message ? <p className="live-upgrade__message">{offer.message}</p> : null}
      <p className="live-upgrade__package">Included with {offer.packageName}</p>
      <Link
        className="live-upgrade__button"
        to={offer.button.href}
        style={{ background: offer.textColor, color: offer.background }}
        {...(onNavigate ? { onClick: onNavigate } : {})}
      >
        {offer.button.text}
      </Link>
    </div>
  );
}
