import { useId, useRef, useState, type FormEvent } from "react";
import { useBackgroundLock } from "../use-background-lock";
import { useDialogFocus } from "../use-dialog-focus";
import { useAppState } from "../../state/store";
import { redeemVoucher, type RedeemOutcome } from "./redeem-voucher";
import { loadEntitlements, runLoginCheck } from "../../account/session-client";
import { VOUCHER_SIGN_IN } from "../../domain/voucher-texts";

/** The first words of the overlay's answer when a code was redeemed (spec §7's alert text, kept). */
export const VOUCHER_REDEEMED = "Voucher redeemed";

/** The overlay's texts from the web settings (`packages.*`), with the spec's defaults. */
export function voucherTexts(setting: (key: string) => string | undefined): { title: string; text: string; button: string } {
  return {
    title: setting("voucherTitle") ?? "Redeem a voucher code",
    text: setting("voucherText") ?? "",
    button: setting("voucherButton") ?? "Redeem",
  };
}

/** 'Rovers TV (Video)', 'Rovers TV (Video) and Match Pass: …', 'A, B and C' */
const titlesText = (titles: readonly string[]) => (titles.length <= 1 ? (titles[0] ?? "") : `${titles.slice(0, -1).join(", ")} and ${titles.at(-1)}`);

/**
 * The voucher overlay of the packages widget (spec §2, §4): title, text, code input and button.
 * Opening locks page scroll, closing or redeeming unlocks. The code is sent to POST
 * /api/vouchers/redeem (the spec's alert without a call is a departure: docs/spec-departures.md):
 * signed out, the overlay gives way to the account panel's sign-in with a prompt, as a purchase
 * does; redeemed, it says what was granted and until when, and the supporter's entitlements are
 * read again so the page's locks follow; refused, the reason shows beside the field and the
 * overlay stays open. The code itself has no validation in the browser (§5): the worker decides.
 */
export function VoucherOverlay({ open, onClose, title, text, button }: { open: boolean; onClose: () => void; title: string; text: string; button: string }) {
  const { state, dispatch } = useAppState();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<RedeemOutcome | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const done = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const redeemed = outcome?.kind === "redeemed" ? outcome : null;
  const close = () => {
    setCode("");
    setOutcome(null);
    onClose();
  };
  useDialogFocus(open, dialog, { onClose: close, modal: true, initialFocus: input });
  useBackgroundLock(open && redeemed === null);
  if (!open) return null;

  const askToSignIn = () => {
    close();
    dispatch({ type: "loginPrompt/open", message: VOUCHER_SIGN_IN });
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // Until the login check has answered, the worker decides (a 401 asks to sign in all the same).
    if (state.user.loginCheckCompleted && !state.user.loggedIn) return askToSignIn();
    setBusy(true);
    const result = await redeemVoucher(code);
    setBusy(false);
    if (result.kind === "sign-in") return askToSignIn();
    setOutcome(result);
    if (result.kind === "redeemed") {
      // The same read the login check makes after a return from checkout: the page's locks follow it.
      await (state.user.ssoID ? loadEntitlements(dispatch, state.user.ssoID) : runLoginCheck(dispatch));
      done.current?.focus();
    } else input.current?.focus();
  }

  const errorId = `${headingId}-error`;
  const refused = outcome?.kind === "refused" ? outcome.detail : null;
  return (
    <div className="voucher-overlay" onClick={(e) => e.target === e.currentTarget && close()}>
      <div className="voucher-overlay__dialog" role="dialog" aria-modal="true" aria-labelledby={headingId} ref={dialog}>
        <button type="button" className="voucher-overlay__close" onClick={close} aria-label="Close">
          ×
        </button>
        <h2 id={headingId}>{title}</h2>
        {redeemed ? (
          <div className="voucher-overlay__done">
            <p role="status" data-voucher="redeemed">
              {VOUCHER_REDEEMED}: you now have {titlesText(redeemed.granted.map((g) => g.title))} until {redeemed.until} (UK time).
            </p>
            <button type="button" ref={done} className="btn btn--primary-dark" onClick={close}>
              <span className="btn__text">Done</span>
            </button>
          </div>
        ) : (
          <>
            <p>{text}</p>
            <form onSubmit={(e) => void submit(e)} noValidate>
              <label htmlFor={`${headingId}-code`}>Voucher code</label>
              <input
                id={`${headingId}-code`}
                ref={input}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                {...(refused ? { "aria-invalid": true, "aria-describedby": errorId } : {})}
              />
              {refused ? (
                <p id={errorId} className="voucher-overlay__error" role="alert">
                  {refused}
                </p>
              ) : null}
              <button type="submit" className="btn btn--primary-dark" disabled={busy}>
                <span className="btn__text">{busy ? "Redeeming…" : button}</span>
              </button>
            </form>
          </>
        )}
      </div>
    </div>
  );
}
