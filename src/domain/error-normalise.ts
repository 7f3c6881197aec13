/**
 * Spec §8 'Error normalising': the message comes from the error or a JSON dump of it; the
 * statusCode falls back from statusCode to status, then response status, then 500.
 */
export interface NormalisedError {
  message: string;
  statusCode: number;
}

export const FALLBACK_STATUS = 500;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function asStatus(value: unknown): number | null {
  const n = typeof value === "string" && /^\d{3}$/.test(value) ? Number(value) : value;
  return typeof n === "number" && Number.isInteger(n) && n >= 100 && n <= 599 ? n : null;
}

function dump(error: unknown): string {
  try {
    const json = JSON.stringify(error);
    if (json !== undefined) return json;
  } catch {
    // circular or BigInt: fall through
  }
  return String(error);
}

export function normaliseError(error: unknown): NormalisedError {
  let message: string;
  if (typeof error === "string") message = error;
  else if (isRecord(error) && typeof error.message === "string" && error.message !== "") message = error.message;
  else message = dump(error);

  let statusCode: number | null = null;
  if (isRecord(error)) {
    const response = isRecord(error.response) ? error.response : null;
    statusCode = asStatus(error.statusCode) ?? asStatus(error.status) ?? asStatus(response?.status);
  }
  return { message, statusCode: statusCode ?? FALLBACK_STATUS };
}
