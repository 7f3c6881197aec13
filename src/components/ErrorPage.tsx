import { Link } from "react-router";
import { club } from "../config/club";
import Icon from "./Icon";
import { Picture } from "./Picture";
import { DocumentTitle } from "./DocumentTitle";
import { sitePaths } from "../routes/paths";

/** Quick links of spec §2 'Error page'. */
const quickLinks = [
  { label: "News", href: sitePaths.news },
  { label: "Matches", href: sitePaths.matches },
  { label: "Teams", href: sitePaths.teams },
  { label: "Ticket News", href: sitePaths.ticketNews },
] as const;

/** The background picture: an empty floodlit ground. */
export const ERROR_BACKGROUND_KEY = "page-error-empty-stadium";

/**
 * The error page (spec §2 'Footer and others', §8): '{status} error', the apology, quick
 * links, and for a 404 'This page could not be found'. Shown under a transparent-dark header.
 */
export default function ErrorPage({ status }: { status: number }) {
  return (
    <section className="error-page" aria-labelledby="error-page-title">
      <DocumentTitle page={status === 404 ? "This page could not be found" : `${status} error`} noIndex />
      <div className="error-page__media" aria-hidden="true">
        <Picture imageKey={ERROR_BACKGROUND_KEY} w={1600} h={900} alt="" loading="eager" fetchPriority="high" />
      </div>
      <div className="error-page__content">
        <p className="error-page__eyebrow">{club.name}</p>
        <h1 id="error-page-title" className="error-page__title">
          {`${status} error`}
        </h1>
        {status === 404 ? <p className="error-page__notfound">This page could not be found</p> : null}
        <p className="error-page__text">Sorry, it looks like the page you are looking for isn't available right now.</p>
        <h2 className="error-page__links-title">Quick Links:</h2>
        <ul className="error-page__links">
          {quickLinks.map((link) => (
            <li key={link.href}>
              <Link to={link.href} className="error-page__link">
                {link.label}
                <Icon name="arrow-right" />
              </Link>
            </li>
          ))}
          <li>
            <a href={club.links.buyTickets} target="_blank" rel="noopener noreferrer" className="error-page__link error-page__link--cta">
              Buy Tickets
              <Icon name="external" />
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        </ul>
      </div>
    </section>
  );
}
