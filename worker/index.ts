import { app } from "./app";
import { sweepPayments } from "./payments/payment-sweep";
import { pruneTrackingEvents } from "./events/event-retention";

/** The worker's entry: the app (worker/app.ts) and the Durable Object classes wrangler.toml binds. */
export { StreamSessions } from "../durable-objects/StreamSessions";
export { MatchRoom } from "../durable-objects/MatchRoom";
export default {
  fetch: app.fetch,
  // wrangler.toml [triggers]: subscriptions whose cancelled period ended (worker/payments/payment-sweep.ts),
  // and tracking events past their retention (worker/events/event-retention.ts)
  scheduled: async (controller, env, ctx) => {
    ctx.waitUntil(sweepPayments(env).then((r) => console.log(JSON.stringify({ msg: "payments sweep", ...r }))));
    ctx.waitUntil(pruneTrackingEvents(env.DB, new Date(controller.scheduledTime)).then((deleted) => console.log(JSON.stringify({ msg: "tracking events pruned", deleted }))));
  },
} satisfies ExportedHandler<Env>;
