import "../styles/routes/videos.css";
import { Link, useLoaderData } from "react-router";
import type { videoCategoriesLoader } from "./videos.loader";
import { club } from "../config/club";
import { DocumentTitle } from "../components/DocumentTitle";
import { PageHead } from "../components/PageHead";
import { TvNav } from "../components/video/TvNav";
import { Picture } from "../components/Picture";
import { videoBrowsePath } from "./paths";

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
              <Link className="category-card" to={videoBrowsePath(c.slug)} aria-label={c.name}>
                <Picture imageKey={c.imageKey} w={640} h={360} alt="" />
                {c.titleVisibility ? <span className="category-card__title">{c.name}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
