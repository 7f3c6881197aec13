import { attributesOf, isRecord, isStringArray } from "../domain/json-shape";
import type { AppAction } from "../state/app-state";
import type { SessionUser } from "../schemas/session-user";
import { interpretEntitlementResponse } from "../domain/entitlement-response";
import { setSubscriptionMessage } from "./subscription-status";
import { LOGIN_PROBLEM_TITLE, TRY_AGAIN_MESSAGE } from "./login-messages";

/**
 * The browser's side of the login check (spec §4 'Login state', §5): GET /api/session, then the
 * user's entitlements. Shared by useLoginCheck and the direct-login form.
 */
type Dispatch = (action: AppAction) => void;

/** What the browser reads of /api/session; the block reason stays on the server. */
export type ClientSessionUser = Omit<SessionUser, "blockedReason">;

/** The first error of an API error body, if it is one. */
export function firstError(body: unknown): { code: string; detail?: string | undefined } | null {
  if (!isRecord(body) || !Array.isArray(body.errors)) return null;
  const first: unknown = body.errors[0];
  if (!isRecord(first) || typeof first.code !== "string") return null;
  return { code: first.code, detail: typeof first.detail === "string" ? first.detail : undefined };
}

async function jsonOf(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/** Reads the signed-in user from a /api/session (or direct-login) answer. */
export function parseSessionUser(body: unknown): ClientSessionUser | null {
  const a = attributesOf(body);
  if (!a) return null;
  const { ssoID, email, displayName, entitlements, stripeCustomerID, bypassed, blocked } = a;
  if (typeof ssoID !== "string" || typeof email !== "string" || typeof displayName !== "string") return null;
  if (!isStringArray(entitlements) || typeof stripeCustomerID !== "string") return null;
  if (typeof bypassed !== "boolean" || typeof blocked !== "boolean") return null;
  return { ssoID, email, displayName, entitlements, stripeCustomerID, bypassed, blocked };
}

/** Whether the worker has direct login on (`meta.directLogin` of /api/session); off unless it says so. */
export function directLoginOf(body: unknown): boolean {
  return isRecord(body) && isRecord(body.meta) && body.meta.directLogin === true;
}

/** Fetches the user's entitlements; accepted only when the answer is for this ssoID (spec §5). */
export async function loadEntitlements(dispatch: Dispatch, ssoID: string, signal?: AbortSignal): Promise<void> {
  let status = 0;
  let body: unknown = null;
  try {
    const response = await fetch(`/api/users/entitlements/${encodeURIComponent(ssoID)}`, {
      credentials: "same-origin",
      headers: { accept: "application/json" },
      signal,
    });
    status = response.status;
    body = await jsonOf(response);
  } catch (error) {
    if (signal?.aborted) return;
    console.warn("entitlement check failed", error);
  }
  const outcome = interpretEntitlementResponse({ status, body, ssoID });
  switch (outcome.kind) {
    case "accepted":
    case "none":
      dispatch({ type: "entitlements/set", entitlements: outcome.entitlements, stripeCustomerID: outcome.stripeCustomerID });
      setSubscriptionMessage(outcome.message);
      return;
    case "mismatch":
      return;
    case "error":
      setSubscriptionMessage(outcome.message);
      return;
  }
}

/** Stores a signed-in user (login check or direct login) and fetches their entitlements. */
export async function acceptUser(dispatch: Dispatch, user: ClientSessionUser, signal?: AbortSignal): Promise<void> {
  dispatch({ type: "login/checkCompleted", user: { displayName: user.displayName, ssoID: user.ssoID, email: user.email } });
  dispatch({ type: "session/bypassed", bypassed: user.bypassed });
  await loadEntitlements(dispatch, user.ssoID, signal);
}

/** The login check: logged in (user data, then entitlements) or logged out; either way the check is done. */
export async function runLoginCheck(dispatch: Dispatch, signal?: AbortSignal): Promise<void> {
  let response: Response;
  try {
    response = await fetch("/api/session", { credentials: "same-origin", headers: { accept: "application/json" }, signal });
  } catch (error) {
    if (signal?.aborted) return;
    console.warn("login check failed", error);
    dispatch({ type: "login/checkCompleted", user: null });
    return;
  }
  const body = await jsonOf(response);
  if (signal?.aborted) return;
  dispatch({ type: "login/directLogin", enabled: directLoginOf(body) });
  const user = response.status === 200 ? parseSessionUser(body) : null;
  if (user) {
    await acceptUser(dispatch, user, signal);
    return;
  }
  // The portal refused to refresh the session (spec §8 'There was a problem logging in').
  if (firstError(body)?.code === "LOGIN_REFRESH_FAILED") {
    dispatch({ type: "errorNotification/show", title: LOGIN_PROBLEM_TITLE, message: TRY_AGAIN_MESSAGE });
  }
  setSubscriptionMessage(null);
  dispatch({ type: "login/checkCompleted", user: null });
}
