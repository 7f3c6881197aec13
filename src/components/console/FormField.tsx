import type { ContentField } from "../../schemas/console-content";
import type { ControlValue } from "../../domain/content-form";
import { useState } from "react";
import { PhotoField } from "./PhotoField";

const INPUT_TYPES: Partial<Record<ContentField["input"], string>> = { datetime: "datetime-local", date: "date", number: "number" };

/**
 * One labelled control of a console form, whatever its kind, with its error beside it: the control
 * names the error (aria-describedby) and says it is invalid (aria-invalid), so a screen reader reads
 * the problem when it reaches the field. Uncontrolled: the form reads its values when sent.
 */
export function FormField({ formId, field, value, error }: { formId: string; field: ContentField; value: ControlValue; error?: string | undefined }) {
  const id = `${formId}-${field.name}`;
  const errorId = `${id}-error`;
  const described = error ? { "aria-invalid": true, "aria-describedby": errorId } : {};
  const common = { id, name: field.name, required: field.required, ...described };
  const text = typeof value === "string" ? value : "";
  if (field.input === "photo") return <PhotoControl id={id} field={field} value={text} error={error} />;
  let control;
  switch (field.input) {
    case "checkbox":
      control = <input {...common} type="checkbox" defaultChecked={value === true} className="cfield__check" />;
      break;
    case "textarea":
      control = <textarea {...common} defaultValue={text} rows={3} className="cfield__control" />;
      break;
    case "select":
      control = (
        <select {...common} defaultValue={text} className="cfield__control">
          {field.nullable ? <option value="">None</option> : null}
          {field.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
      break;
    default:
      control = (
        <input
          {...common}
          type={INPUT_TYPES[field.input] ?? "text"}
          defaultValue={text}
          className="cfield__control"
        />
      );
  }
  return (
    <div className={field.input === "checkbox" ? "cfield cfield--check" : "cfield"} data-field={field.name}>
      <label htmlFor={id} className="cfield__label">
        {field.label}
        {field.required ? <span className="cfield__required"> (required)</span> : null}
      </label>
      {control}
      {error ? (
        <p id={errorId} className="cfield__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A library photo for an uncontrolled form: the picker's choice is kept here and sent as the
 * field's value by a hidden input (`media:{id}`, a generated key of the demo content, or empty).
 */
function PhotoControl({ id, field, value, error }: { id: string; field: ContentField; value: string; error?: string | undefined }) {
  const [chosen, setChosen] = useState(value);
  return (
    <>
      <PhotoField id={id} label={field.required ? `${field.label} (required)` : field.label} value={chosen} onChange={setChosen} emptyText={field.required ? "choose one" : "none"} error={error} />
      <input type="hidden" name={field.name} value={chosen} />
    </>
  );
}
