import { DurableObject } from "cloudflare:workers";

/** One object per user: their live stream sessions (filled in by the streaming issue). */
export class StreamSessions extends DurableObject<Env> {}
