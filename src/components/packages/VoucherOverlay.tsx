import { useId, useRef, useState } from "react";
import { useBackgroundLock } from "../use-background-lock";
import { useDialogFocus } from "../use-dialog-focus";

/** Spec §7: voucher redemption makes no call; it shows this alert with the code. */
export const VOUCHER_REDEEMED = "Voucher redeemed";

/** The overlay's texts from the web settings (`packages.*`), with the spec's defaults. */
export function voucherTexts(setting: (key: string) => string | undefined): { title: string; text: string; button: string } {
  return {
    title: setting("voucherTitle") ?? "Redeem a voucher code",
    text: setting("voucherText") ?? "",
    button: setting("voucherButton") ?? "Redeem",
  };
}

/**
 * The voucher overlay of the packages widget (spec §2, §4): title, text, code input and button.
 * Opening locks page scroll, closing or redeeming unlocks; the code has no validation (§5).
 */
export function VoucherOverlay({ open, onClose, title, text, button }: { open: boolean; onClose: () => void; title: string; text: string; button: string }) {
  const [code, setCode] = useState("");
  const dialog = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();
  useDialogFocus(open, dialog, { onClose, modal: true, initialFocus: input });
  useBackgroundLock(open);
  if (!open) return null;
  return (
    <div className="voucher-overlay" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className="voucher-overlay__dialog" role="dialog" aria-modal="true" aria-labelledby={headingId} ref={dialog}>
        <button type="button" className="voucher-overlay__close" onClick={onClose} aria-label="Close">
          ×
        </button>
        <h2 id={headingId}>{title}</h2>
        <p>{text}</p>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            window.alert(`${VOUCHER_REDEEMED}: ${code}`);
            setCode("");
            onClose();
          }}
        >
          <label htmlFor={`${headingId}-code`}>Voucher code</label>
          <input id={`${headingId}-code`} ref={input} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" />
          <button type="submit" className="btn btn--primary-dark">
            <span className="btn__text">{button}</span>
          </button>
        </form>
      </div>
    </div>
  );
}
