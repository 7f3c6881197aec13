import "./console.css";
import "./console-accounts.css";
import "./console-content.css";
import "./console-article.css";
import "./console-media.css";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Link, useLoaderData, useNavigate } from "react-router";
import type { articleLoader } from "./console.loader";
import { ConsoleFrame } from "../../components/console/ConsoleFrame";
import { utcMinute } from "../../components/console/console-time";
import { articleCall, type ArticleCall } from "../../components/console/article-api";
import { datetimeLocal } from "../../domain/content-form";
import { ARTICLE_RELATED_MAX, type ArticleMove } from "../../domain/article-state";
import type { ArticleFields, ArticleRevision, ConsoleArticle as Article } from "../../schemas/console-articles";
import { readLocal, writeLocal } from "./article/local-copy";
import { ArticleField as Field, invalid } from "./article/ArticleField";
import { ArticlePublishing } from "./article/ArticlePublishing";
import { ArticlePreview } from "./article/ArticlePreview";
import { ArticleRevisions } from "./article/ArticleRevisions";
import { ArticleAddress } from "./article/ArticleAddress";
import { PhotoField } from "../../components/console/PhotoField";
import { RelatedStories } from "../../components/console/RelatedStories";

// The editor (Tiptap) is its own chunk, fetched by this page in the browser only.
const RichTextEditor = lazy(() => import("../../components/console/RichTextEditor"));

/** How long after the last keystroke a change saves itself. */
const AUTOSAVE_MS = 2500;
const STATUS_LABELS = { draft: "Draft", scheduled: "Scheduled", published: "Published", unpublished: "Unpublished" } as const;

type Notice = { tone: "info" | "error"; text: string } | null;

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

  /** Restores a revision as a new save; whether it was. */
  const restore = async (revision: ArticleRevision): Promise<boolean> => {
    if (!article) return false;
    const result = await articleCall("POST", `/${article.id}/revisions/${revision.id}/restore`, { version: article.version });
    if (!result.ok) {
      refused(result);
      return false;
    }
    await loadLatest();
    setNotice({ tone: "info", text: `Version ${revision.version} is restored as a new save.` });
    return true;
  };
  const showError = (text: string) => setNotice({ tone: "error", text });

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
            <ArticleAddress
              article={article}
              canEdit={canEdit}
              newSlug={fields.slug}
              onNewSlug={(slug) => change("slug", slug)}
              newError={errors.slug}
              onRenamed={(renamed) => {
                accept(renamed);
                // The next save carries the new address, not the one typed before.
                setFields((f) => ({ ...f, slug: renamed.slug }));
                setRevisions((r) => [{ id: -renamed.version, version: renamed.version, action: "slug", at: renamed.updatedAt, by: renamed.updatedBy }, ...r]);
                setNotice({ tone: "info", text: `The address is now /news/${renamed.slug}` });
              }}
            />
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
            <PhotoField id="article-heroImage" label="Hero image" value={fields.heroImage} onChange={(v) => change("heroImage", v)} emptyText="the article gets a picture made for it" error={errors.heroImage} disabled={!canEdit} />
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
            <RelatedStories id="article-relatedIds" label="Related stories" ids={fields.relatedIds} max={ARTICLE_RELATED_MAX} onChange={(ids) => change("relatedIds", ids)} error={errors.relatedIds} disabled={!canEdit} />
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
          <ArticlePublishing
            article={article}
            dirty={dirty}
            busy={busy}
            publishAt={publishAt}
            onPublishAt={setPublishAt}
            publishAtError={errors.publishAt}
            onMove={act}
          />
        ) : null}
        {article ? <ArticlePreview articleId={article.id} onError={showError} /> : null}
        {article && revisions.length > 0 ? (
          <ArticleRevisions
            articleId={article.id}
            revisions={revisions}
            fields={fields}
            canRestore={canEdit}
            restoreDisabled={busy || dirty}
            onRestore={restore}
            onError={showError}
          />
        ) : null}
      </section>
    </ConsoleFrame>
  );
}
