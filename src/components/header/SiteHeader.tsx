import { useState, type ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { club } from "../../config/club";
import type { PageShell } from "../../schemas/shell";
import type { HeaderStyle } from "../../state/app-state";
import { useAppState } from "../../state/store";
import { useSignedInHint } from "../../app/signed-in-hint";
import Crest, { ClubWordmark } from "../Crest";
import Icon from "../Icon";
import { primaryNav } from "../../config/nav-links";
import HeaderSponsors from "./HeaderSponsors";
import SecondaryNav from "./SecondaryNav";
import type { HeaderScroll } from "./use-header-scroll";
import type { HeaderVariant } from "../../domain/layout-variants";
import { AccountPanel, MainMenu, warm } from "../on-demand-parts";

export interface SiteHeaderProps {
  shell: PageShell | null;
  headerStyle: HeaderStyle;
  scroll: HeaderScroll;
  /** Spec §2 'Layouts': 'sticky' hides on scroll down and has a sticky copy; 'v3' is a centred bar that stays. */
  variant: HeaderVariant;
}

/**
 * The site header (spec §2 'Header'): crest and name, primary nav, secondary nav with
 * the partners' logos, and the search, profile and menu buttons. 'transparent-dark'
 * lies over the page's hero until the page scrolls; 'solid' is navy throughout.
 * It stays in view while keyboard focus is inside it, so Shift+Tab into it never lands off screen.
 */
export default function SiteHeader({ shell, headerStyle, scroll, variant }: SiteHeaderProps) {
  const { state, dispatch } = useAppState();
  const [focusWithin, setFocusWithin] = useState(false);
  const hidden = variant === "sticky" && scroll.hidden && !focusWithin && !state.menuOpen && !state.searchOpen && !state.accountHeaderOpen;
  // Until the login check answers, the page's signed-in hint picks the first paint's label.
  const signedInHint = useSignedInHint();
  const loggedIn = state.user.loginCheckCompleted ? state.user.loggedIn : state.user.loggedIn || signedInHint;
  return (
    <header
      className="site-header"
      data-variant={variant}
      data-style={headerStyle}
      data-hidden={hidden}
      data-scrolled={!scroll.atTop}
      // Keyboard focus only: a mouse click leaves the header free to slide away as before.
      onFocus={(event) => setFocusWithin(event.target.matches(":focus-visible"))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocusWithin(false);
      }}
    >
      <div className="site-header__inner">
        <Link to="/" className="site-header__brand" aria-label={`${club.name} home`}>
          <Crest className="site-header__crest" />
          <ClubWordmark />
        </Link>

        <div className="site-header__strip">
          <HeaderSponsors sponsors={shell?.headerSponsors ?? []} childFriendly={state.childFriendly} />
          <SecondaryNav label="Secondary" className="secondary-nav" />
        </div>

        <div className="site-header__bar">
          <nav aria-label="Primary" className="primary-nav">
            <ul>
              {primaryNav.map((item) => (
                <li key={item.href}>
                  <NavLink to={item.href} className="primary-nav__link">
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>

          <div className="site-header__actions">
            {/* Each panel (the search overlay, the account panel, the menu) is in the document only while open. */}
            <HeaderToggle open={state.searchOpen} controls="search-panel" popup onToggle={() => dispatch({ type: "search/toggle" })}>
              <Icon name="search" className="header-action__icon" />
              <span className="visually-hidden">Search</span>
            </HeaderToggle>
            <HeaderToggle modifier="profile" open={state.accountHeaderOpen} controls="account-panel" part={AccountPanel} onToggle={() => dispatch({ type: "accountPanel/toggle" })}>
              <Icon name="user" className="header-action__icon" />
              <span className="header-action__label">{loggedIn ? "Profile" : "Log In"}</span>
            </HeaderToggle>
            <HeaderToggle
              modifier="burger"
              open={state.menuOpen}
              controls="main-menu"
              label={state.menuOpen ? "Close menu" : "Open menu"}
              part={MainMenu}
              onToggle={() => dispatch({ type: "menu/toggle" })}
            >
              <span className="burger" data-open={state.menuOpen} aria-hidden="true">
                <span />
                <span />
                <span />
              </span>
              <span className="header-action__label header-action__label--menu" aria-hidden="true">
                Menu
              </span>
            </HeaderToggle>
          </div>
        </div>
      </div>
    </header>
  );
}

interface HeaderToggleProps {
  open: boolean;
  /** the id of the panel it opens, named only while the panel is in the document */
  controls: string;
  onToggle: () => void;
  modifier?: "profile" | "burger";
  label?: string;
  popup?: boolean;
  /** the panel's chunk, fetched as the pointer comes near or focus arrives, before the click */
  part?: Parameters<typeof warm>[0];
  children: ReactNode;
}

/** A header button that opens and closes one panel. */
function HeaderToggle({ open, controls, onToggle, modifier, label, popup, part, children }: HeaderToggleProps) {
  return (
    <button
      type="button"
      className={modifier ? `header-action header-action--${modifier}` : "header-action"}
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      aria-haspopup={popup ? "dialog" : undefined}
      aria-label={label}
      // what it toggles even while closed (aria-controls is only set while its panel is in the page)
      data-panel={controls}
      onPointerEnter={part ? warm(part) : undefined}
      onFocus={part ? warm(part) : undefined}
      onClick={onToggle}
    >
      {children}
    </button>
  );
}
