import type { ArticleFields } from "../../../schemas/console-articles";

/**
 * What this browser keeps of an article typed and not yet saved (an ended session, a closed tab),
 * by article (`new` before its first save) and the version it was typed on.
 */
export type LocalCopy = { version: number; fields: ArticleFields };

const localKey = (id: number | null) => `rovers-article:${id ?? "new"}`;

export function readLocal(id: number | null): LocalCopy | null {
  try {
    const text = window.localStorage.getItem(localKey(id));
    return text ? (JSON.parse(text) as LocalCopy) : null;
  } catch {
    return null;
  }
}

export function writeLocal(id: number | null, copy: LocalCopy | null): void {
  try {
    if (copy) window.localStorage.setItem(localKey(id), JSON.stringify(copy));
    else window.localStorage.removeItem(localKey(id));
  } catch {
    // A full or blocked storage only loses the browser's spare copy.
  }
}
