import { Link } from "react-router";
import type { NewsSearchHit } from "../../schemas/news-search";
import { newsPath } from "../../routes/paths";
import { useChildViewClick } from "../news/NewsCard";
import ClubTime from "../ClubTime";
import { Picture } from "../Picture";

/** One news result of the search overlay; a plain click opens the article as a child view over the page. */
export function SearchNewsHit({ hit }: { hit: NewsSearchHit }) {
  const href = newsPath(hit.fields.slug);
  const onClick = useChildViewClick(href, true);
  return (
    <li className="search-hit">
      <Link className="search-hit__link" to={href} onClick={onClick}>
        <Picture className="search-hit__image" imageKey={hit.imageData.key} w={160} h={90} alt="" />
        <span className="search-hit__body">
          <span className="search-hit__title">{hit.fields.title}</span>
          <span className="search-hit__meta">
            {hit.fields.category ? `${hit.fields.category} · ` : ""}
            <ClubTime iso={hit.fields.published_date} format="date" />
          </span>
        </span>
      </Link>
    </li>
  );
}
