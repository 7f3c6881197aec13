import { app } from "./app";

/** The worker's entry: the app (worker/app.ts) and the Durable Object classes wrangler.toml binds. */
export { StreamSessions } from "../durable-objects/StreamSessions";
export default app satisfies ExportedHandler<Env>;
