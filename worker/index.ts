import { app } from "./app";
import { sweepPayments } from "./payments/payment-sweep";
import { pruneTrackingEvents } from "./events/event-retention";
import { publishDue } from "./news/schedule";
import { retireCrossedVideos } from "./videos/publication-sweep";
import { pruneDelayReadings } from "./live-ingest/live-delay";

/** The worker's entry: the app (worker/app.ts) and the Durable Object classes wrangler.toml binds. */
export { StreamSessions } from "../durable-objects/StreamSessions";
export { MatchRoom } from "../durable-objects/MatchRoom";
export { ArticleScheduler } from "./news/scheduler-object";
export default {
  fetch: app.fetch,
  // wrangler.toml [triggers]: subscriptions whose cancelled period ended (worker/payments/payment-sweep.ts),
  // tracking events past their retention (worker/events/event-retention.ts), and scheduled news the
  // scheduler object's alarm has not published yet (worker/news/schedule.ts; it claims each article once),
  // the cached pages of videos whose embargo lifted or that expired (worker/videos/publication-sweep.ts),
  // and live players' delay readings past a day (worker/live-ingest/live-delay.ts)
  scheduled: async (controller, env, ctx) => {
    ctx.waitUntil(sweepPayments(env).then((r) => console.log(JSON.stringify({ msg: "payments sweep", ...r }))));
    ctx.waitUntil(pruneTrackingEvents(env.DB, new Date(controller.scheduledTime)).then((deleted) => console.log(JSON.stringify({ msg: "tracking events pruned", deleted }))));
    ctx.waitUntil(publishDue(env, new Date(controller.scheduledTime)).then((published) => console.log(JSON.stringify({ msg: "scheduled news published", published }))));
    ctx.waitUntil(retireCrossedVideos(env, new Date(controller.scheduledTime)).then((retired) => console.log(JSON.stringify({ msg: "video publication sweep", retired }))));
    ctx.waitUntil(pruneDelayReadings(env.DB, new Date(controller.scheduledTime)).then((deleted) => console.log(JSON.stringify({ msg: "live delay readings pruned", deleted }))));
  },
} satisfies ExportedHandler<Env>;
