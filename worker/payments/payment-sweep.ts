import { accountsPastCancelledPeriods, entitlementsLost, heldEntitlements, heldEntitlementsRow, pruneDeliveries, recomputeEntitlements } from "./payment-records";
import { resultsOf } from "../db/rows";
import { settingsOf } from "../env";
import { endStreamsOf } from "../../durable-objects/stream-release";

/**
 * The scheduled payments sweep (wrangler.toml cron, worker/index.ts `scheduled`): subscriptions
 * cancelled at period end whose period is over lose their entitlements in D1 too (reads drop them
 * already: worker/accounts/accounts.ts), without waiting for a late deletion event, and the accounts
 * that lost one have their live streams ended; in development the dev portal's subscriptions get
 * the deletion Stripe would send (the development build's kit). Webhook deliveries older than 30
 * days are forgotten.
 */
export async function sweepPayments(env: Env): Promise<{ devDeletions: number; recomputed: number; released: number }> {
  const devDeletions = (await settingsOf(env).development?.sendDueDeletions(env)) ?? 0;
  const accounts = await accountsPastCancelledPeriods(env.DB);
  let released = 0;
  if (accounts.length > 0) {
    const scope = { ssoIDs: accounts.map((a) => a.ssoID) };
    const [before, after] = await env.DB.batch([heldEntitlements(env.DB, scope), recomputeEntitlements(env.DB, scope)]);
    for (const ssoID of entitlementsLost(resultsOf(heldEntitlementsRow, before), resultsOf(heldEntitlementsRow, after))) {
      await endStreamsOf(env, ssoID, "Subscription period ended");
      released += 1;
    }
  }
  await pruneDeliveries(env.DB).run();
  return { devDeletions, recomputed: accounts.length, released };
}
