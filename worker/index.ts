import { app } from "./app";
import { sweepPayments } from "./payments/payment-sweep";

/** The worker's entry: the app (worker/app.ts) and the Durable Object classes wrangler.toml binds. */
export { StreamSessions } from "../durable-objects/StreamSessions";
export { MatchRoom } from "../durable-objects/MatchRoom";
export default {
  fetch: app.fetch,
  // wrangler.toml [triggers]: subscriptions whose cancelled period ended (worker/payments/payment-sweep.ts)
  scheduled: async (_controller, env, ctx) => {
    ctx.waitUntil(sweepPayments(env).then((r) => console.log(JSON.stringify({ msg: "payments sweep", ...r }))));
  },
} satisfies ExportedHandler<Env>;
