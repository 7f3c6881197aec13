import { useState } from "react";
import { ConfirmPanel, useConfirm } from "../../components/console/Confirm";
import { consoleWrite } from "../../components/console/console-write";

/**
 * 'Deactivate' for one promo code, on the list and on the code's own page, asked first on the
 * page (useConfirm): Stripe's promotion code turns inactive, so checkout refuses the code from then
 * on; those who redeemed it keep their discount. Cancel gives the focus back to the button.
 */
export function PromoDeactivate({ id, code, onDone }: { id: number; code: string; onDone: (text: string, kind: "done" | "error") => void }) {
  const confirm = useConfirm<"deactivate">();
  const [busy, setBusy] = useState(false);

  async function deactivate() {
    setBusy(true);
    const result = await consoleWrite("POST", `/promotions/${id}/deactivate`, {});
    setBusy(false);
    confirm.done();
    onDone(result.ok ? `Deactivated ${code}: checkout no longer takes it.` : result.detail, result.ok ? "done" : "error");
  }

  if (confirm.asking) {
    return (
      <ConfirmPanel confirm={confirm} title={`Deactivate ${code}?`} yes="Yes, deactivate" busy={busy} onYes={() => void deactivate()}>
        Checkout refuses it from now on, here and in Stripe. It cannot be turned back on; those who already used it keep their discount.
      </ConfirmPanel>
    );
  }
  return (
    <button type="button" className="console__button" ref={confirm.button("deactivate")} onClick={() => confirm.ask("deactivate")} aria-label={`Deactivate ${code}`}>
      Deactivate
    </button>
  );
}
