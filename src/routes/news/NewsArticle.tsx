import "./news-article.css";
import type { ReactNode } from "react";
import { Link, useLoaderData } from "react-router";
import type { NewsArticle as NewsArticleData } from "../../schemas/news";
import type { newsPathLoader } from "./news.loader";
import { DocumentTitle } from "../../components/DocumentTitle";
import { NewsCard } from "../../components/news/NewsCard";
import { ArticleBody } from "../../components/news/ArticleBody";
import { ContentPicture } from "../../components/ContentPicture";
import ClubTime from "../../components/ClubTime";
import { categoryPath, newsPath, sitePaths } from "../paths";
import { useSiteOrigin } from "../../app/site-origin";
import { JsonLd } from "../../components/JsonLd";
import { newsArticle } from "../../structured-data/news-article";
import { breadcrumbList } from "../../structured-data/breadcrumb-list";

/** Related stories shown under an article (spec §9). */
const RELATED_COUNT = 4;

export default function NewsArticle() {
  const article = useLoaderData<typeof newsPathLoader>();
  // /news/* also answers dated listings; the route switch shows this page for articles only.
  if (article.kind !== "article") return null;
  return <ArticleView article={article} />;
}

/**
 * The article template: /news/{slug}, and the preview of a working copy (NewsPreview.tsx), which
 * passes its banner and is never indexed (no canonical address or structured data of its own).
 */
export function ArticleView({ article, banner }: { article: NewsArticleData; banner?: ReactNode }) {
  const origin = useSiteOrigin();
  return (
    <article className="article">
      {banner ? (
        <DocumentTitle page={`Preview: ${article.title}`} description={article.summary} noIndex="nofollow" />
      ) : (
        <>
          <DocumentTitle page={article.title} description={article.summary} imageKey={article.imageKey} photo={article.photo} type="article" canonical={newsPath(article.slug)} />
          <JsonLd data={[newsArticle(origin, article), breadcrumbList(origin, [{ name: "News", path: "/news" }, { name: article.title, path: newsPath(article.slug) }])]} />
        </>
      )}
      {banner}
      <header className="article__head">
        <div className="article__head-inner">
          <nav className="article__crumbs" aria-label="Breadcrumb">
            <Link to={sitePaths.news}>News</Link>
            {article.categories.map((c) => (
              <Link key={c.slug} className="article__category" to={categoryPath(c.slug)}>
                {c.name}
              </Link>
            ))}
          </nav>
          <h1 className="article__title">{article.title}</h1>
          <p className="article__meta">
            <ClubTime iso={article.publishedAt} format="date" />
            {article.author ? (
              <>
                <span aria-hidden="true" className="article__dot">•</span>
                <span>By {article.author}</span>
              </>
            ) : null}
          </p>
        </div>
      </header>
      <div className="article__hero">
        <ContentPicture imageKey={article.imageKey} photo={article.photo} w={1600} h={900} sizes="(max-width: 1600px) 100vw, 1600px" alt={article.photo ? null : article.title} loading="eager" fetchPriority="high" />
      </div>
      <div className="article__content">
        {article.summary ? <p className="article__standfirst">{article.summary}</p> : null}
        {/* bodyHtml is CMS HTML: the server sanitises it (worker/html/sanitize-html.ts) before it reaches the page. */}
        <ArticleBody html={article.bodyHtml} videos={article.videos} />
        <footer className="article__footer">
          <span className="article__footer-label">Filed under</span>
          {article.categories.map((c) => (
            <Link key={c.slug} className="page-pill page-pill--dark" to={categoryPath(c.slug)}>
              {c.name}
            </Link>
          ))}
        </footer>
      </div>
      {article.related.length > 0 ? (
        <section className="page-section page-section--tinted" aria-labelledby="related-title">
          <div className="page-section__head">
            <h2 className="page-section__title" id="related-title">Related News</h2>
            <Link className="page-section__more" to={sitePaths.news}>All news <span aria-hidden="true">→</span></Link>
          </div>
          <div className="news-grid news-grid--four">
            {article.related.slice(0, RELATED_COUNT).map((item) => (
              <NewsCard key={item.id} item={item} />
            ))}
          </div>
        </section>
      ) : null}
    </article>
  );
}
