import * as z from "zod/mini";
import { apiErrorsSchema } from "../../schemas/api-errors";
import type { ConsoleAccountAction } from "../../schemas/console-accounts";

export type ActionResult = { ok: true } | { ok: false; code: string; detail: string };

/**
 * An account action from the console (POST, same origin: /api's CSRF check reads the browser's
 * Origin). A refusal comes back as its stable code and detail, parsed, never assumed.
 */
export async function postAccountAction(ssoID: string, action: ConsoleAccountAction): Promise<ActionResult> {
  let response: Response;
  try {
    response = await fetch(`/api/console/accounts/${encodeURIComponent(ssoID)}/${action}`, {
      method: "POST",
      credentials: "same-origin",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: "{}",
    });
  } catch {
    return { ok: false, code: "NETWORK_ERROR", detail: "The console could not reach the site. Check the connection and try again." };
  }
  if (response.ok) return { ok: true };
  const parsed = z.safeParse(apiErrorsSchema, await response.json().catch(() => undefined));
  const first = parsed.success ? parsed.data.errors[0] : undefined;
  return { ok: false, code: first?.code ?? `HTTP_${response.status}`, detail: first?.detail ?? `The site answered ${response.status}.` };
}
