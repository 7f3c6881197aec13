import { useId, useState } from "react";
import { articleCall } from "../../../components/console/article-api";
import type { ConsoleArticle as Article } from "../../../schemas/console-articles";

/**
 * The article's address (/news/{slug}) on its editor. Before its first publication a saved
 * article's address changes with 'Change address' (its own request, checked unique by the worker:
 * 409 SLUG_TAKEN sits beside the field); once it has been public the address is fixed, and the
 * screen says so, since readers, links and search engines know it. A new article's address is
 * typed with its other fields (empty: made from the title), so `newSlug` and `onNewSlug` carry it.
 */
export function ArticleAddress({
  article,
  canEdit,
  newSlug,
  onNewSlug,
  newError,
  onRenamed,
}: {
  article: Article | null;
  canEdit: boolean;
  newSlug: string;
  onNewSlug: (slug: string) => void;
  newError: string | undefined;
  onRenamed: (article: Article) => void;
}) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const formId = useId();
  const errorId = "article-slug-error";

  if (!article) {
    return (
      <div className="cfield" data-field="slug">
        <label htmlFor="article-slug" className="cfield__label">
          Address
        </label>
        <p className="cfield__hint" id="article-slug-hint">
          /news/{newSlug || "… (made from the title)"}
        </p>
        <input
          id="article-slug"
          className="cfield__control"
          value={newSlug}
          placeholder="made from the title"
          onChange={(e) => onNewSlug(e.target.value)}
          {...(newError ? { "aria-invalid": true, "aria-describedby": errorId } : {})}
        />
        {newError ? (
          <p id={errorId} className="cfield__error">
            {newError}
          </p>
        ) : null}
      </div>
    );
  }

  if (article.slugLocked) {
    return (
      <div className="cfield" data-field="slug">
        <p className="cfield__label">Address</p>
        <p className="article-address" data-locked="true">
          <code>/news/{article.slug}</code> · Fixed since its first publication: readers, links and search engines know it.
        </p>
      </div>
    );
  }

  const submit = async () => {
    setBusy(true);
    try {
      const result = await articleCall("POST", `/${article.id}/slug`, { version: article.version, slug: draft.trim() });
      if (!result.ok) {
        setError(result.fields.slug ?? result.detail);
        return;
      }
      setError(undefined);
      setOpen(false);
      onRenamed(result.article);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="cfield" data-field="slug">
      <p className="cfield__label" id={`${formId}-label`}>
        Address
      </p>
      <p className="article-address">
        <code>/news/{article.slug}</code>{" "}
        {canEdit ? (
          <button
            type="button"
            className="console-accounts__button console-accounts__button--plain"
            aria-expanded={open}
            aria-controls={`${formId}-change`}
            onClick={() => {
              setDraft(article.slug);
              setError(undefined);
              setOpen(!open);
            }}
          >
            Change address
          </button>
        ) : null}
      </p>
      {open ? (
        <div id={`${formId}-change`} className="article-address__change">
          <label htmlFor="article-slug" className="cfield__label">
            New address (lower-case letters, digits and single hyphens); it can change until the first publication
          </label>
          <input
            id="article-slug"
            className="cfield__control"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              // Enter saves the address, not the article's form around it.
              if (e.key === "Enter") {
                e.preventDefault();
                void submit();
              }
            }}
            {...(error ? { "aria-invalid": true, "aria-describedby": errorId } : {})}
          />
          {error ? (
            <p id={errorId} className="cfield__error">
              {error}
            </p>
          ) : null}
          <p>
            <button type="button" className="console-accounts__button" disabled={busy} onClick={() => void submit()}>
              Save address
            </button>{" "}
            <button type="button" className="console-accounts__button console-accounts__button--plain" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </p>
        </div>
      ) : null}
    </div>
  );
}
