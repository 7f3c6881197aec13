import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { clientIp } from "../http/client-ip";
import { constantTimeEqual } from "../auth/constant-time";
import { rateLimitedResponse } from "../auth/rate-limit";
import { hitRateLimits } from "../http/rate-limits";
import { ApiError } from "../http/api-error";
import { isSiteLockExempt, SITE_LOCK_TEXT } from "../../src/domain/site-lock";
import { safeReturnUrl } from "../../src/domain/return-url";
import { grantEntry, hasEntry } from "./entry-cookie";
import { lockScreenHtml } from "./lock-screen";
import { siteLockState } from "./lock-state";
import { formFields } from "../http/form-body";

/**
 * Site lock, enforced here in the worker before anything else answers (the page cache included):
 * while `siteLock.enabled` is on, a browser without a valid allow_entry cookie gets the lock screen
 * for any page and 403 SITE_LOCKED from the APIs, media and sockets. Nothing of the site is
 * rendered or read from the page cache for it, so a locked site never serves a cached page.
 */
export const SITE_LOCKED_CODE = "SITE_LOCKED";
/** Phrase guesses per IP and minute, like sign-in attempts. */
export const SITE_LOCK_ENTRY_LIMIT = { limit: 10, windowSeconds: 60 };

const MACHINE_PREFIXES = ["/api/", "/media/", "/ws/"];

export const siteLock: MiddlewareHandler<AppEnv> = async function siteLock(c, next) {
  if (isSiteLockExempt(c.req.path, c.req.method)) return next();
  const lock = await siteLockState(c.env);
  if (!lock.enabled || (await hasEntry(c, lock.entryPhrase))) return next();
  c.header("Cache-Control", "no-store");
  if (MACHINE_PREFIXES.some((prefix) => c.req.path.startsWith(prefix))) throw new ApiError(403, SITE_LOCKED_CODE, SITE_LOCK_TEXT);
  const url = new URL(c.req.url);
  return c.html(await lockScreenHtml(lock.entryPhrase, safeReturnUrl(url.pathname + url.search)), 403);
};

const entryForm = z.object({
  phrase: z.string().max(200),
  returnTo: z.string().max(2000).optional(),
});

/** POST /site-lock: the lock screen's form. The right phrase sets allow_entry and goes back where the visitor was. */
export const siteLockEntry = new Hono<AppEnv>();

siteLockEntry.post("/", async (c) => {
  const form = entryForm.safeParse(await formFields(c));
  if (!form.success) throw new ApiError(400, "INVALID_INPUT", "phrase: required");
  const lock = await siteLockState(c.env);
  const returnTo = safeReturnUrl(form.data.returnTo);
  if (!lock.enabled) return c.redirect(returnTo, 303);
  const verdict = await hitRateLimits(c.env.DB, [{ bucket: `site-lock:${clientIp(c)}`, ...SITE_LOCK_ENTRY_LIMIT }]);
  if (!verdict.ok) return rateLimitedResponse(c, verdict.retryAfter, "Too many attempts. Please try again in a few minutes.");
  const admitted = lock.entryPhrase !== "" && (await constantTimeEqual(form.data.phrase, lock.entryPhrase));
  c.header("Cache-Control", "no-store");
  if (!admitted) return c.html(await lockScreenHtml(lock.entryPhrase, returnTo), 403);
  if (!(await grantEntry(c, lock.entryPhrase))) throw new ApiError(503, "AUTH_NOT_CONFIGURED", "Entry is not available at the moment");
  return c.redirect(returnTo, 303);
});
