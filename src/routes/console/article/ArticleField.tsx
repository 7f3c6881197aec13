import type { ReactNode } from "react";

/** One of the editor's fields: its label, a hint, the control, and its error beside it. */
export function ArticleField({ id, label, error, hint, children }: { id: string; label: string; error?: string | undefined; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="cfield" data-field={id}>
      <label htmlFor={`article-${id}`} className="cfield__label">
        {label}
      </label>
      {hint ? (
        <p className="cfield__hint" id={`article-${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`article-${id}-error`} className="cfield__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The props that tie a control to its error: named by it and marked invalid. */
export const invalid = (id: string, error: string | undefined) => (error ? { "aria-invalid": true, "aria-describedby": `article-${id}-error` } : {});
