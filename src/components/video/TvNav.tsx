import { NavLink } from "react-router";
import { club } from "../../config/club";

const LINKS = [
  { to: "/videos", label: "Home", end: true },
  { to: "/videos/browse", label: "Browse", end: false },
  { to: "/videos/categories", label: "Categories", end: false },
  { to: "/live", label: "Live", end: false },
  { to: "/videos/subscriptions", label: "Subscriptions", end: false },
  { to: "/videos/faqs", label: "FAQs", end: false },
] as const;

/** The Rovers TV section bar shown under every video page's masthead. */
export function TvNav() {
  return (
    <nav className="tv-nav" aria-label={`${club.tvName} sections`}>
      <div className="tv-nav__inner">
        <span className="tv-nav__brand">{club.tvName}</span>
        <ul className="tv-nav__links">
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink className={({ isActive }) => `tv-nav__link${isActive ? " is-active" : ""}`} to={link.to} end={link.end}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
