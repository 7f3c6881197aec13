import { useState } from "react";
import { ConfirmPanel, useConfirm } from "../Confirm";
import type { WriteResult } from "../console-write";

/**
 * One destructive button of a table row (end a grant, sign out a device), confirmed on the page
 * before it runs (Confirm.tsx): the button, then in its place the question with its consequence.
 * A refusal (409 when the state moved) shows its detail beside the button; `onDone` refreshes the page.
 */
export function ConfirmedAction(props: {
  label: string;
  /** what a screen reader hears on the button: the label and which row */
  name: string;
  title: string;
  consequence: string;
  yes: string;
  dataAction: string;
  run: () => Promise<WriteResult>;
  onDone: () => Promise<void>;
}) {
  const confirm = useConfirm<"go">();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const go = async () => {
    setBusy(true);
    const result = await props.run();
    setBusy(false);
    confirm.done();
    if (result.ok) await props.onDone();
    else {
      setError(result.detail);
      await props.onDone();
    }
  };
  return (
    <div className="care__action">
      {confirm.asking ? (
        <ConfirmPanel confirm={confirm} title={props.title} yes={props.yes} busy={busy} onYes={() => void go()}>
          {props.consequence}
        </ConfirmPanel>
      ) : (
        <button
          type="button"
          className="console-accounts__button console-accounts__button--plain care__small"
          data-action={props.dataAction}
          aria-label={props.name}
          ref={confirm.button("go")}
          onClick={() => {
            setError(null);
            confirm.ask("go");
          }}
        >
          {props.label}
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
