import { useState, type FormEvent } from "react";
import { FormFrame, useFormRefusal } from "../FormFrame";
import { consoleWrite } from "../console-write";
import { utcMinute } from "../console-time";
import type { AccountDetail } from "../../../schemas/console-accounts";

const FORM_ID = "care-extend";

/**
 * Extra days past a subscription's period end: a complimentary grant of what its price gives,
 * starting where the period ends (the worker's extensionWindow). Offered only for subscriptions
 * with a period end.
 */
export function ExtendForm({ ssoID, payments, onExtended }: { ssoID: string; payments: AccountDetail["payments"]; onExtended: (text: string) => Promise<void> }) {
  const subscriptions = payments.filter((p) => p.kind === "subscription" && p.periodEnd !== null);
  const [open, setOpen] = useState(false);
  const f = useFormRefusal(FORM_ID);
  if (subscriptions.length === 0) return null;
  if (!open) {
    return (
      <button type="button" className="console-accounts__button console-accounts__button--plain" data-action="extend" onClick={() => setOpen(true)}>
        Extend a subscription
      </button>
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = { subscription: String(form.get("subscription") ?? ""), days: Number(form.get("days") || Number.NaN) };
    f.setBusy(true);
    const result = await consoleWrite("POST", `/accounts/${encodeURIComponent(ssoID)}/extend`, body);
    f.setBusy(false);
    if (!result.ok) return f.refused(result.fields, result.detail, ["subscription", "days"]);
    setOpen(false);
    await onExtended(`Extended ${body.subscription} by ${body.days} days.`);
  }

  return (
    <FormFrame
      formRef={f.ref}
      dataForm={FORM_ID}
      titleId={`${FORM_ID}-title`}
      title="Extend a subscription"
      hint="The extra days start where the subscription's current period ends: a complimentary grant of what it gives, shown below once made."
      problem={f.problem}
      busy={f.busy}
      submitLabel="Extend"
      onSubmit={submit}
      onCancel={() => setOpen(false)}
    >
      <div className="cfield" data-field="subscription">
        <label htmlFor={`${FORM_ID}-subscription`} className="cfield__label">
          Subscription
        </label>
        <select id={`${FORM_ID}-subscription`} name="subscription" className="cfield__control" {...f.described("subscription")}>
          {subscriptions.map((s) => (
            <option key={s.reference} value={s.reference}>
              {s.package}, period ends {s.periodEnd ? utcMinute(s.periodEnd) : ""}
            </option>
          ))}
        </select>
        {f.problemOf("subscription")}
      </div>
      <div className="cfield" data-field="days">
        <label htmlFor={`${FORM_ID}-days`} className="cfield__label">
          Extra days<span className="cfield__required"> (required)</span>
        </label>
        <input id={`${FORM_ID}-days`} name="days" type="number" min={1} max={366} step={1} required className="cfield__control" {...f.described("days")} />
        {f.problemOf("days")}
      </div>
    </FormFrame>
  );
}
