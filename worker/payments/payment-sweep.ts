import { accountsPastCancelledPeriods, recomputeEntitlements } from "../data/payments";
import { settingsOf } from "../env";

/**
 * The scheduled payments sweep (wrangler.toml cron, worker/index.ts `scheduled`): subscriptions
 * cancelled at period end whose period is over lose their entitlements in D1 too (reads drop them
 * already: worker/data/accounts.ts), without waiting for a late deletion event; in development the
 * dev portal's subscriptions get the deletion Stripe would send (the development build's kit).
 */
export async function sweepPayments(env: Env): Promise<{ devDeletions: number; recomputed: number }> {
  const devDeletions = (await settingsOf(env).development?.sendDueDeletions(env)) ?? 0;
  const accounts = await accountsPastCancelledPeriods(env.DB);
  if (accounts.length > 0) {
    await env.DB.batch(accounts.map((a) => recomputeEntitlements(env.DB, { ssoID: a.ssoID, customerId: null, subscriptionId: null })));
  }
  return { devDeletions, recomputed: accounts.length };
}
