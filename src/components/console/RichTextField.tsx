import { lazy, Suspense, useEffect, useState } from "react";

const RichTextEditor = lazy(() => import("./RichTextEditor"));

/**
 * A labelled rich-text field of a console form (a page's body, a package's card texts): the editor
 * is its own chunk, loaded in the browser once the form is on screen, with the field's problem
 * beside it. Controlled: the form keeps the HTML.
 */
export function RichTextField(props: { formId: string; name: string; label: string; html: string; onChange: (html: string) => void; error?: string | undefined }) {
  const { label, html, onChange, error } = props;
  const id = `${props.formId}-${props.name}`;
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const loading = <p className="rte__loading">Loading the editor…</p>;
  return (
    <div className="cfield" data-field={props.name}>
      <p className="cfield__label" id={`${id}-label`}>
        {label}
      </p>
      {mounted ? (
        <Suspense fallback={loading}>
          <RichTextEditor labelledBy={`${id}-label`} describedBy={error ? `${id}-error` : undefined} html={html} onChange={onChange} />
        </Suspense>
      ) : (
        loading
      )}
      {error ? (
        <p id={`${id}-error`} className="cfield__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
