import { Link } from "react-router";
import { club } from "../../config/club";
import type { PageShell } from "../../schemas/shell";
import { useAppState } from "../../state/store";
import Crest from "../Crest";
import Icon from "../Icon";
import { footerLinkGroups, legalNav } from "../../config/nav-links";
import { openCookieSettings } from "../CookieConsent";
import SmartLink from "../SmartLink";
import SocialLinks from "./SocialLinks";
import SponsorRows from "./SponsorRows";
import ChildFriendlySwitch from "./ChildFriendlySwitch";
import { copyrightLine, readSetting } from "../../data/web-settings";

/**
 * The footer (spec §2 'Footer'): sponsor rows, quick links, the social block, legal links,
 * copyright and the built-on notice.
 */
export default function SiteFooter({ shell }: { shell: PageShell | null }) {
  const { state } = useAppState();
  const settings = shell?.settings ?? {};
  return (
    <footer className="site-footer">
      <SponsorRows rows={shell?.sponsorRows ?? []} childFriendly={state.childFriendly} />

      <div className="site-footer__main">
        <div className="site-footer__brand">
          <Link to="/" className="site-footer__crest-link" aria-label={`${club.name} home`}>
            <Crest className="site-footer__crest" />
          </Link>
          <div>
            <p className="site-footer__club">{club.name}</p>
            <p className="site-footer__tagline">{readSetting(settings, "footer.tagline") ?? `The official website of ${club.name}.`}</p>
          </div>
        </div>

        <nav className="site-footer__links" aria-label="Quick links">
          {footerLinkGroups.map((group) => (
            <div key={group.title} className="footer-links">
              <h2 className="footer-links__title">{group.title}</h2>
              <ul className="footer-links__list">
                {group.links.map((link) => (
                  <li key={link.label}>
                    <SmartLink href={link.href} newTab={link.external} className="footer-links__link">
                      {link.label}
                      {link.external ? <Icon name="external" className="footer-links__ext" /> : null}
                    </SmartLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>

        <div className="site-footer__social">
          <h2 className="footer-links__title">Follow the {club.shortName}</h2>
          <SocialLinks settings={settings} className="social-links--footer" />
          <Link className="site-footer__tv" to="/videos">
            <Icon name="play-circle" />
            <span>
              Watch on <strong>{club.tvName}</strong>
            </span>
          </Link>
        </div>
      </div>

      <div className="site-footer__bottom">
        <ul className="legal-links">
          {legalNav.map((link) => (
            <li key={link.href}>
              <Link to={link.href} className="legal-links__link">
                {link.label}
              </Link>
            </li>
          ))}
          <li>
            <button type="button" className="legal-links__link legal-links__button" onClick={openCookieSettings}>
              Cookie settings
            </button>
          </li>
        </ul>
        <ChildFriendlySwitch />
        <div className="site-footer__small">
          {/* Without the setting the year is read while rendering; SSR and the browser could straddle New Year. */}
          <p className="site-footer__copyright" suppressHydrationWarning>
            {copyrightLine(settings, new Date().getFullYear(), club.name)}
          </p>
          <p className="site-footer__built">{readSetting(settings, "footer.builtOn") ?? "Built on Cloudflare Workers"}</p>
        </div>
      </div>
    </footer>
  );
}
