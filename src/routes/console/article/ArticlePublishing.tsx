import { Link } from "react-router";
import { ConfirmPanel, useConfirm } from "../../../components/console/Confirm";
import type { ArticleMove } from "../../../domain/article-state";
import type { ConsoleArticle as Article } from "../../../schemas/console-articles";
import { ArticleField, invalid } from "./ArticleField";

const MOVE_LABELS: Record<ArticleMove, string> = { publish: "Publish now", schedule: "Schedule", unschedule: "Cancel the schedule", unpublish: "Unpublish" };

interface PublishingProps {
  article: Article;
  /** The page has changes not saved yet: a published article then offers 'Update'. */
  dirty: boolean;
  busy: boolean;
  /** The schedule's time as the datetime-local field holds it (UTC). */
  publishAt: string;
  onPublishAt: (value: string) => void;
  publishAtError: string | undefined;
  onMove: (move: ArticleMove) => Promise<void>;
}

/** Publish, update, schedule, cancel the schedule, unpublish (after a confirmation): staff with content.publish only. */
export function ArticlePublishing({ article, dirty, busy, publishAt, onPublishAt, publishAtError, onMove }: PublishingProps) {
  const confirm = useConfirm<"unpublish">();
  const moves = article.moves.filter((m) => !(m === "publish" && article.status === "published" && !article.pending && !dirty));

  const unpublish = async () => {
    await onMove("unpublish");
    confirm.done();
  };

  return (
    <section className="article-editor__publishing" aria-labelledby="article-publishing">
      <h3 id="article-publishing" className="console__subheading">
        Publishing
      </h3>
      {article.status === "published" && (article.pending || dirty) ? (
        <button type="button" className="console-accounts__button" disabled={busy} onClick={() => void onMove("publish")}>
          Update the live article
        </button>
      ) : null}
      {moves.includes("publish") && article.status !== "published" ? (
        <button type="button" className="console-accounts__button" disabled={busy} onClick={() => void onMove("publish")}>
          {MOVE_LABELS.publish}
        </button>
      ) : null}
      {moves.includes("schedule") ? (
        <div className="article-editor__schedule">
          <ArticleField id="publishAt" label="Publish at (UTC)" error={publishAtError}>
            <input id="article-publishAt" type="datetime-local" className="cfield__control" value={publishAt} onChange={(e) => onPublishAt(e.target.value)} {...invalid("publishAt", publishAtError)} />
          </ArticleField>
          <button type="button" className="console-accounts__button" disabled={busy} onClick={() => void onMove("schedule")}>
            {MOVE_LABELS.schedule}
          </button>
        </div>
      ) : null}
      {moves.includes("unschedule") ? (
        <button type="button" className="console-accounts__button console-accounts__button--plain" disabled={busy} onClick={() => void onMove("unschedule")}>
          {MOVE_LABELS.unschedule}
        </button>
      ) : null}
      {moves.includes("unpublish") ? (
        confirm.asking ? (
          <ConfirmPanel confirm={confirm} title={`Unpublish “${article.title}”?`} yes="Yes, unpublish" busy={busy} onYes={() => void unpublish()}>
            The article leaves the site, search and the feed at once; its address answers 404.
          </ConfirmPanel>
        ) : (
          <button type="button" className="console-accounts__button console-accounts__button--danger" disabled={busy} ref={confirm.button("unpublish")} onClick={() => confirm.ask("unpublish")}>
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
  );
}
