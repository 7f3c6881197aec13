import { useLayoutEffect, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import Icon from "../../components/Icon";
import { useDialogFocus } from "../../components/use-dialog-focus";
import { useBackgroundLock } from "../../components/use-background-lock";
import { useAppState } from "../../state/store";
import { focusAfterChildView, samePath, type PageUnderChildView } from "../../domain/child-view";
import { rememberedOpener } from "./opener";

/** The page under the dialog as the focus rule sees it (ChildViewOutlet's `.child-view-under`). */
const pageUnder: PageUnderChildView<HTMLElement> = {
  isConnected: (element) => element.isConnected,
  linkTo: (path) => [...document.querySelectorAll<HTMLAnchorElement>(".child-view-under a[href]")].find((link) => samePath(link.href, path)) ?? null,
  searchButton: () => document.querySelector<HTMLElement>('button[data-panel="search-panel"]'),
};

interface ChildViewDialogProps {
  onClose: () => void;
  /** The path of the article the dialog shows. */
  articlePath: string;
  children: ReactNode;
}

/**
 * The panel a child view's article shows in: a modal dialog over the listing, named by the
 * article's heading. Closing is going back in history (close button, Escape, the browser's Back),
 * so the listing's entry, its scroll position and the card that opened the article come back.
 */
export function ChildViewDialog({ onClose, articlePath, children }: ChildViewDialogProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLElement>(null);
  // Before useDialogFocus moves focus in, at the same commit, so the heading is its target.
  useLayoutEffect(() => {
    // The article's h1 names the dialog and takes the focus, so a screen reader starts at the title.
    const h1 = dialog.current?.querySelector<HTMLElement>("h1") ?? null;
    if (h1) {
      h1.id ||= "child-view-title";
      h1.tabIndex = -1;
      dialog.current?.setAttribute("aria-labelledby", h1.id);
      dialog.current?.removeAttribute("aria-label");
    }
    heading.current = h1;
  });
  // Focus goes back to the link the article was opened from, remembered at the click: by the time
  // the dialog is there, the listing may have been inert for a while and focus on the body.
  const returnTo = () => focusAfterChildView(rememberedOpener(), articlePath, pageUnder);
  useDialogFocus(true, dialog, { onClose, modal: true, initialFocus: heading, returnFocus: returnTo });
  // The page under the dialog does not scroll with it (spec §4 'Panels and background lock'). Opened
  // from the search results, it takes the lock once the search overlay has closed: that close, on
  // the same navigation, unlocks the page.
  const { state } = useAppState();
  useBackgroundLock(!state.searchOpen);
  // On <body>, above the header and the page's stacking contexts; it only ever renders in the
  // browser (the server has no listing to keep, see ChildViewOutlet).
  return createPortal(
    <div className="child-view" ref={dialog} role="dialog" aria-modal="true" aria-label="News article">
      <button type="button" className="child-view__close" onClick={onClose} aria-label="Close article">
        <Icon name="close" />
      </button>
      <div className="child-view__panel">{children}</div>
    </div>,
    document.body,
  );
}
