import type { ContentField, ContentFieldInput, ContentValue } from "../schemas/console-content";

/**
 * The console's content forms: what a control shows for a stored value, and what
 * the write body carries for what staff typed. The server judges every value (its zod schemas);
 * these only turn controls into JSON of the right type, so that its field errors speak of the
 * value staff entered, not of a string where a number was expected.
 */

/** A field description: a plain optional control unless `more` says otherwise. */
export function contentField(name: string, label: string, input: ContentFieldInput, more: Partial<ContentField> = {}): ContentField {
  return { name, label, input, options: [], required: false, nullable: false, numeric: false, createOnly: false, initial: null, ...more };
}

/** A field a console screen lays out itself (fixtures, players): required unless said otherwise. */
export function consoleField(name: string, label: string, input: ContentFieldInput, options: ContentField["options"] = [], required = true): ContentField {
  return contentField(name, label, input, { options, required });
}

/** A control's raw content: a checkbox is on or off, everything else is text. */
export type ControlValue = string | boolean;

/** The `datetime-local` text of an instant, in UTC (the forms say so): 2026-11-26T18:30. */
export function datetimeLocal(iso: string): string {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? "" : new Date(at).toISOString().slice(0, 16);
}

/** What a control starts with for a stored value. */
export function controlValue(field: ContentField, value: ContentValue | undefined): ControlValue {
  if (field.input === "checkbox") return value === true;
  if (value === null || value === undefined) return "";
  if (field.input === "datetime" && typeof value === "string") return datetimeLocal(value);
  return String(value);
}

/** The JSON value a control sends. An empty control is null where the field takes null. */
export function bodyValue(field: ContentField, raw: ControlValue): ContentValue {
  if (field.input === "checkbox") return raw === true;
  const text = typeof raw === "string" ? raw.trim() : "";
  if (text === "") return field.nullable ? null : "";
  if (field.input === "number" || field.numeric) {
    const n = Number(text);
    return Number.isFinite(n) ? n : text;
  }
  // datetime-local has no zone: the form's times are UTC.
  if (field.input === "datetime") return Number.isNaN(Date.parse(`${text}Z`)) ? text : new Date(`${text}Z`).toISOString();
  return typeof raw === "string" && field.input === "textarea" ? raw : text;
}

function same(field: ContentField, a: ContentValue, b: ContentValue | undefined): boolean {
  if (field.input === "datetime" && typeof a === "string" && typeof b === "string") return Date.parse(a) === Date.parse(b);
  return a === (b ?? null);
}

/** A create body: every field the form shows. */
export function createBody(fields: readonly ContentField[], read: (name: string) => ControlValue): Record<string, ContentValue> {
  return Object.fromEntries(fields.map((f) => [f.name, bodyValue(f, read(f.name))]));
}

/** A change body: only the fields whose value differs from the stored one (the write changes the fields sent). */
export function changeBody(fields: readonly ContentField[], stored: Readonly<Record<string, ContentValue>>, read: (name: string) => ControlValue): Record<string, ContentValue> {
  const changed: Record<string, ContentValue> = {};
  for (const field of fields) {
    if (field.createOnly) continue;
    const value = bodyValue(field, read(field.name));
    if (!same(field, value, stored[field.name])) changed[field.name] = value;
  }
  return changed;
}
