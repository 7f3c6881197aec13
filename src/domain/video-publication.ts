/**
 * When a catalogue video is shown (the lists, search, the sitemap, its page) and played (the
 * media gate): published, past its embargo and before its expiry. Instants are UTC ISO 8601
 * strings as D1 keeps them; the console's form turns Europe/London times into them.
 */
export const PUBLICATION_STATUSES = ["draft", "published"] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

export interface Publication {
  status: PublicationStatus;
  /** null: no embargo */
  publishAt: string | null;
  /** null: never expires */
  expiresAt: string | null;
}

/** Where a video stands for the public at `now`. */
export type PublicState = "draft" | "embargoed" | "expired" | "published";

export function publicState(p: Publication, now: Date): PublicState {
  if (p.status === "draft") return "draft";
  const t = now.getTime();
  if (p.publishAt !== null && Date.parse(p.publishAt) > t) return "embargoed";
  if (p.expiresAt !== null && Date.parse(p.expiresAt) <= t) return "expired";
  return "published";
}

export const isVideoVisible = (p: Publication, now: Date): boolean => publicState(p, now) === "published";

/**
 * The same rule as SQL over a `videos` alias, for the reads that filter in D1 (a page of a list must
 * count only what it shows). `?now` is bound to `now.toISOString()`: ISO strings of one shape order
 * as their instants do.
 */
export const visibleVideoSql = (alias: string, nowParam: string): string =>
  `(${alias}.publication_status = 'published' AND (${alias}.publish_at IS NULL OR ${alias}.publish_at <= ${nowParam})` +
  ` AND (${alias}.expires_at IS NULL OR ${alias}.expires_at > ${nowParam}))`;

/** What the console lists a video as: its public state, or before that its media's. */
export type ConsoleVideoStatus = PublicState | "processing" | "ready" | "failed";
export const CONSOLE_VIDEO_STATUSES = ["draft", "processing", "ready", "failed", "published", "embargoed", "expired"] as const satisfies readonly ConsoleVideoStatus[];

/**
 * A published video shows its public state; a draft its media's progress: 'processing', 'failed',
 * 'ready' (its media is ready to publish), or 'draft' with no uploaded file yet (`job` null).
 */
export function consoleStatus(p: Publication, job: "queued" | "transcoding" | "ready" | "failed" | null, now: Date): ConsoleVideoStatus {
  const state = publicState(p, now);
  if (state !== "draft") return state;
  if (job === "failed") return "failed";
  if (job === "queued" || job === "transcoding") return "processing";
  return job === "ready" ? "ready" : "draft";
}
