import { Suspense, useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Link, ScrollRestoration } from "react-router";
import type { PageShell } from "../schemas/shell";
import { club } from "../config/club";
import { legalNav } from "../config/nav-links";
import { copyrightLine, readSetting } from "../data/web-settings";
import { useAppState, useBackgroundLock } from "../state/store";
import AccountNotification from "../components/account/AccountNotification";
import AccountPanel from "../components/account/AccountPanel";
import ErrorNotification from "../components/account/ErrorNotification";
import { useLoginCheck } from "../components/account/use-login-check";
import Crest from "../components/Crest";
import Icon from "../components/Icon";
import SocialLinks from "../components/footer/SocialLinks";
import { STREAMER_SECTIONS, scrollToSection } from "../components/streamer/streamer-sections";
import { SkipLink } from "./SkipLink";

/** Spec §2 'Header': the sticky copy appears when the header trigger leaves view, with a 300 px margin. */
const STICKY_TRIGGER_MARGIN_PX = 300;

/**
 * The streamer layout of spec §2 'Layouts': a promotional page for Rovers TV, 'Official Streaming
 * Site of {club}'. Its header carries the tagline and links that scroll to the page's sections
 * (offset -80 px, 400 ms), a sticky copy of it appears once the header is out of view, and the
 * footer has the social and legal links. No site lock, menu, search or adverts; the account
 * panel is there so that buying a package works as everywhere else.
 */
export default function StreamerLayout({ shell, children }: { shell: PageShell | null; children: ReactNode }) {
  const settings = shell?.settings ?? {};
  const tagline = readSetting(settings, "streamer.tagline") ?? `Official Streaming Site of ${club.name}`;
  const trigger = useRef<HTMLDivElement>(null);
  const [sticky, setSticky] = useState(false);
  useBackgroundLock();
  useLoginCheck();

  useEffect(() => {
    const el = trigger.current;
    if (!el) return;
    const observer = new IntersectionObserver(([entry]) => setSticky(entry ? !entry.isIntersecting : false), {
      rootMargin: `${STICKY_TRIGGER_MARGIN_PX}px 0px 0px 0px`,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);

  return (
    <div className="site streamer">
      <SkipLink />
      <header className="streamer-header">
        <div className="streamer-header__bar">
          <Link to="/" className="streamer-header__brand">
            <Crest className="streamer-header__crest" />
            <span className="streamer-header__tv">{club.tvName}</span>
            <span className="visually-hidden">: {club.name} home</span>
          </Link>
          <nav className="streamer-nav" aria-label="Sections">
            <SectionLinks />
          </nav>
          <ProfileButton />
        </div>
        <div className="streamer-header__hero">
          <h1 className="streamer-header__tagline">{tagline}</h1>
          <p className="streamer-header__lead">Live match audio, full game replays and every Rovers side on demand.</p>
        </div>
        <div ref={trigger} className="streamer-header__trigger" aria-hidden="true" />
      </header>
      <nav className={`streamer-sticky${sticky ? " is-visible" : ""}`} aria-label="Sections (sticky copy)" inert={!sticky} aria-hidden={!sticky}>
        <span className="streamer-sticky__brand">
          <Crest className="streamer-header__crest" />
          <span className="streamer-header__tv">{club.tvName}</span>
        </span>
        <div className="streamer-nav">
          <SectionLinks />
        </div>
      </nav>
      <main id="main" className="site-main streamer-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="streamer-footer">
        <Crest className="streamer-footer__crest" />
        <p className="streamer-footer__tagline">{tagline}</p>
        <SocialLinks settings={settings} className="streamer-footer__social" />
        <nav aria-label="Legal">
          <ul className="streamer-footer__legal">
            {legalNav.map((link) => (
              <li key={link.href}>
                <Link to={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="streamer-footer__copyright" suppressHydrationWarning>
          {copyrightLine(settings, new Date().getFullYear(), club.name)}
        </p>
      </footer>
      <Suspense>
        <AccountPanel />
        <AccountNotification />
        <ErrorNotification />
      </Suspense>
      <ScrollRestoration />
    </div>
  );
}

function SectionLinks() {
  const go = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    event.preventDefault();
    scrollToSection(id);
  };
  return (
    <ul>
      {STREAMER_SECTIONS.map((s) => (
        <li key={s.id}>
          <a href={`#${s.id}`} onClick={(e) => go(e, s.id)}>
            {s.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

function ProfileButton() {
  const { state, dispatch } = useAppState();
  return (
    <button
      type="button"
      className="streamer-header__profile"
      aria-expanded={state.accountHeaderOpen}
      aria-controls="account-panel"
      onClick={() => dispatch({ type: "accountPanel/toggle" })}
    >
      <Icon name="user" />
      <span>{state.user.loggedIn ? "Profile" : "Log In"}</span>
    </button>
  );
}
