import type { z } from "zod";

/**
 * A statement's rows parsed with a zod schema: what D1 answers is data from outside the type
 * system, so the console's reads check it instead of asserting its shape (a mismatch throws and
 * the request answers 500, never a wrong figure).
 */
export function parsedRows<S extends z.ZodType>(schema: S, result: D1Result<unknown> | undefined): z.infer<S>[] {
  return (result?.results ?? []).map((row) => schema.parse(row));
}
