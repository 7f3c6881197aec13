import { useRef } from "react";
import { club } from "../../config/club";
import { useAppState } from "../../state/store";
import { useDialogFocus } from "../use-dialog-focus";
import Button from "../Button";
import Icon from "../Icon";
import { SUBSCRIBE_PROMO_LOGGED_IN } from "../packages/SubscribePromo";

/**
 * Spec §2 'upgrade promo' and §4 'Upgrade promo': the overlay a signed-in supporter without the
 * tier of a video sees, with a close button and the packages' calls to action (§8 'Subscribe
 * promo' text). The reducer closes the account panel and locks the background when it opens.
 */
export default function UpgradePromo() {
  const { state, dispatch } = useAppState();
  const open = state.upgradePromo.display;
  const dialog = useRef<HTMLDivElement>(null);
  const close = () => dispatch({ type: "upgradePromo/close" });
  const openPackages = () => dispatch({ type: "packages/open" });
  useDialogFocus(open, dialog, { onClose: close, modal: true });
  if (!open) return null;
  return (
    <div className="upgrade-promo" role="dialog" aria-modal="true" aria-labelledby="upgrade-promo-title" ref={dialog}>
      <div className="upgrade-promo__card">
        <button type="button" className="upgrade-promo__close" onClick={close} aria-label="Close upgrade promo">
          <Icon name="close" size={20} />
        </button>
        <h2 className="upgrade-promo__title" id="upgrade-promo-title">
          Upgrade to {club.tvPlusName}
        </h2>
        <p className="upgrade-promo__text">{SUBSCRIBE_PROMO_LOGGED_IN}</p>
        <div className="upgrade-promo__actions">
          {/* both open the packages modal in the promo's place (spec §2), where every plan is offered */}
          <Button type="primary-light" text={`Subscribe to ${club.tvName}`} onClick={openPackages} />
          <Button type="ghost-light" text={`Subscribe to ${club.tvPlusName}`} onClick={openPackages} />
        </div>
      </div>
    </div>
  );
}
