/**
 * A video's chapters as the console's form writes them: rows of a start time ('mm:ss', or
 * 'h:mm:ss' for a long match) and a title, strictly increasing and within the video's duration.
 */
export interface Chapter {
  startSeconds: number;
  title: string;
}

/** 'mm:ss' or 'h:mm:ss' → seconds; null when it is not such a time. Minutes may exceed 59 without hours ('95:30'). */
export function parseChapterTime(text: string): number | null {
  const m = /^\s*(?:(\d{1,2}):)?(\d{1,3}):([0-5]\d)\s*$/.exec(text);
  if (!m) return null;
  const hours = m[1] === undefined ? 0 : Number(m[1]);
  if (hours > 0 && Number(m[2]) > 59) return null;
  return hours * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

/** Seconds as the form shows them: 'm:ss' under an hour, else 'h:mm:ss'. */
export function chapterTimeText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(mm).padStart(2, "0")}:${ss}` : `${mm}:${ss}`;
}

/**
 * The chapter playing at `seconds` (the last one started; chapters earliest first), or -1 before
 * the first: the player marks it as the current one.
 */
export function currentChapterIndex(chapters: readonly Pick<Chapter, "startSeconds">[], seconds: number): number {
  let current = -1;
  for (let i = 0; i < chapters.length && chapters[i]!.startSeconds <= seconds; i++) current = i;
  return current;
}

export const CHAPTER_TITLE_MAX = 120;
export const CHAPTERS_MAX = 100;

export type ChapterError = "CHAPTER_TIME" | "CHAPTER_TITLE" | "CHAPTER_ORDER" | "CHAPTER_BEYOND_END" | "CHAPTERS_TOO_MANY";

export const CHAPTER_ERROR_TEXT: Record<ChapterError, string> = {
  CHAPTER_TIME: "Write the start as mm:ss",
  CHAPTER_TITLE: `A chapter needs a title of at most ${CHAPTER_TITLE_MAX} characters`,
  CHAPTER_ORDER: "Each chapter must start after the one before",
  CHAPTER_BEYOND_END: "A chapter must start before the video ends",
  CHAPTERS_TOO_MANY: `At most ${CHAPTERS_MAX} chapters`,
};

/**
 * The first problem of each row (by index), or the chapters when there is none. `durationSeconds`
 * null: the media is not ready, so only the order is checked (publishing checks again once it is).
 */
export function checkChapters(
  rows: readonly { time: string; title: string }[],
  durationSeconds: number | null,
): { ok: true; chapters: Chapter[] } | { ok: false; errors: { index: number; code: ChapterError }[] } {
  if (rows.length > CHAPTERS_MAX) return { ok: false, errors: [{ index: CHAPTERS_MAX, code: "CHAPTERS_TOO_MANY" }] };
  const errors: { index: number; code: ChapterError }[] = [];
  const chapters: Chapter[] = [];
  let previous = -1;
  rows.forEach((row, index) => {
    const start = parseChapterTime(row.time);
    const title = row.title.trim();
    if (start === null) errors.push({ index, code: "CHAPTER_TIME" });
    else if (title === "" || title.length > CHAPTER_TITLE_MAX) errors.push({ index, code: "CHAPTER_TITLE" });
    else if (start <= previous) errors.push({ index, code: "CHAPTER_ORDER" });
    else if (durationSeconds !== null && start >= durationSeconds) errors.push({ index, code: "CHAPTER_BEYOND_END" });
    if (start !== null) previous = Math.max(previous, start);
    if (start !== null) chapters.push({ startSeconds: start, title });
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, chapters };
}
