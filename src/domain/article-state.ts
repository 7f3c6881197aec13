/**
 * An article's life in the console: draft → scheduled (goes live by itself at its time) →
 * published → unpublished, and back. Written once here; the console's API refuses a move this
 * table does not allow (409), and the editor offers only the moves it allows.
 */
export const ARTICLE_STATUSES = ["draft", "scheduled", "published", "unpublished"] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

/**
 * publish: live now (or, for a published article with saved edits, 'Update': the edits go live);
 * schedule: live by itself at a later time; unschedule: back to a draft; unpublish: out of the site.
 */
/** Related stories an article may name (the page shows four). */
export const ARTICLE_RELATED_MAX = 4;

export const ARTICLE_MOVES = ["publish", "schedule", "unschedule", "unpublish"] as const;
export type ArticleMove = (typeof ARTICLE_MOVES)[number];

const MOVES: Record<ArticleMove, { from: readonly ArticleStatus[]; to: ArticleStatus }> = {
  publish: { from: ["draft", "scheduled", "unpublished", "published"], to: "published" },
  schedule: { from: ["draft", "scheduled", "unpublished"], to: "scheduled" },
  unschedule: { from: ["scheduled"], to: "draft" },
  unpublish: { from: ["published"], to: "unpublished" },
};

/** Where `move` takes an article in `status`; null: not from there. */
export function nextStatus(status: ArticleStatus, move: ArticleMove): ArticleStatus | null {
  const rule = MOVES[move];
  return rule.from.includes(status) ? rule.to : null;
}

/** The moves an article in `status` offers (publishing a published article is 'Update': only with edits pending). */
export function movesFrom(status: ArticleStatus, pending: boolean): ArticleMove[] {
  return ARTICLE_MOVES.filter((move) => nextStatus(status, move) !== null && !(move === "publish" && status === "published" && !pending));
}

/** How soon a schedule may be: a time already past would be publishing, which has its own button. */
export const SCHEDULE_LEAD_MS = 60_000;

/** Why a publish time is refused, or null when it is fine (ISO 8601 in, `now` injected). */
export function scheduleRefusal(publishAt: string, now: Date): string | null {
  const at = Date.parse(publishAt);
  if (Number.isNaN(at)) return "Enter a date and time";
  if (at < now.getTime() + SCHEDULE_LEAD_MS) return "Choose a time at least a minute from now, or publish now";
  return null;
}

/** A slug is fixed once the article has been public: readers, links and search engines know it. */
export function slugLocked(status: ArticleStatus, everPublished: boolean): boolean {
  return status === "published" || everPublished;
}
