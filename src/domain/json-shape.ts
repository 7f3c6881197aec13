/**
 * Small guards for reading JSON answers in the browser. zod stays on the server: even zod/mini
 * adds ~400 kB to the client bundle, for the two answers the browser has to read.
 */
export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === "string");
}

/** `body.data.attributes`, when the answer has that JSON:API-like shape. */
export function attributesOf(body: unknown): JsonRecord | null {
  if (!isRecord(body) || !isRecord(body.data) || !isRecord(body.data.attributes)) return null;
  return body.data.attributes;
}
