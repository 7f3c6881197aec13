import { useState } from "react";
import { utcMinute } from "../../../components/console/console-time";
import { shareLink, type ShareLink } from "../../../components/console/article-api";

/** The article's preview for staff (its saved text, in a new tab) and a signed link to share it for a while. */
export function ArticlePreview({ articleId, onError }: { articleId: number; onError: (text: string) => void }) {
  const [hours, setHours] = useState("24");
  const [shared, setShared] = useState<ShareLink | null>(null);

  const share = async () => {
    const result = await shareLink(articleId, Number(hours));
    if (result.ok) setShared(result.link);
    else onError(result.detail);
  };

  return (
    <section className="article-editor__publishing" aria-labelledby="article-preview">
      <h3 id="article-preview" className="console__subheading">
        Preview
      </h3>
      <p>
        <a href={`/news/preview/${articleId}`} target="_blank" rel="noopener noreferrer">
          Open the preview (saved text, opens in a new tab)
        </a>
      </p>
      <div className="cfield">
        <label htmlFor="article-share-hours" className="cfield__label">
          Share a read-only preview for
        </label>
        <select id="article-share-hours" className="cfield__control" value={hours} onChange={(e) => setHours(e.target.value)}>
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
  );
}
