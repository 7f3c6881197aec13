import { useEffect, useLayoutEffect, useRef, type RefObject } from "react";

/** What Tab can land on inside a dialog (inert and hidden elements are filtered out below). */
const FOCUSABLE = [
  "a[href]",
  "area[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type=hidden])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "summary",
  "iframe",
  "[tabindex]:not([tabindex='-1'])",
  "[contenteditable='true']",
].join(",");

/** The focused element, or null when nothing is (the body). */
const focusedElement = () => (document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null);

export function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && !el.closest("[inert]") && el.checkVisibility({ visibilityProperty: true }),
  );
}

export interface DialogFocusOptions {
  /** Escape calls this: anywhere while a modal dialog is open, from inside a non-modal one. */
  onClose: () => void;
  /** Tab and Shift+Tab cycle inside the dialog while it is open. */
  modal: boolean;
  /**
   * false for a dialog nobody asked for (the cookie popup on a first visit): focus is not taken
   * from the page; it goes back to where it came from if the supporter tabs in and closes it.
   */
  focusOnOpen?: boolean;
  /** Where focus goes on opening; the first focusable element of the dialog otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  /**
   * Where focus goes on closing, in place of the element that had it as the dialog opened: for a
   * dialog whose opener may have lost the focus before the dialog was there (a child view).
   */
  returnFocus?: () => HTMLElement | null;
}

/**
 * Keyboard behaviour of the site's dialogs (main menu, account panel, cookie popup): focus moves
 * into the dialog when it opens, Tab stays inside while it is modal, Escape closes it, and focus
 * goes back to whatever had it before (the button that opened it) when it closes.
 */
export function useDialogFocus(
  open: boolean,
  dialog: RefObject<HTMLElement | null>,
  { onClose, modal, initialFocus, focusOnOpen = true, returnFocus }: DialogFocusOptions,
): void {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const returnFocusRef = useRef(returnFocus);
  returnFocusRef.current = returnFocus;

  /** The element focus came from when the dialog opened (set at the commit that opened it). */
  const openedFrom = useRef<HTMLElement | null>(null);

  // Focus moves in at the commit that opens the dialog, before the browser paints it: the opened
  // state is already in the DOM (no longer inert), and the element that had focus still has it.
  // A frame later is too late on a busy device: the dialog shows with focus still outside, so a
  // Tab or a screen reader starts behind it, and an opener that the dialog makes inert may have
  // lost focus already, leaving nothing to give it back to (a child view's card can lose it even
  // before the dialog renders: the child view names its opener itself, with returnFocus).
  useLayoutEffect(() => {
    const container = dialog.current;
    if (!open || !container || !focusOnOpen) return;
    openedFrom.current = focusedElement();
    const target = initialFocus?.current ?? focusableIn(container)[0] ?? container;
    target.focus({ preventScroll: true });
  }, [open, dialog, initialFocus, focusOnOpen]);

  useEffect(() => {
    const container = dialog.current;
    if (!open || !container) return;
    let opener = focusOnOpen ? openedFrom.current : null;
    // Unasked-for dialog: the element focus came from when the supporter first tabbed in.
    const onFocusIn = (event: FocusEvent) => {
      if (opener === null && event.relatedTarget instanceof HTMLElement && !container.contains(event.relatedTarget)) opener = event.relatedTarget;
    };
    if (!focusOnOpen) container.addEventListener("focusin", onFocusIn);

    const onKey = (event: KeyboardEvent) => {
      const inside = document.activeElement instanceof Node && container.contains(document.activeElement);
      if (event.key === "Escape" && (modal || inside)) {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== "Tab" || !modal) return;
      const items = focusableIn(container);
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);

    return () => {
      container.removeEventListener("focusin", onFocusIn);
      document.removeEventListener("keydown", onKey);
      // Back to the opener, unless the supporter has already moved on elsewhere (e.g. a link
      // inside the dialog navigated and focus now sits on the new page).
      const active = document.activeElement;
      const focusWasInside = !active || active === document.body || container.contains(active);
      if (!focusWasInside) return;
      const target = returnFocusRef.current ? returnFocusRef.current() : opener?.isConnected ? opener : null;
      target?.focus({ preventScroll: true });
    };
  }, [open, dialog, modal, initialFocus, focusOnOpen]);
}
