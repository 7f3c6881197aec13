/**
 * Small guards for the answers the browser reads without downloading zod: the sign-in answers
 * (/api/session, entitlements) of every first visit and the envelope of a navigation's route data
 * (client/route-data.ts), so these few fields are checked by hand.
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
