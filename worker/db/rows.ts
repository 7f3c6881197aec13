import { z } from "zod";

/**
 * D1 rows are parsed against a zod object declared next to their query, not asserted with a type
 * parameter: a column renamed or retyped by a migration fails by name here instead of flowing into a
 * page as `undefined`. Plain (stripping) objects without transforms keep this cheap on SSR paths.
 */

/** A row whose columns are not what its query declares. Not an ApiError: app.onError answers 500 and logs it. */
export class RowShapeError extends Error {
  override name = "RowShapeError";
}

type RowSchema = z.ZodObject;

/** A row shape named after what its query reads (a table, or a join's gist), so a mismatch says where. */
export function rowSchema<S extends z.ZodRawShape>(source: string, shape: S) {
  return z.object(shape).describe(source);
}

/** `SELECT COUNT(*) AS total`, the count beside a page of rows. */
export const totalRow = rowSchema("a COUNT(*) AS total", { total: z.number() });

/** The settings table's key/value rows (web settings: the shell, sign-in options, the site lock, the takeover). */
export const settingRow = rowSchema("settings", { key: z.string(), value: z.string() });

function shapeError(schema: RowSchema, index: number, error: z.ZodError): RowShapeError {
  const columns = Object.keys(schema.shape).join(", ");
  const issues = error.issues.map((issue) => `${issue.path.join(".") || "(row)"}: ${issue.message}`).join("; ");
  return new RowShapeError(`D1 row ${index} of ${schema.description ?? "a query"} (${columns}) does not match: ${issues}`);
}

function parseRows<S extends RowSchema>(schema: S, rows: readonly unknown[]): z.output<S>[] {
  const parsed: z.output<S>[] = [];
  for (const [index, row] of rows.entries()) {
    const result = schema.safeParse(row);
    if (!result.success) throw shapeError(schema, index, result.error);
    parsed.push(result.data);
  }
  return parsed;
}

/** The rows of one statement of a D1 batch (`db.batch()` answers every statement as unknown rows). */
export function resultsOf<S extends RowSchema>(schema: S, result: D1Result<unknown> | undefined): z.output<S>[] {
  return parseRows(schema, result?.results ?? []);
}

export function firstOf<S extends RowSchema>(schema: S, result: D1Result<unknown> | undefined): z.output<S> | null {
  const first = result?.results[0];
  return first === undefined ? null : parseRows(schema, [first])[0]!;
}

export async function allRows<S extends RowSchema>(schema: S, statement: D1PreparedStatement): Promise<z.output<S>[]> {
  return resultsOf(schema, await statement.all());
}

export async function firstRow<S extends RowSchema>(schema: S, statement: D1PreparedStatement): Promise<z.output<S> | null> {
  const row = await statement.first();
  return row === null ? null : parseRows(schema, [row])[0]!;
}

/**
 * A JSON array of objects built by SQLite's json_group_array; [] when the column is null or empty.
 * Our own SQL writes it, so text that is not such an array is a broken query and throws like a row.
 */
export function jsonRows<S extends RowSchema>(schema: S, text: string | null | undefined): z.output<S>[] {
  if (!text) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (!Array.isArray(value)) throw new RowShapeError(`JSON column of ${schema.description ?? "a query"} is not an array: ${text.slice(0, 80)}`);
  return parseRows(schema, value);
}

export function bool(value: number | null | undefined): boolean {
  return value === 1;
}

/** A JSON array of strings stored as text (entitlements, benefits); anything else reads as []. */
export function stringList(text: string | null | undefined): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

