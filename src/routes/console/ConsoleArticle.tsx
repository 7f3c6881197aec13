import "./console.css";
import "./console-accounts.css";
import "./console-content.css";
import "./console-article.css";
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useLoaderData, useNavigate } from "react-router";
import type { articleLoader } from "./console.loader";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { utcMinute } from "../../components/console/console-time";
import { articleCall, revisionOf, type ArticleCall } from "../../components/console/article-api";
import { datetimeLocal } from "../../domain/content-form";
import { textOfHtml, wordDiff, type DiffPiece } from "../../domain/word-diff";
import type { ArticleMove } from "../../domain/article-state";
import type { ArticleFields, ArticleRevision, ConsoleArticle as Article } from "../../schemas/console-articles";

// The editor (Tiptap) is its own chunk, fetched by this page in the browser only.
const RichTextEditor = lazy(() => import("../../components/console/RichTextEditor"));

/** How long after the last keystroke a change saves itself. */
const AUTOSAVE_MS = 2500;
const STATUS_LABELS = { draft: "Draft", scheduled: "Scheduled", published: "Published", unpublished: "Unpublished" } as const;
const MOVE_LABELS: Record<ArticleMove, string> = { publish: "Publish now", schedule: "Schedule", unschedule: "Cancel the schedule", unpublish: "Unpublish" };

/** Where the browser keeps what was typed and not yet saved (an ended session, a closed tab). */
const localKey = (id: number | null) => `rovers-article:${id ?? "new"}`;
type LocalCopy = { version: number; fields: ArticleFields };

function readLocal(id: number | null): LocalCopy | null {
  try {
    const text = window.localStorage.getItem(localKey(id));
    return text ? (JSON.parse(text) as LocalCopy) : null;
  } catch {
    return null;
  }
}
function writeLocal(id: number | null, copy: LocalCopy | null) {
  try {
    if (copy) window.localStorage.setItem(localKey(id), JSON.stringify(copy));
    else window.localStorage.removeItem(localKey(id));
  } catch {
    // A full or blocked storage only loses the browser's spare copy.
  }
}

type Notice = { tone: "info" | "error"; text: string } | null;

function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string | undefined; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="cfield" data-field={id}>
      <label htmlFor={`article-${id}`} className="cfield__label">
        {label}
      </label>
      {hint ? <p className="cfield__hint" id={`article-${id}-hint`}>{hint}</p> : null}
      {children}
      {error ? (
        <p id={`article-${id}-error`} className="cfield__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The props that tie a control to its error: named by it and marked invalid. */
const invalid = (id: string, error: string | undefined) => (error ? { "aria-invalid": true, "aria-describedby": `article-${id}-error` } : {});

function Diff({ pieces }: { pieces: DiffPiece[] }) {
  return (
    <p className="article-diff">
      {pieces.map((p, i) =>
        p.kind === "same" ? <span key={i}>{p.text}</span> : p.kind === "added" ? <ins key={i}>{p.text}</ins> : <del key={i}>{p.text}</del>,
      )}
    </p>
  );
}

/**
 * /admin/news/new and /admin/news/{id}: write an article, save it (by itself a moment after typing
 * stops), publish, schedule or unpublish it (staff with content.publish only), and compare or
 * restore its revisions. Every save names the version it started from, so a second editor's save
 * is refused with who saved first rather than overwritten; what was typed always stays on the
 * page and in this browser's storage until a save succeeds.
 */
export default function ConsoleArticle() {
  const loaded = useLoaderData<typeof articleLoader>();
  const { access, categories } = loaded;
  const navigate = useNavigate();
  const canEdit = access.capabilities.includes("content.edit");
  const canPublish = access.capabilities.includes("content.publish");

  const [article, setArticle] = useState<Article | null>(loaded.article);
  const [fields, setFields] = useState<ArticleFields>(loaded.fields);
  const [revisions, setRevisions] = useState<ArticleRevision[]>(loaded.revisions);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [blocked, setBlocked] = useState<"conflict" | "session" | null>(null);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [editorKey, setEditorKey] = useState(0);
  const [mounted, setMounted] = useState(false);
  const [publishAt, setPublishAt] = useState(article?.publishAt ? datetimeLocal(article.publishAt) : "");
  const [confirmUnpublish, setConfirmUnpublish] = useState(false);
  const [shareHours, setShareHours] = useState("24");
  const [shared, setShared] = useState<{ url: string; expiresAt: string } | null>(null);
  const [compare, setCompare] = useState<{ revision: ArticleRevision; title: DiffPiece[]; body: DiffPiece[] } | null>(null);
  const edits = useRef(0);
  const saving = useRef<Promise<Article | null> | null>(null);
  const id = article?.id ?? null;

  // The loader's data changes when the route moves from /new to the saved article's id: keep what is typed.
  useEffect(() => setMounted(true), []);

  // A copy kept by this browser for this very version (a save that never reached the site) comes back.
  useEffect(() => {
    const local = readLocal(loaded.article?.id ?? null);
    if (!local || local.version !== (loaded.article?.version ?? 0)) return;
    if (JSON.stringify(local.fields) === JSON.stringify(loaded.fields)) return;
    setFields(local.fields);
    setDirty(true);
    setEditorKey((k) => k + 1);
    setNotice({ tone: "info", text: "Changes this browser kept from before were brought back; they save in a moment." });
    // Only on arrival: later loader runs are this page's own saves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const change = <K extends keyof ArticleFields>(name: K, value: ArticleFields[K]) => {
    edits.current += 1;
    setFields((f) => {
      const next = { ...f, [name]: value };
      writeLocal(id, { version: article?.version ?? 0, fields: next });
      return next;
    });
    setDirty(true);
  };

  const refused = (result: Extract<ArticleCall, { ok: false }>) => {
    setErrors(result.fields);
    setNotice({ tone: "error", text: result.detail });
    if (result.kind === "conflict" || result.kind === "session") setBlocked(result.kind);
  };

  const accept = (saved: Article) => {
    setArticle(saved);
    setErrors({});
    setBlocked(null);
    if (saved.publishAt) setPublishAt(datetimeLocal(saved.publishAt));
  };

  /** Saves what is on the page; the article as saved, or null (the reason is on the page). */
  const save = useCallback(async (): Promise<Article | null> => {
    if (saving.current) return saving.current;
    const run = async () => {
      const started = edits.current;
      const sent = fields;
      const result = article ? await articleCall("PUT", `/${article.id}`, { ...sent, version: article.version }) : await articleCall("POST", "", sent);
      if (!result.ok) {
        refused(result);
        return null;
      }
      accept(result.article);
      if (edits.current === started) {
        setDirty(false);
        writeLocal(article ? article.id : null, null);
      } else {
        writeLocal(result.article.id, { version: result.article.version, fields });
      }
      if (!article) {
        writeLocal(null, null);
        navigate(`/admin/news/${result.article.id}`, { replace: true });
      }
      setNotice({ tone: "info", text: `Saved at ${utcMinute(result.article.updatedAt)}` });
      setRevisions((r) => [{ id: -result.article.version, version: result.article.version, action: article ? "save" : "create", at: result.article.updatedAt, by: result.article.updatedBy }, ...r]);
      return result.article;
    };
    saving.current = run().finally(() => {
      saving.current = null;
    });
    return saving.current;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [article, fields, navigate]);

  // Autosave: a moment after typing stops, unless a refusal needs a person first.
  useEffect(() => {
    if (!dirty || !canEdit || blocked || busy) return;
    if (!article && fields.title.trim() === "") return;
    const timer = window.setTimeout(() => void save(), AUTOSAVE_MS);
    return () => window.clearTimeout(timer);
  }, [dirty, fields, canEdit, blocked, busy, article, save]);

  const act = async (move: ArticleMove) => {
    setBusy(true);
    try {
      const current = dirty || !article ? await save() : article;
      if (!current) return;
      const body: Record<string, unknown> = { version: current.version };
      if (move === "schedule") {
        if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d$/.test(publishAt)) {
          setErrors({ publishAt: "Enter a date and time (UTC)" });
          return;
        }
        body.publishAt = new Date(`${publishAt}:00Z`).toISOString();
      }
      const result = await articleCall("POST", `/${current.id}/${move}`, body);
      if (!result.ok) return refused(result);
      accept(result.article);
      setConfirmUnpublish(false);
      const done: Record<ArticleMove, () => string> = {
        publish: () => (current.status === "published" ? "The changes are live." : "Published."),
        schedule: () => `Scheduled for ${result.article.publishAt ? utcMinute(result.article.publishAt) : "the time chosen"}.`,
        unschedule: () => "Back to a draft.",
        unpublish: () => "Unpublished: the article is no longer on the site.",
      };
      setNotice({ tone: "info", text: done[move]() });
    } finally {
      setBusy(false);
    }
  };

  const loadLatest = async () => {
    if (!article) return;
    const result = await articleCall("GET", `/${article.id}`);
    if (!result.ok) return refused(result);
    accept(result.article);
    const { title, slug, summary, bodyHtml, author, heroImage, featured, categoryIds, relatedIds } = result.article;
    setFields({ title, slug, summary, bodyHtml, author, heroImage, featured, categoryIds, relatedIds });
    writeLocal(article.id, null);
    setDirty(false);
    setEditorKey((k) => k + 1);
    setNotice({ tone: "info", text: "The latest saved version is loaded." });
  };

  const share = async () => {
    if (!article) return;
    try {
      const response = await fetch(`/api/console/news/articles/${article.id}/share`, {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ hours: Number(shareHours) }),
      });
      if (!response.ok) return setNotice({ tone: "error", text: `The link could not be made (${response.status}).` });
      setShared(((await response.json()) as { data: { url: string; expiresAt: string } }).data);
    } catch {
      setNotice({ tone: "error", text: "The console could not reach the site. Try again." });
    }
  };

  const showCompare = async (revision: ArticleRevision) => {
    if (!article || revision.id < 0) return;
    const old = await revisionOf(article.id, revision.id);
    if (!old) return setNotice({ tone: "error", text: "That revision could not be loaded." });
    setCompare({ revision, title: wordDiff(old.fields.title, fields.title), body: wordDiff(textOfHtml(old.fields.bodyHtml), textOfHtml(fields.bodyHtml)) });
  };

  const restore = async (revision: ArticleRevision) => {
    if (!article) return;
    const result = await articleCall("POST", `/${article.id}/revisions/${revision.id}/restore`, { version: article.version });
    if (!result.ok) return refused(result);
    await loadLatest();
    setCompare(null);
    setNotice({ tone: "info", text: `Version ${revision.version} is restored as a new save.` });
  };

  const moves = (article?.moves ?? []).filter((m) => !(m === "publish" && article?.status === "published" && !article.pending && !dirty));
  const title = article ? `Article: ${fields.title || "untitled"}` : "New article";
  const stateLine = article
    ? `${STATUS_LABELS[article.status]}${article.pending ? ", with edits not live yet" : ""}${article.status === "scheduled" && article.publishAt ? ` for ${utcMinute(article.publishAt)}` : ""} · version ${article.version}`
    : "Not saved yet";

  return (
    <ConsoleFrame access={access} title={title}>
      <section className="console__section article-editor" aria-labelledby="article-heading">
        <p>
          <Link to="/admin/news">All news</Link>
        </p>
        <h2 id="article-heading" className="console__heading">
          {article ? "Edit the article" : "Write an article"}
        </h2>
        <p className="article-editor__state" data-state={article?.status ?? "new"}>
          {stateLine}
          {dirty ? " · unsaved changes" : ""}
        </p>
        <div role={notice?.tone === "error" ? "alert" : "status"} className={notice?.tone === "error" ? "article-editor__notice article-editor__notice--error" : "article-editor__notice"}>
          {notice?.text}
          {blocked === "conflict" ? (
            <button type="button" className="console-accounts__button console-accounts__button--plain" onClick={() => void loadLatest()}>
              Discard mine and load the latest
            </button>
          ) : null}
          {blocked === "session" ? (
            <button type="button" className="console-accounts__button console-accounts__button--plain" onClick={() => void save()}>
              Try saving again
            </button>
          ) : null}
        </div>
        <form
          className="article-editor__form"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
          noValidate
        >
          <fieldset disabled={!canEdit} className="article-editor__fields">
            <Field id="title" label="Title (required)" error={errors.title}>
              <input id="article-title" className="cfield__control" value={fields.title} maxLength={200} onChange={(e) => change("title", e.target.value)} {...invalid("title", errors.title)} />
            </Field>
            <Field id="slug" label="Address" error={errors.slug} hint={article?.slugLocked ? `Fixed since publication: /news/${article.slug}` : `/news/${fields.slug || article?.slug || "… (made from the title)"}`}>
              <input
                id="article-slug"
                className="cfield__control"
                value={article?.slugLocked ? article.slug : fields.slug}
                readOnly={article?.slugLocked}
                placeholder="made from the title"
                onChange={(e) => change("slug", e.target.value)}
                {...invalid("slug", errors.slug)}
              />
            </Field>
            <Field id="summary" label="Summary" error={errors.summary}>
              <textarea id="article-summary" className="cfield__control" rows={3} value={fields.summary} onChange={(e) => change("summary", e.target.value)} {...invalid("summary", errors.summary)} />
            </Field>
            <div className="cfield" data-field="bodyHtml">
              <p className="cfield__label" id="article-body-label">
                Text
              </p>
              {mounted ? (
                <Suspense fallback={<p className="rte__loading">Loading the editor…</p>}>
                  <RichTextEditor key={editorKey} labelledBy="article-body-label" describedBy={errors.bodyHtml ? "article-bodyHtml-error" : undefined} html={fields.bodyHtml} onChange={(html) => change("bodyHtml", html)} />
                </Suspense>
              ) : (
                <p className="rte__loading">Loading the editor…</p>
              )}
              {errors.bodyHtml ? (
                <p id="article-bodyHtml-error" className="cfield__error">
                  {errors.bodyHtml}
                </p>
              ) : null}
            </div>
            <Field id="author" label="Author" error={errors.author}>
              <input id="article-author" className="cfield__control" value={fields.author} onChange={(e) => change("author", e.target.value)} {...invalid("author", errors.author)} />
            </Field>
            <Field id="heroImage" label="Hero image (its image key; empty: a picture made for the article)" error={errors.heroImage}>
              <input id="article-heroImage" className="cfield__control" value={fields.heroImage} onChange={(e) => change("heroImage", e.target.value)} {...invalid("heroImage", errors.heroImage)} />
            </Field>
            <fieldset className="article-editor__categories" {...invalid("categoryIds", errors.categoryIds)}>
              <legend className="cfield__label">Categories</legend>
              {categories.map((c) => (
                <label key={c.id} className="article-editor__category">
                  <input
                    type="checkbox"
                    checked={fields.categoryIds.includes(c.id)}
                    onChange={(e) => change("categoryIds", e.target.checked ? [...fields.categoryIds, c.id] : fields.categoryIds.filter((x) => x !== c.id))}
                  />{" "}
                  {c.name}
                </label>
              ))}
              {errors.categoryIds ? (
                <p id="article-categoryIds-error" className="cfield__error">
                  {errors.categoryIds}
                </p>
              ) : null}
            </fieldset>
            <Field id="relatedIds" label="Related stories (their numbers, separated by commas)" error={errors.relatedIds}>
              <input
                id="article-relatedIds"
                className="cfield__control"
                inputMode="numeric"
                value={fields.relatedIds.join(", ")}
                onChange={(e) => change("relatedIds", e.target.value.split(/[\s,]+/).filter(Boolean).map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))}
                {...invalid("relatedIds", errors.relatedIds)}
              />
            </Field>
            <div className="cfield cfield--check">
              <label htmlFor="article-featured" className="cfield__label">
                Headline on the home page
              </label>
              <input id="article-featured" type="checkbox" className="cfield__check" checked={fields.featured} onChange={(e) => change("featured", e.target.checked)} />
            </div>
            <button type="submit" className="console-accounts__button" disabled={busy}>
              {article?.status === "published" ? "Save (not live until Update)" : "Save draft"}
            </button>
          </fieldset>
        </form>

        {canPublish && article ? (
          <section className="article-editor__publishing" aria-labelledby="article-publishing">
            <h3 id="article-publishing" className="console__subheading">
              Publishing
            </h3>
            {article.status === "published" && (article.pending || dirty) ? (
              <button type="button" className="console-accounts__button" disabled={busy} onClick={() => void act("publish")}>
                Update the live article
              </button>
            ) : null}
            {moves.includes("publish") && article.status !== "published" ? (
              <button type="button" className="console-accounts__button" disabled={busy} onClick={() => void act("publish")}>
                {MOVE_LABELS.publish}
              </button>
            ) : null}
            {moves.includes("schedule") ? (
              <div className="article-editor__schedule">
                <Field id="publishAt" label="Publish at (UTC)" error={errors.publishAt}>
                  <input id="article-publishAt" type="datetime-local" className="cfield__control" value={publishAt} onChange={(e) => setPublishAt(e.target.value)} {...invalid("publishAt", errors.publishAt)} />
                </Field>
                <button type="button" className="console-accounts__button" disabled={busy} onClick={() => void act("schedule")}>
                  {MOVE_LABELS.schedule}
                </button>
              </div>
            ) : null}
            {moves.includes("unschedule") ? (
              <button type="button" className="console-accounts__button console-accounts__button--plain" disabled={busy} onClick={() => void act("unschedule")}>
                {MOVE_LABELS.unschedule}
              </button>
            ) : null}
            {moves.includes("unpublish") ? (
              confirmUnpublish ? (
                <p>
                  The article leaves the site, search and the feed at once.{" "}
                  <button type="button" className="console-accounts__button console-accounts__button--danger" disabled={busy} onClick={() => void act("unpublish")}>
                    Yes, unpublish
                  </button>{" "}
                  <button type="button" className="console-accounts__button console-accounts__button--plain" onClick={() => setConfirmUnpublish(false)}>
                    Keep it published
                  </button>
                </p>
              ) : (
                <button type="button" className="console-accounts__button console-accounts__button--danger" disabled={busy} onClick={() => setConfirmUnpublish(true)}>
                  {MOVE_LABELS.unpublish}
                </button>
              )
            ) : null}
            {article.status === "published" ? (
              <p>
                <Link to={`/news/${article.slug}`} reloadDocument>
                  See it on the site
                </Link>
              </p>
            ) : null}
          </section>
        ) : null}

        {article ? (
          <section className="article-editor__publishing" aria-labelledby="article-preview">
            <h3 id="article-preview" className="console__subheading">
              Preview
            </h3>
            <p>
              <a href={`/news/preview/${article.id}`} target="_blank" rel="noopener noreferrer">
                Open the preview (saved text, opens in a new tab)
              </a>
            </p>
            <div className="cfield">
              <label htmlFor="article-share-hours" className="cfield__label">
                Share a read-only preview for
              </label>
              <select id="article-share-hours" className="cfield__control" value={shareHours} onChange={(e) => setShareHours(e.target.value)}>
                <option value="1">1 hour</option>
                <option value="24">24 hours</option>
                <option value="168">7 days</option>
              </select>
            </div>
            <button type="button" className="console-accounts__button" onClick={() => void share()}>
              Make a share link
            </button>
            {shared ? (
              <div className="cfield">
                <label htmlFor="article-share-url" className="cfield__label">
                  Share link, until {utcMinute(shared.expiresAt)}
                </label>
                <input id="article-share-url" className="cfield__control" readOnly value={shared.url} onFocus={(e) => e.target.select()} />
              </div>
            ) : null}
          </section>
        ) : null}

        {article && revisions.length > 0 ? (
          <section className="article-editor__revisions" aria-labelledby="article-revisions">
            <h3 id="article-revisions" className="console__subheading">
              Revisions
            </h3>
            <ol className="article-editor__revision-list">
              {revisions.map((r) => (
                <li key={r.id}>
                  Version {r.version}, {r.action}, {utcMinute(r.at)} by {r.by}{" "}
                  {r.id > 0 ? (
                    <>
                      <button type="button" className="console-accounts__button console-accounts__button--plain" onClick={() => void showCompare(r)}>
                        Compare with the text above
                      </button>
                      {canEdit ? (
                        <button type="button" className="console-accounts__button console-accounts__button--plain" disabled={busy || dirty} onClick={() => void restore(r)}>
                          Restore
                        </button>
                      ) : null}
                    </>
                  ) : null}
                </li>
              ))}
            </ol>
            {compare ? (
              <div className="article-editor__compare" aria-live="polite">
                <h4>Version {compare.revision.version} compared with the text above (removed words struck through, added ones underlined)</h4>
                <Diff pieces={compare.title} />
                <Diff pieces={compare.body} />
              </div>
            ) : null}
          </section>
        ) : null}
      </section>
    </ConsoleFrame>
  );
}
