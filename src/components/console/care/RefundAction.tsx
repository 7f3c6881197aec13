import { useId, useState } from "react";
import { ConfirmPanel, useConfirm } from "../Confirm";
import { consoleWrite } from "../console-write";
import { checkRefund } from "../../../domain/refund";
import { priceDisplayOf } from "../../../domain/money";

/**
 * A payment row's 'Refund' (supporter care): confirmed on the page with the amount in it, empty for
 * all that is left. The rule is the worker's (src/domain/refund.ts), so a wrong amount is said beside
 * the field before anything is sent; a refusal from the worker (409: refunded meanwhile) shows its
 * detail beside the button, and `onDone` refreshes the page either way.
 */
export function RefundAction(props: { ssoID: string; reference: string; label: string; paidPence: number; refundedPence: number; onDone: () => Promise<void> }) {
  const confirm = useConfirm<"refund">();
  const id = useId();
  const [amount, setAmount] = useState("");
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const left = props.paidPence - props.refundedPence;
  const checked = checkRefund(amount, props.paidPence, props.refundedPence);

  const go = async () => {
    if (!checked.ok) return setFieldError(checked.problem);
    setBusy(true);
    const result = await consoleWrite("POST", `/accounts/${encodeURIComponent(props.ssoID)}/payments/${encodeURIComponent(props.reference)}/refund`, { amount });
    setBusy(false);
    if (!result.ok && result.fields.amount) return setFieldError(result.fields.amount);
    confirm.done();
    setAmount("");
    if (!result.ok) setError(result.detail);
    await props.onDone();
  };

  return (
    <div className="care__action">
      {confirm.asking ? (
        <ConfirmPanel confirm={confirm} title={`Refund ${props.label}?`} yes={checked.ok ? `Yes, refund ${priceDisplayOf(checked.pence)}` : "Yes, refund"} busy={busy} onYes={() => void go()}>
          {priceDisplayOf(left)} of this payment can be refunded. All of it takes the payment's access away and ends the account's live streams; a part leaves the access as it is.{" "}
          <span className="care__refund-field">
            <label htmlFor={`${id}-amount`}>Amount in pounds (empty: all of it)</label>
            <input
              id={`${id}-amount`}
              className="care__refund-input"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${id}-amount-error` : undefined}
              onChange={(event) => {
                setAmount(event.target.value);
                setFieldError(null);
              }}
            />
            {fieldError ? (
              <span className="console-accounts__error" id={`${id}-amount-error`} role="alert">
                {fieldError}
              </span>
            ) : null}
          </span>
        </ConfirmPanel>
      ) : (
        <button
          type="button"
          className="console-accounts__button console-accounts__button--plain care__small"
          data-action="refund"
          aria-label={`Refund ${props.label}`}
          ref={confirm.button("refund")}
          onClick={() => {
            setError(null);
            confirm.ask("refund");
          }}
        >
          Refund
        </button>
      )}
      {error ? (
        <p className="console-accounts__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
