import "./console.css";
import "./console-content.css";
import "./console-accounts.css";
import "./console-media.css";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, Link, useLoaderData, useRevalidator } from "react-router";
import type { mediaLoader } from "./console.loader";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { FocalPoint, type Focal } from "../../components/console/FocalPoint";
import { MediaUploadForm } from "../../components/console/MediaUploadForm";
import { consoleWrite } from "../../components/console/console-write";
import { MediaPicture } from "../../components/MediaPicture";
import { mediaImageUrl } from "../../domain/media-image";
import type { MediaItem } from "../../schemas/media";
import { ConsoleStatus, type ConsoleMessage } from "../../components/console/ConsoleStatus";


/**
 * The console's media library: upload a photo (button or drag and drop, with its progress), its
 * alt text and focal point; the library as a grid, searched by alt text and file name; each photo
 * edited or deleted (after a confirmation) in place. Field errors show beside their fields and
 * keep what was typed.
 */
export default function ConsoleMedia() {
  const { media, access } = useLoaderData<typeof mediaLoader>();
  const { revalidate } = useRevalidator();
  const [message, setMessage] = useState<ConsoleMessage>(null);
  const pages = Math.max(1, Math.ceil(media.total / media.pageSize));
  const pageLink = (page: number) => `/admin/media?${new URLSearchParams({ ...(media.q ? { q: media.q } : {}), ...(page > 0 ? { page: String(page + 1) } : {}) }).toString()}`;

  async function changed(text: string) {
    setMessage({ kind: "done", text });
    await revalidate();
  }

  return (
    <ConsoleFrame access={access} title="Media library">
      <section className="console__section" aria-labelledby="media-heading">
        <h2 id="media-heading" className="console__heading">
          Media library
        </h2>
        <ConsoleStatus message={message} />
        <MediaUploadForm idPrefix="media" onUploaded={(item) => void changed(`Uploaded ${item.fileName}.`)} />
        <Form method="get" action="/admin/media" className="console-accounts__search media-search" role="search">
          <label htmlFor="media-q">Search by alt text or file name</label>
          <div className="console-accounts__search-row">
            <input id="media-q" name="q" type="search" defaultValue={media.q} maxLength={200} />
            <button type="submit" className="console__button">
              Search
            </button>
          </div>
        </Form>
        {media.items.length === 0 ? (
          <p className="console__empty media-empty">
            {media.q ? `No photo matches “${media.q}”. Try another word, or clear the search.` : "The library has no photos yet. Choose a photo above, or drop one on the upload area, to add the first."}
          </p>
        ) : (
          <>
            <p className="media-count">
              {media.total} {media.total === 1 ? "photo" : "photos"}
              {media.q ? ` matching “${media.q}”` : ""}
            </p>
            <ul className="media-grid" aria-label="Photos">
              {media.items.map((item) => (
                <MediaCard key={`${item.id}-${item.version}`} item={item} onChanged={(text) => void changed(text)} onError={(text) => setMessage({ kind: "error", text })} />
              ))}
            </ul>
          </>
        )}
        {pages > 1 ? (
          <nav className="console__pages" aria-label="Pages of photos">
            {media.page > 0 ? <Link to={pageLink(media.page - 1)}>Newer</Link> : null}
            <span>
              Page {media.page + 1} of {pages}
            </span>
            {media.page + 1 < pages ? <Link to={pageLink(media.page + 1)}>Older</Link> : null}
          </nav>
        ) : null}
      </section>
    </ConsoleFrame>
  );
}

/** One photo of the grid: its picture and details; Edit (alt text, focal point) and Delete (after a confirmation) in place. */
function MediaCard({ item, onChanged, onError }: { item: MediaItem; onChanged: (text: string) => void; onError: (text: string) => void }) {
  const [mode, setMode] = useState<"view" | "edit" | "confirm">("view");
  const [focal, setFocal] = useState<Focal>({ x: item.focalX, y: item.focalY });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const [back, setBack] = useState<"edit" | "delete" | null>(null);
  const name = `${item.fileName} (${item.alt})`;

  useEffect(() => {
    if (mode !== "view") panelRef.current?.querySelector<HTMLElement>("input, button")?.focus();
    else if (back) {
      (back === "edit" ? editRef : deleteRef).current?.focus();
      setBack(null);
    }
  }, [mode, back]);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const alt = String(new FormData(event.currentTarget).get("alt") ?? "");
    setBusy(true);
    const result = await consoleWrite("PUT", `/media/${item.id}`, { alt, focalX: focal.x, focalY: focal.y });
    setBusy(false);
    if (result.ok) return onChanged(`Saved ${item.fileName}.`);
    setErrors(result.fields);
    if (Object.keys(result.fields).length === 0) onError(result.detail);
  }

  async function remove() {
    setBusy(true);
    const result = await consoleWrite("DELETE", `/media/${item.id}`);
    setBusy(false);
    if (result.ok) return onChanged(`Deleted ${item.fileName}.`);
    setMode("view");
    onError(result.detail);
  }

  const cancel = (to: "edit" | "delete") => {
    setBack(to);
    setMode("view");
    setErrors({});
  };

  return (
    <li className="media-card" data-media={item.id}>
      {mode === "edit" ? (
        <div ref={panelRef}>
          <form className="media-card__edit" onSubmit={(e) => void save(e)} noValidate aria-label={`Edit ${item.fileName}`}>
            <FocalPoint id={`media-${item.id}-focal`} src={mediaImageUrl(item.id, item.version, 480, 360, "jpeg")} focal={focal} onChange={setFocal} />
            <div className="cfield">
              <label htmlFor={`media-${item.id}-alt`} className="cfield__label">
                Alt text
              </label>
              <input
                id={`media-${item.id}-alt`}
                name="alt"
                type="text"
                maxLength={300}
                defaultValue={item.alt}
                className="cfield__control"
                {...(errors.alt ? { "aria-invalid": true, "aria-describedby": `media-${item.id}-alt-error` } : {})}
              />
              {errors.alt ? (
                <p id={`media-${item.id}-alt-error`} className="cfield__error">
                  {errors.alt}
                </p>
              ) : null}
            </div>
            <div className="console-accounts__buttons">
              <button type="submit" className="console__button console__button--primary" disabled={busy}>
                {busy ? "Saving…" : "Save"}
              </button>
              <button type="button" className="console-accounts__button console-accounts__button--plain" onClick={() => cancel("edit")}>
                Cancel
              </button>
            </div>
          </form>
        </div>
      ) : (
        <>
          <MediaPicture photo={item} w={240} h={180} sizes="(max-width: 600px) 50vw, 240px" className="media-card__picture" />
          <p className="media-card__alt">{item.alt}</p>
          <p className="media-card__meta">
            {item.fileName} · {item.width} × {item.height} · {Math.max(1, Math.round(item.bytes / 1024))} KB
          </p>
          {mode === "confirm" ? (
            <div className="console-accounts__confirm" role="group" aria-label={`Delete ${name}?`} ref={panelRef} data-confirm>
              <p className="console-accounts__confirm-title">Delete {item.fileName}?</p>
              <p>This cannot be undone. A photo an article, page, advert, promo or sponsor uses is kept, and you are told where.</p>
              <div className="console-accounts__buttons">
                <button type="button" className="console-accounts__button console-accounts__button--danger" disabled={busy} onClick={() => void remove()}>
                  {busy ? "Deleting…" : "Yes, delete"}
                </button>
                <button type="button" className="console-accounts__button console-accounts__button--plain" disabled={busy} onClick={() => cancel("delete")}>
                  Cancel
                </button>
              </div>
            </div>
          ) : (
            <div className="console-accounts__buttons">
              <button type="button" ref={editRef} className="console__button" onClick={() => setMode("edit")} aria-label={`Edit ${name}`}>
                Edit
              </button>
              <button type="button" ref={deleteRef} className="console__button" onClick={() => setMode("confirm")} aria-label={`Delete ${name}`}>
                Delete
              </button>
            </div>
          )}
        </>
      )}
    </li>
  );
}
