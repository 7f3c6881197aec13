import { useState } from "react";
import { useRevalidator } from "react-router";
import { ConfirmPanel, useConfirm } from "./Confirm";
import type { AccountDetail, ConsoleAccountAction } from "../../schemas/console-accounts";
import { ConsoleStatus, type ConsoleMessage } from "./ConsoleStatus";

/** What each action says on its button, in its confirmation, and once done. */
const WORDING: Record<ConsoleAccountAction, { button: string; confirm: string; consequence: string; done: string }> = {
  block: { button: "Block", confirm: "Block account", consequence: "Their videos and live streams stop now, and they cannot watch until unblocked.", done: "Blocked." },
  unblock: { button: "Unblock", confirm: "Unblock account", consequence: "They can watch again with what they hold. Streams stopped by the block stay stopped.", done: "Unblocked." },
  bypass: { button: "Bypass", confirm: "Bypass account", consequence: "They can watch every video and stream, on any number of devices, whatever they hold.", done: "Bypassed." },
  unbypass: { button: "Remove bypass", confirm: "Remove bypass", consequence: "They keep only what their entitlements open, within the device limit.", done: "Bypass removed." },
  "sign-out": { button: "Sign out everywhere", confirm: "Sign out everywhere", consequence: "Every site session and live stream of the account ends now; they must sign in again.", done: "Signed out everywhere." },
};

/** The actions that make sense for the account as it is now. */
function actionsFor(account: AccountDetail["account"]): ConsoleAccountAction[] {
  return [account.blocked ? "unblock" : "block", account.bypassed ? "unbypass" : "bypass", "sign-out"];
}

/**
 * The account's actions, each behind a confirmation on the page (Confirm.tsx). The write is a POST to
 * /api/console/accounts/:ssoID/:action; then the route revalidates, so the page shows the account
 * as stored. A refusal shows its stable code and detail beside the buttons.
 */
export function AccountActions({ account }: { account: AccountDetail["account"] }) {
  const confirm = useConfirm<ConsoleAccountAction>();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<ConsoleMessage>(null);
  const { revalidate } = useRevalidator();

  const run = async (action: ConsoleAccountAction) => {
    setBusy(true);
    // Its parser (zod) loads with the first action, never with a page: first visits carry no zod.
    const { postAccountAction } = await import("./post-account-action");
    const result = await postAccountAction(account.ssoID, action);
    setBusy(false);
    confirm.done();
    setMessage(result.ok ? { kind: "done", text: WORDING[action].done } : { kind: "error", text: `${result.code}: ${result.detail}` });
    if (result.ok) await revalidate();
  };

  const { asking } = confirm;
  return (
    <div className="console-accounts__actions">
      {asking ? (
        <ConfirmPanel confirm={confirm} title={`${WORDING[asking].confirm}: ${account.email}?`} yes={`Yes, ${WORDING[asking].confirm.toLowerCase()}`} busy={busy} onYes={() => void run(asking)}>
          {WORDING[asking].consequence}
        </ConfirmPanel>
      ) : (
        <div className="console-accounts__buttons">
          {actionsFor(account).map((action) => (
            <button
              key={action}
              type="button"
              className="console-accounts__button"
              data-action={action}
              ref={confirm.button(action)}
              onClick={() => {
                setMessage(null);
                confirm.ask(action);
              }}
            >
              {WORDING[action].button}
            </button>
          ))}
        </div>
      )}
      <ConsoleStatus message={message} />
    </div>
  );
}
