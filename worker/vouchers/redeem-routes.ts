import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { sessionMiddleware } from "../auth/session-middleware";
import { ApiError } from "../http/api-error";
import { rateLimitedResponse } from "../auth/rate-limit";
import { findAccount } from "../accounts/accounts";
import { PLAYBACK_REFUSALS } from "../../src/domain/playback-access";
import { normaliseVoucherCode, VOUCHER_REFUSALS, VOUCHER_SIGN_IN, VOUCHER_TOO_MANY } from "../../src/domain/vouchers";
import { formatInClubTime } from "../../src/domain/date-format";
import { redeemVoucher, titlesOf } from "./voucher-store";
import type { RedeemedVoucher } from "../../src/schemas/vouchers";

/**
 * POST /api/vouchers/redeem {code} for a signed-in supporter (the packages widget's voucher
 * overlay). Behind /api's CSRF check (worker/app.ts: a cross-site Origin is refused, as for the
 * checkout) and the session. Answers 200 with what was granted and until when, or:
 *   401 NOT_LOGGED_IN; 403 BLOCKED / COUNTRY_BLOCKED (a blocked account would spend a code it cannot use);
 *   429 RATE_LIMITED past 5 tries a minute per account (the VOUCHER_REDEEM_LIMIT binding), so
 *     codes cannot be guessed from one account;
 *   404 VOUCHER_UNKNOWN, 409 VOUCHER_USED, 410 VOUCHER_EXPIRED, 410 VOUCHER_REVOKED, each with
 *     `field: "code"` so the overlay shows it beside the field.
 * The grant is access_grants' (source 'voucher'): the session holds it from the next request.
 */
export const voucherRoutes = new Hono<AppEnv>();
voucherRoutes.use(sessionMiddleware);

const redeemBody = z.object({ code: z.string().max(100) });
/** The binding counts per minute (its period is 10 or 60 s). */
const LIMIT_PERIOD_SECONDS = 60;

const refused = (status: 400 | 404 | 409 | 410, code: string, detail: string) => new ApiError(status, code, detail, {}, [{ code, detail, field: "code" }]);

voucherRoutes.post("/redeem", async (c) => {
  c.header("Cache-Control", "private, no-store");
  const user = c.get("user");
  if (!user) throw new ApiError(401, "NOT_LOGGED_IN", VOUCHER_SIGN_IN);
  if (user.blocked) {
    const refusal = PLAYBACK_REFUSALS[user.blockedReason === "country" ? "COUNTRY_BLOCKED" : "BLOCKED"];
    throw new ApiError(403, refusal.code, refusal.detail);
  }
  // Every try counts, a good one too: the limit is on guessing, and nobody redeems five codes a minute.
  const { success } = await c.env.VOUCHER_REDEEM_LIMIT.limit({ key: user.ssoID });
  if (!success) rateLimitedResponse(c, LIMIT_PERIOD_SECONDS, VOUCHER_TOO_MANY);
  const body = redeemBody.safeParse(await c.req.json().catch(() => null));
  if (!body.success) throw refused(400, "INVALID_INPUT", "Enter the voucher code.");
  if (body.data.code.trim() === "") throw refused(400, "INVALID_INPUT", "Enter the voucher code.");
  const code = normaliseVoucherCode(body.data.code);
  if (code === null) throw refused(404, "VOUCHER_UNKNOWN", VOUCHER_REFUSALS.VOUCHER_UNKNOWN.detail);
  const account = await findAccount(c.env.DB, user.ssoID);
  if (!account) throw new ApiError(401, "NOT_LOGGED_IN", VOUCHER_SIGN_IN);
  const result = await redeemVoucher(c.env.DB, account.id, code, Date.now());
  if (!result.ok) {
    const { status, detail } = VOUCHER_REFUSALS[result.refusal];
    throw refused(status, result.refusal, detail);
  }
  // The club's date format (spec §9) with the time, since the period runs from this minute.
  const until = formatInClubTime(result.endsAt, "D MMM YYYY, HH:mm");
  const answer: { data: { attributes: RedeemedVoucher } } = { data: { attributes: { granted: await titlesOf(c.env.DB, result.entitlements), endsAt: result.endsAt, until } } };
  return c.json(answer);
});
