import type { FormEvent } from "react";
import { FormFrame, useFormRefusal } from "../FormFrame";
import { consoleWrite } from "../console-write";
import { utcMinute } from "../console-time";
import type { AccountDetail } from "../../../schemas/console-accounts";

const FORM_ID = "care-note";

/** Staff's notes on the account: the form (text required, at most 2,000 characters), then the notes, newest first. */
export function NotesPanel({ ssoID, notes, canWrite, onSaved }: { ssoID: string; notes: AccountDetail["notes"]; canWrite: boolean; onSaved: (text: string) => Promise<void> }) {
  const f = useFormRefusal(FORM_ID);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const text = String(new FormData(formElement).get("text") ?? "");
    f.setBusy(true);
    const result = await consoleWrite("POST", `/accounts/${encodeURIComponent(ssoID)}/notes`, { text });
    f.setBusy(false);
    if (!result.ok) return f.refused(result.fields, result.detail, ["text"]);
    f.clear();
    formElement.reset();
    await onSaved("Note added.");
  }

  return (
    <div className="care__notes">
      {canWrite ? (
        <FormFrame formRef={f.ref} dataForm={FORM_ID} titleId={`${FORM_ID}-title`} title="Add a note" problem={f.problem} busy={f.busy} submitLabel="Add note" onSubmit={submit}>
          <div className="cfield" data-field="text">
            <label htmlFor={`${FORM_ID}-text`} className="cfield__label">
              Note<span className="cfield__required"> (required)</span>
            </label>
            <textarea
              id={`${FORM_ID}-text`}
              name="text"
              rows={3}
              required
              className="cfield__control"
              {...f.described("text")}
            />
            {f.problemOf("text")}
          </div>
        </FormFrame>
      ) : null}
      {notes.length === 0 ? (
        <p className="console__empty">No notes yet.</p>
      ) : (
        <ol className="care__note-list">
          {notes.map((n) => (
            <li key={n.id} data-note={n.id}>
              <p className="care__note-meta">
                {utcMinute(n.createdAt)} · <span className="console-accounts__id">{n.author}</span>
              </p>
              <p className="care__note-body">{n.body}</p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
