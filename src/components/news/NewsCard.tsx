import { Link } from "react-router";
import type { NewsSummary } from "../../schemas/news";
import { newsPath } from "../../routes/paths";
import { useChildViewClick } from "./use-child-view-click";
import { formatDate } from "../format";
import { Picture } from "../Picture";

/** A news teaser: image, first category, title, date. 'feature' spans two columns of the grid on wide screens. */
export function NewsCard({ item, variant = "default", headingLevel = 3 }: { item: NewsSummary; variant?: "default" | "feature" | "compact"; headingLevel?: 2 | 3 }) {
  const category = item.categories[0];
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const href = newsPath(item.slug);
  const onClick = useChildViewClick(href);
  return (
    <article className={`news-card news-card--${variant}`}>
      <Link className="news-card__link" to={href} onClick={onClick}>
        <div className="news-card__media">
          <Picture imageKey={item.imageKey} w={variant === "feature" ? 1200 : 640} h={variant === "feature" ? 675 : 360} alt="" />
        </div>
        <div className="news-card__body">
          {category ? <span className="news-card__tag">{category.name}</span> : null}
          <Heading className="news-card__title">{item.title}</Heading>
          {variant === "feature" && item.summary ? <p className="news-card__summary">{item.summary}</p> : null}
          <time className="news-card__date" dateTime={item.publishedAt}>{formatDate(item.publishedAt)}</time>
        </div>
      </Link>
    </article>
  );
}
