import type { MouseEvent } from "react";
import { Link, useMatches, useNavigate } from "react-router";
import { CHILD_VIEW_STATE, childViewSourceOf, opensChildView } from "../../domain/child-view";
import { isPageHandle } from "../../layouts/page-handle";
import { rememberOpener } from "../../layouts/child-view/opener";
import { useSiteOrigin } from "../../app/site-origin";
import type { NewsSummary } from "../../schemas/news";
import { newsPath } from "../../routes/paths";
import ClubTime from "../ClubTime";
import { ContentPicture } from "../ContentPicture";

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
          <ContentPicture
            imageKey={item.imageKey}
            photo={item.photo}
            w={variant === "feature" ? 1200 : 640}
            h={variant === "feature" ? 675 : 360}
            sizes={variant === "feature" ? "(max-width: 900px) 100vw, 1200px" : "(max-width: 600px) 100vw, (max-width: 1200px) 50vw, 400px"}
            alt=""
          />
        </div>
        <div className="news-card__body">
          {category ? <span className="news-card__tag">{category.name}</span> : null}
          <Heading className="news-card__title">{item.title}</Heading>
          {variant === "feature" && item.summary ? <p className="news-card__summary">{item.summary}</p> : null}
          <ClubTime className="news-card__date" iso={item.publishedAt} format="date" />
        </div>
      </Link>
    </article>
  );
}

/**
 * The click handler of an article link: from a listing (the page's, or the search overlay's results
 * with `fromSearch`), the article opens over the page as a child view (src/layouts/child-view/);
 * any other click stays the link's own. It lives with the card, not in a module of its own: the
 * search overlay's chunk imports the card's, where a module of its own was one more file to fetch
 * on the first visit of every page with news cards.
 */
export function useChildViewClick(href: string, fromSearch = false) {
  const leaf = useMatches().at(-1);
  const origin = useSiteOrigin();
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLAnchorElement>) => {
    const from = fromSearch ? "search" : childViewSourceOf(isPageHandle(leaf?.handle) ? leaf.handle.kind : undefined, leaf?.data);
    if (from === undefined || !opensChildView(event, href, origin, from)) return;
    event.preventDefault();
    // Now, while the link has the focus: it is where focus goes back when the article closes.
    rememberOpener({ element: event.currentTarget, href, from });
    void navigate(href, { state: CHILD_VIEW_STATE, preventScrollReset: true });
  };
}
