/**
 * Spec §5/§9: sidebar titles over 48 characters are cut to 48 plus an ellipsis. The original
 * checked the wrong object and never cut; we implement the intended behaviour (the spec allows
 * either). Counted in code points so an emoji is never split.
 */
import { SIDEBAR_TITLE_LIMIT } from "./timings";

export const ELLIPSIS = "...";

export function sidebarTitle(title: string, limit: number = SIDEBAR_TITLE_LIMIT): string {
  const chars = Array.from(title);
  if (chars.length <= limit) return title;
  return chars.slice(0, limit).join("") + ELLIPSIS;
}
