import { Link, useLoaderData } from "react-router";
import type { newsListLoader } from "./news.loader";
import { DocumentTitle } from "../../components/DocumentTitle";
import { NewsCard } from "../../components/news/NewsCard";
import { PageHead } from "../../components/PageHead";
import { SectionSponsor } from "../../components/sponsors/SectionSponsor";
import { Pagination } from "../../components/Pagination";
import { categoryPath, newsFeedPath, sitePaths } from "../paths";
import { club } from "../../config/club";
import Button from "../../components/Button";

/** /news, /category/{slug} and the legacy dated listings. */
export default function NewsList() {
  const { heading, news, category, categories, basePath } = useLoaderData<typeof newsListLoader>();
  const pageLabel = news.page > 0 ? `${heading} - Page ${news.page + 1}` : heading;
  const [first, ...rest] = news.items;
  const showFeature = news.page === 0 && first !== undefined;
  // All news and a category have a feed; a dated listing is history, its feed would be the site's.
  const dated = category === null && basePath !== sitePaths.news;
  const feed = dated ? undefined : { title: `${club.name}: ${category?.name ?? "News"}`, path: newsFeedPath(category?.slug) };

  return (
    <div className="news-list">
      <DocumentTitle page={pageLabel} feed={feed} />
      <PageHead title={heading} eyebrow={category ? "News" : "Latest"}>
        {categories.length > 0 ? (
          <nav className="page-pills page-pills--scroll" aria-label="News categories">
            <Link className={`page-pill${category === null ? " is-active" : ""}`} to={sitePaths.news} aria-current={category === null ? "page" : undefined}>
              All News
            </Link>
            {categories.map((c) => (
              <Link
                key={c.slug}
                className={`page-pill${category?.slug === c.slug ? " is-active" : ""}`}
                to={categoryPath(c.slug)}
                aria-current={category?.slug === c.slug ? "page" : undefined}
              >
                {c.name}
              </Link>
            ))}
          </nav>
        ) : null}
      </PageHead>
      <SectionSponsor section="news" />

      <section className="page-section">
        {news.items.length === 0 ? (
          <div className="empty-state">
            <h2 className="empty-state__title">No news yet</h2>
            <p>There are no stories here at the moment. Please check back soon.</p>
            <Button type="primary-dark" inline href={sitePaths.news} text="Back to all news" />
          </div>
        ) : (
          <div className="news-grid">
            {showFeature ? <NewsCard item={first} variant="feature" headingLevel={2} /> : null}
            {(showFeature ? rest : news.items).map((item) => (
              <NewsCard key={item.id} item={item} headingLevel={2} />
            ))}
          </div>
        )}
        <Pagination basePath={basePath} page={news.page} pageSize={news.pageSize} total={news.total} />
      </section>
    </div>
  );
}
