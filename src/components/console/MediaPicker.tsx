import { useEffect, useRef, useState, type FormEvent } from "react";
import { createPortal } from "react-dom";
import { MediaPicture } from "../MediaPicture";
import { MediaUploadForm } from "./MediaUploadForm";
import type { MediaItem, MediaPage, MediaPageAnswer } from "../../schemas/media";

type Props = {
  /** the dialog's own id, from the field it serves: its heading and controls hang on it (the same on the server and in the browser) */
  id: string;
  /** the dialog's heading, saying what the photo is for ("Choose the hero image") */
  title: string;
  open: boolean;
  onPick: (item: MediaItem) => void;
  onClose: () => void;
};

type Listing = { state: "loading" } | { state: "failed"; detail: string } | { state: "ready"; page: MediaPage };

/**
 * Choose a photo of the media library, or upload one there and then: a modal `<dialog>` (the
 * browser moves focus into it, keeps Tab inside and closes it on Escape; focus goes back to the
 * button that opened it). The list is the library's own API (`GET /api/console/media`), searched
 * by alt text and file name; each photo is one button showing its thumbnail and alt text. The
 * dialog is rendered into the document's body (a portal), never inside the form of the field it
 * serves: its search and upload are forms of their own, and a form inside a form is submitted by
 * the browser itself. The styles are in src/routes/console/console-media.css, which every page
 * using the picker imports.
 */
export function MediaPicker({ id, title, open, onPick, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [q, setQ] = useState("");
  const [page, setPage] = useState(0);
  const [listing, setListing] = useState<Listing>({ state: "loading" });
  const [asked, setAsked] = useState({ q: "", page: 0, n: 0 });
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const headingId = `${id}-title`;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
      setAsked((a) => ({ ...a, n: a.n + 1 }));
    } else if (!open && element.open) {
      element.close();
    }
  }, [open, mounted]);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setListing({ state: "loading" });
    const params = new URLSearchParams({ q: asked.q, page: String(asked.page) });
    fetch(`/api/console/media?${params.toString()}`, { credentials: "same-origin", headers: { accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`The library could not be read (${response.status}).`);
        const answer = (await response.json()) as MediaPageAnswer;
        if (live) setListing({ state: "ready", page: answer.data.attributes });
      })
      .catch((error: unknown) => {
        if (live) setListing({ state: "failed", detail: error instanceof Error && error.message.startsWith("The library") ? error.message : "The console could not reach the site. Check the connection and try again." });
      });
    return () => {
      live = false;
    };
  }, [open, asked]);

  // The dialog closed (Escape, Close, or a photo chosen): focus goes back to whatever opened it.
  const closed = () => {
    onClose();
    const back = opener.current;
    opener.current = null;
    // Unless what the choice opened (a caption field) has taken the focus already.
    window.setTimeout(() => {
      const now = document.activeElement;
      if (back?.isConnected && (!now || now === document.body || dialog.current?.contains(now))) back.focus();
    }, 0);
  };

  const search = (event: FormEvent) => {
    event.preventDefault();
    setPage(0);
    setAsked((a) => ({ q: q.trim(), page: 0, n: a.n + 1 }));
  };
  const turn = (to: number) => {
    setPage(to);
    setAsked((a) => ({ ...a, page: to, n: a.n + 1 }));
  };
  const pick = (item: MediaItem) => {
    onPick(item);
    dialog.current?.close();
  };

  const pages = listing.state === "ready" ? Math.max(1, Math.ceil(listing.page.total / listing.page.pageSize)) : 1;
  if (!mounted) return null;
  // React's events still bubble to the field's form through the portal: a submit stops here.
  return createPortal(
    <dialog ref={dialog} className="media-picker" aria-labelledby={headingId} onClose={closed} onSubmit={(e) => e.stopPropagation()}>
      {open ? (
        <div className="media-picker__inner">
          <div className="media-picker__head">
            <h2 id={headingId} className="media-picker__title">
              {title}
            </h2>
            <button type="button" className="console__button" onClick={() => dialog.current?.close()}>
              Close
            </button>
          </div>
          <form className="media-picker__search" role="search" onSubmit={search}>
            <label htmlFor={`${headingId}-q`}>Search the library by alt text or file name</label>
            <div className="console-accounts__search-row">
              <input id={`${headingId}-q`} type="search" value={q} maxLength={200} onChange={(e) => setQ(e.target.value)} />
              <button type="submit" className="console__button">
                Search
              </button>
            </div>
          </form>
          <div role="status" aria-live="polite" className="media-picker__status">
            {listing.state === "loading"
              ? "Loading photos…"
              : listing.state === "failed"
                ? listing.detail
                : listing.page.total === 0
                  ? asked.q
                    ? `No photo matches “${asked.q}”. Try another word, or upload one below.`
                    : "The library has no photos yet: upload one below."
                  : `${listing.page.total} ${listing.page.total === 1 ? "photo" : "photos"}${asked.q ? ` matching “${asked.q}”` : ""}, page ${page + 1} of ${pages}`}
          </div>
          {listing.state === "ready" && listing.page.items.length > 0 ? (
            <ul className="media-picker__grid" aria-label="Photos to choose from">
              {listing.page.items.map((item) => (
                <li key={`${item.id}-${item.version}`}>
                  <button type="button" className="media-picker__choice" data-media={item.id} onClick={() => pick(item)}>
                    <MediaPicture photo={{ ...item, alt: "" }} w={160} h={120} sizes="160px" />
                    <span className="media-picker__alt">{item.alt}</span>
                    <span className="visually-hidden"> (choose this photo)</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {pages > 1 ? (
            <nav className="console__pages" aria-label="Pages of photos">
              {page > 0 ? (
                <button type="button" className="console__button" onClick={() => turn(page - 1)}>
                  Newer
                </button>
              ) : null}
              {page + 1 < pages ? (
                <button type="button" className="console__button" onClick={() => turn(page + 1)}>
                  Older
                </button>
              ) : null}
            </nav>
          ) : null}
          <MediaUploadForm idPrefix={`${headingId}-upload`} onUploaded={pick} />
        </div>
      ) : null}
    </dialog>,
    document.body,
  );
}
