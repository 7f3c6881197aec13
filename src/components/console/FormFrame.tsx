import { useRef, useState, type FormEvent, type ReactNode, type RefObject } from "react";

/**
 * The console's form around its fields, one shape on every screen: a title that names the form,
 * an optional hint, the refusal's problem line (announced), the fields, then the submit button
 * (its label while saving) and Cancel when the form can be closed. Screens keep their own fields
 * and their own submit; `useFormRefusal` holds what a refusal leaves behind.
 */
export function FormFrame(props: {
  formRef: RefObject<HTMLFormElement | null>;
  titleId: string;
  title: ReactNode;
  hint?: ReactNode;
  problem: string | null;
  busy: boolean;
  submitLabel: string;
  busyLabel?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void | Promise<void>;
  onCancel?: (() => void) | undefined;
  className?: string;
  /** the form's id for tests and styles (data-form) */
  dataForm?: string;
  children: ReactNode;
}) {
  const { busy } = props;
  return (
    <form ref={props.formRef} className={props.className ?? "content-form"} aria-labelledby={props.titleId} onSubmit={(e) => void props.onSubmit(e)} noValidate data-form={props.dataForm}>
      <h3 id={props.titleId} className="content-form__title">
        {props.title}
      </h3>
      {props.hint ? <p className="content-form__hint">{props.hint}</p> : null}
      {props.problem ? (
        <p className="content-form__problem" role="alert">
          {props.problem}
        </p>
      ) : null}
      <div className="content-form__fields">{props.children}</div>
      <div className="content-form__actions">
        <button type="submit" className="console__button console__button--primary" disabled={busy}>
          {busy ? (props.busyLabel ?? "Saving…") : props.submitLabel}
        </button>
        {props.onCancel ? (
          <button type="button" className="console__button" onClick={props.onCancel} disabled={busy}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * A form's refusal: each field's problem beside it, the worker's detail above the fields, and the
 * keyboard taken to the first field in error (`order`: the fields as the form shows them; each
 * control's id is `{formId}-{name}`, as FormField makes it). Forms that draw their own fields take
 * `described(name)` for the control and `problemOf(name)` for the line beside it.
 */
export function useFormRefusal(formId: string) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLFormElement>(null);
  const refused = (fields: Record<string, string>, detail: string, order: readonly string[]) => {
    setErrors(fields);
    setProblem(detail);
    const first = order.find((f) => fields[f]);
    if (first) ref.current?.querySelector<HTMLElement>(`#${formId}-${first}`)?.focus();
  };
  const clear = () => {
    setErrors({});
    setProblem(null);
  };
  /** A refused control's attributes: invalid, and described by its problem line below. */
  const described = (name: string) => (errors[name] ? { "aria-invalid": true as const, "aria-describedby": `${formId}-${name}-error` } : {});
  /** The field's problem, beside the field: the line `described` points at. */
  const problemOf = (name: string) =>
    errors[name] ? (
      <p id={`${formId}-${name}-error`} className="cfield__error">
        {errors[name]}
      </p>
    ) : null;
  return { errors, problem, busy, setBusy, ref, refused, clear, described, problemOf };
}
