import { useState, type FormEvent } from "react";
import { FormFrame, useFormRefusal } from "../FormFrame";
import { consoleWrite } from "../console-write";

const FORM_ID = "care-grant";
const ORDER = ["entitlements", "until", "reason"] as const;

/**
 * Complimentary access: one or more of the codes the club's packages grant (checkboxes, never
 * typed), until a London date, with a reason. Opened by its button, closed by Cancel or once granted.
 * The worker checks it all again (src/domain/access-grants.ts checkGrant); a refused field shows its
 * problem beside it.
 */
export function GrantForm({ ssoID, grantable, onGranted }: { ssoID: string; grantable: readonly string[]; onGranted: (text: string) => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const f = useFormRefusal(FORM_ID);
  if (!open) {
    return (
      <button type="button" className="console-accounts__button" data-action="grant" onClick={() => setOpen(true)}>
        Grant complimentary access
      </button>
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = { entitlements: form.getAll("entitlements").map(String), until: String(form.get("until") ?? ""), reason: String(form.get("reason") ?? "") };
    f.setBusy(true);
    const result = await consoleWrite("POST", `/accounts/${encodeURIComponent(ssoID)}/grants`, body);
    f.setBusy(false);
    if (!result.ok) return f.refused(result.fields, result.detail, ORDER);
    f.clear();
    setOpen(false);
    await onGranted(`Granted ${body.entitlements.join(", ")} until ${body.until}.`);
  }


  return (
    <FormFrame
      formRef={f.ref}
      dataForm={FORM_ID}
      titleId={`${FORM_ID}-title`}
      title="Grant complimentary access"
      hint="Held from the supporter's next page or player request until the end of the day chosen (London time), then it ends by itself."
      problem={f.problem}
      busy={f.busy}
      submitLabel="Grant access"
      busyLabel="Granting…"
      onSubmit={submit}
      onCancel={() => {
        f.clear();
        setOpen(false);
      }}
    >
      <fieldset className="cfield care__codes" data-field="entitlements" {...(f.errors.entitlements ? { "aria-describedby": `${FORM_ID}-entitlements-error` } : {})}>
        <legend className="cfield__label">
          Entitlements<span className="cfield__required"> (required)</span>
        </legend>
        {grantable.map((code, i) => (
          <label key={code} className="care__code">
            <input type="checkbox" name="entitlements" value={code} id={i === 0 ? `${FORM_ID}-entitlements` : undefined} className="cfield__check" /> {code}
          </label>
        ))}
        {f.problemOf("entitlements")}
      </fieldset>
      <div className="cfield" data-field="until">
        <label htmlFor={`${FORM_ID}-until`} className="cfield__label">
          Until (last day, London time)<span className="cfield__required"> (required)</span>
        </label>
        <input id={`${FORM_ID}-until`} name="until" type="date" required className="cfield__control" {...f.described("until")} />
        {f.problemOf("until")}
      </div>
      <div className="cfield" data-field="reason">
        <label htmlFor={`${FORM_ID}-reason`} className="cfield__label">
          Reason<span className="cfield__required"> (required)</span>
        </label>
        <textarea id={`${FORM_ID}-reason`} name="reason" rows={2} maxLength={500} required className="cfield__control" {...f.described("reason")} />
        {f.problemOf("reason")}
      </div>
    </FormFrame>
  );
}
