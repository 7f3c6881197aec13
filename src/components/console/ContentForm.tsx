import { useEffect, useRef, useState, type FormEvent } from "react";
import type { ConsoleContent, ContentRow } from "../../schemas/console-content";
import { changeBody, controlValue, createBody, type ControlValue } from "../../domain/content-form";
import { consoleWrite } from "./console-write";
import { FormField } from "./FormField";

/**
 * The form that creates an entry of a content kind (row null) or changes one. It sends the
 * create body, or only the changed fields, to the console's write; a refusal shows each field's
 * problem beside it and moves focus to the first, a success hands back to the page (`onSaved`).
 */
export function ContentForm({ content, row, onSaved, onCancel }: { content: ConsoleContent; row: ContentRow | null; onSaved: (message: string) => void; onCancel: () => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const formId = `content-form-${row?.id ?? "new"}`.replace(/[^A-Za-z0-9_-]/g, "-");
  const fields = row ? content.fields.filter((f) => !f.createOnly) : content.fields;
  const title = row ? `Edit ${content.singular}: ${row.title}` : `New ${content.singular}`;

  // Opening the form takes the keyboard to it.
  useEffect(() => heading.current?.focus(), [row?.id]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const read = (name: string): ControlValue => {
      const control = form.elements.namedItem(name);
      return control instanceof HTMLInputElement && control.type === "checkbox" ? control.checked : String(data.get(name) ?? "");
    };
    const body = row ? changeBody(fields, row.values, read) : createBody(fields, read);
    if (row && Object.keys(body).length === 0) {
      setErrors({});
      setProblem("Nothing has changed.");
      return;
    }
    setBusy(true);
    const path = `/content/${content.kind}${row ? `/${encodeURIComponent(row.id)}` : ""}`;
    const result = await consoleWrite(row ? "PUT" : "POST", path, body);
    setBusy(false);
    if (result.ok) return onSaved(row ? `Saved ${content.singular} ${row.title}.` : `Created the ${content.singular}.`);
    setErrors(result.fields);
    setProblem(result.detail);
    const first = fields.find((f) => result.fields[f.name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#${formId}-${first.name}`)?.focus();
  }

  return (
    <form ref={formRef} className="content-form" aria-labelledby={`${formId}-title`} onSubmit={(e) => void submit(e)} noValidate>
      <h3 id={`${formId}-title`} className="content-form__title" tabIndex={-1} ref={heading}>
        {title}
      </h3>
      <p className="content-form__hint">
        {fields.some((f) => f.input === "datetime") ? "Times are UTC. " : ""}Changes show on the public site from the next page load.
      </p>
      {problem ? (
        <p className="content-form__problem" role="alert">
          {problem}
          {errors.body ? ` ${errors.body}` : ""}
        </p>
      ) : null}
      <div className="content-form__fields">
        {fields.map((f) => (
          <FormField key={f.name} formId={formId} field={f} value={controlValue(f, row ? row.values[f.name] : f.initial)} error={errors[f.name]} />
        ))}
      </div>
      <div className="content-form__actions">
        <button type="submit" className="console__button console__button--primary" disabled={busy}>
          {row ? "Save changes" : `Create ${content.singular}`}
        </button>
        <button type="button" className="console__button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
