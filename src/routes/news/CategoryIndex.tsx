import { Link, useLoaderData } from "react-router";
import type { categoryIndexLoader } from "./news.loader";
import { DocumentTitle } from "../../components/DocumentTitle";
import { PageHead } from "../../components/PageHead";
import { categoryPath, sitePaths } from "../paths";
import Button from "../../components/Button";

/** /category: every news category with its story count. */
export default function CategoryIndex() {
  const { categories } = useLoaderData<typeof categoryIndexLoader>();
  return (
    <div className="category-index">
      <DocumentTitle page="Categories" />
      <PageHead title="News Categories" eyebrow="News" lead="Browse every story from the club by topic." />
      <section className="page-section">
        {categories.length === 0 ? (
          <div className="empty-state">
            <h2 className="empty-state__title">No categories</h2>
            <Button type="primary-dark" inline href={sitePaths.news} text="Go to news" />
          </div>
        ) : (
          <ul className="page-tile-grid">
            {categories.map((c) => (
              <li key={c.slug}>
                <Link className="page-tile" to={categoryPath(c.slug)}>
                  <span className="page-tile__title">{c.name}</span>
                  <span className="page-tile__meta">
                    {c.articleCount === 1 ? "1 story" : `${c.articleCount} stories`}
                  </span>
                  <span className="page-tile__arrow" aria-hidden="true">→</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
