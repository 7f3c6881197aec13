import { useState } from "react";
import { utcMinute } from "../../../components/console/console-time";
import { revisionOf } from "../../../components/console/article-api";
import { textOfHtml, wordDiff, type DiffPiece } from "../../../domain/word-diff";
import type { ArticleFields, ArticleRevision } from "../../../schemas/console-articles";

function Diff({ pieces }: { pieces: DiffPiece[] }) {
  return (
    <p className="article-diff">
      {pieces.map((p, i) => (p.kind === "same" ? <span key={i}>{p.text}</span> : p.kind === "added" ? <ins key={i}>{p.text}</ins> : <del key={i}>{p.text}</del>))}
    </p>
  );
}

interface RevisionsProps {
  articleId: number;
  revisions: readonly ArticleRevision[];
  /** The text on the page, what a revision is compared with. */
  fields: Pick<ArticleFields, "title" | "bodyHtml">;
  canRestore: boolean;
  /** Restoring waits while a save or a move runs, or while the page has unsaved changes. */
  restoreDisabled: boolean;
  onRestore: (revision: ArticleRevision) => Promise<boolean>;
  onError: (text: string) => void;
}

/**
 * The article's revisions, newest first: each compared word by word with the text on the page, or
 * restored (a new save). Revisions this page has just made (a negative id) are listed only.
 */
export function ArticleRevisions({ articleId, revisions, fields, canRestore, restoreDisabled, onRestore, onError }: RevisionsProps) {
  const [compare, setCompare] = useState<{ revision: ArticleRevision; title: DiffPiece[]; body: DiffPiece[] } | null>(null);

  const showCompare = async (revision: ArticleRevision) => {
    const old = await revisionOf(articleId, revision.id);
    if (!old) return onError("That revision could not be loaded.");
    setCompare({ revision, title: wordDiff(old.fields.title, fields.title), body: wordDiff(textOfHtml(old.fields.bodyHtml), textOfHtml(fields.bodyHtml)) });
  };

  const restore = async (revision: ArticleRevision) => {
    if (await onRestore(revision)) setCompare(null);
  };

  return (
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
                {canRestore ? (
                  <button type="button" className="console-accounts__button console-accounts__button--plain" disabled={restoreDisabled} onClick={() => void restore(r)}>
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
  );
}
