import type { ReactNode } from "react";

/** A field's error beside it, by the worker's field name. */
export function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className="cfield__error">
      {text}
    </p>
  ) : null;
}

/** The control's ARIA while its field has an error: invalid, described by the error beside it. */
export const invalid = (id: string, text: string | undefined) => (text ? { "aria-invalid": true as const, "aria-describedby": id } : {});

export type InvalidProps = ReturnType<typeof invalid>;

/**
 * One labelled field of the Rovers TV forms: its label, its control (given the ARIA that ties it
 * to its error) and the error beside it. The error's id is the control's id with `-error`.
 */
export function VideoField({ id, label, error, children }: { id: string; label: string; error: string | undefined; children: (aria: InvalidProps) => ReactNode }) {
  const errorId = `${id}-error`;
  return (
    <div className="cfield">
      <label htmlFor={id} className="cfield__label">
        {label}
      </label>
      {children(invalid(errorId, error))}
      <FieldError id={errorId} text={error} />
    </div>
  );
}
