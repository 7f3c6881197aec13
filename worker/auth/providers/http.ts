import { SignInError } from "../errors";

/** Calls to a portal give up after this long: a hung portal must not hang the site. */
export const PROVIDER_TIMEOUT_MS = 8000;

export interface JsonAnswer {
  status: number;
  /** the parsed JSON body, or null when it was not JSON */
  body: unknown;
}

/** One HTTP call to a portal; network failure or timeout becomes SignInError('PROVIDER_UNAVAILABLE'). */
export async function requestJson(fetchFn: typeof fetch, url: string | URL, init: RequestInit = {}): Promise<JsonAnswer> {
  let response: Response;
  try {
    const headers = new Headers(init.headers);
    if (!headers.has("accept")) headers.set("accept", "application/json");
    response = await fetchFn(String(url), { ...init, redirect: "manual", headers, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (error) {
    throw new SignInError("PROVIDER_UNAVAILABLE", `${new URL(String(url)).pathname}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text === "" ? null : JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: response.status, body };
}

/** Appends query parameters to a configured URL (which may already carry some). */
export function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}
