import "./news-article.css";
import { useLoaderData } from "react-router";
import type { newsPreviewLoader } from "./news.loader";
import { ArticleView } from "./NewsArticle";
import { utcMinute } from "../../components/console/console-time";

const STATES = { draft: "a draft", scheduled: "scheduled", published: "published", unpublished: "unpublished" } as const;

/**
 * /news/preview/{id}: an article's working copy with the site's own article template (the same
 * component as /news/{slug}) under a 'Preview' banner: staff see its state, a share link's holder
 * until when the link works. Served no-store and noindex by worker/console/article-preview.ts.
 */
export default function NewsPreview() {
  const article = useLoaderData<typeof newsPreviewLoader>();
  const note = article.sharedUntil
    ? `A shared preview, read-only, until ${utcMinute(article.sharedUntil)}.`
    : `This article is ${STATES[article.status]}${article.pending ? ", with edits not live yet" : ""}.`;
  const banner = (
    <p className="preview-banner" role="status">
      <strong>Preview</strong> — not published as shown. {note}
    </p>
  );
  return <ArticleView article={article} banner={banner} />;
}
