import { useRef } from "react";
import { club } from "../../config/club";
import { useAppState } from "../../state/store";
import { useDialogFocus } from "../use-dialog-focus";
import Button from "../Button";
import Icon from "../Icon";
import { SUBSCRIBE_PROMO_LOGGED_IN } from "../packages/SubscribePromo";

/**
 * Spec §2 'upgrade promo': the overlay a signed-in supporter without the tier of a video opens from
 * its locked panel, with a close button and the packages' calls to action (§8 'Subscribe promo'
 * text). Opened from a video it names the one tier that opens that video and offers only it (it
 * offered both tiers whatever the video needed); opened from elsewhere it offers both. It never
 * opens by itself. The reducer closes the account panel and locks the background when it opens.
 */
export default function UpgradePromo() {
  const { state, dispatch } = useAppState();
  const { display: open, tier } = state.upgradePromo;
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
          Upgrade to {tier ?? club.tvPlusName}
        </h2>
        <p className="upgrade-promo__text">{SUBSCRIBE_PROMO_LOGGED_IN}</p>
        <div className="upgrade-promo__actions">
          {/* each opens the packages modal in the promo's place (spec §2), where the plans are offered */}
          {tier ? (
            <Button type="primary-light" text={`Subscribe to ${tier}`} onClick={openPackages} />
          ) : (
            <>
              <Button type="primary-light" text={`Subscribe to ${club.tvName}`} onClick={openPackages} />
              <Button type="ghost-light" text={`Subscribe to ${club.tvPlusName}`} onClick={openPackages} />
            </>
          )}
        </div>
      </div>
    </div>
  );
}
