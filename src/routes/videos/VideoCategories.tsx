import "./videos.css";
import { useLoaderData } from "react-router";
import type { videoCategoriesLoader } from "./videos.loader";
import { club } from "../../config/club";
import { DocumentTitle } from "../../components/DocumentTitle";
import { PageHead } from "../../components/PageHead";
import { TvNav } from "../../components/video/TvNav";
import { CategoryCard } from "../../components/video/CategoryCard";

export default function VideoCategories() {
  const { categories } = useLoaderData<typeof videoCategoriesLoader>();
  const sorted = [...categories].sort((a, b) => a.orderPosition - b.orderPosition);
  return (
    <div className="tv tv--categories">
      <DocumentTitle page={`Categories | ${club.tvName}`} />
      <PageHead title="Categories" eyebrow={club.tvName} size="compact" />
      <TvNav />
      <section className="page-section">
        <ul className="category-grid">
          {sorted.map((c) => (
            <li key={c.slug}>
              <CategoryCard category={c} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
