import type { ChildViewOpener } from "../../domain/child-view";

/**
 * The link the open (or last) child view was opened from, taken in the click handler itself: the
 * only moment it is sure to have the focus. From there until the dialog shows, the router's
 * loading state may never be drawn (a transition held by a lower region still hydrating draws the
 * loaded state at once), the listing turns inert and drops the focus to the body, and the
 * dialog's chunk may still be on its way; nothing later can tell where focus came from.
 */
let opener: ChildViewOpener<HTMLElement> | null = null;

/** Remembers the link clicked to open a child view (useChildViewClick). */
export function rememberOpener(clicked: ChildViewOpener<HTMLElement>): void {
  opener = clicked;
}

/** The link last remembered; focusAfterChildView checks that it opened the article now showing. */
export function rememberedOpener(): ChildViewOpener<HTMLElement> | null {
  return opener;
}
