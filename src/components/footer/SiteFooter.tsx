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
import type { FooterVariant } from "../../domain/layout-variants";
import type { Settings } from "../../schemas/shell";
import { sitePaths } from "../../routes/paths";

/**
 * The footer (spec §2 'Footer'): sponsor rows, quick links, the social block, legal links,
 * copyright and the built-on notice. Two layouts by configuration (spec §2 'Layouts', setting
 * `layout.footer`): v1 the club's brand, three columns of quick links and the social block; v2 a
 * compact band, one row of quick links between the crest and the social icons.
 */
export default function SiteFooter({ shell, variant }: { shell: PageShell | null; variant: FooterVariant }) {
  const { state } = useAppState();
  const settings = shell?.settings ?? {};
  return (
    <footer className="site-footer" data-variant={variant}>
      <SponsorRows rows={shell?.sponsorRows ?? []} childFriendly={state.childFriendly} />

      {variant === "v2" ? <CompactMain settings={settings} /> : <FullMain settings={settings} />}

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

/** v1: the brand with its tagline, three columns of quick links, the social block and the TV link. */
function FullMain({ settings }: { settings: Settings }) {
  return (
    <div className="site-footer__main">
      <div className="site-footer__brand">
        <FooterCrest />
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
                <FooterLink key={link.label} link={link} />
              ))}
            </ul>
          </div>
        ))}
      </nav>

      <div className="site-footer__social">
        <h2 className="footer-links__title">Follow the {club.shortName}</h2>
        <SocialLinks settings={settings} className="social-links--footer" />
        <Link className="site-footer__tv" to={sitePaths.videos}>
          <Icon name="play-circle" />
          <span>
            Watch on <strong>{club.tvName}</strong>
          </span>
        </Link>
      </div>
    </div>
  );
}

/** v2: one compact band: the crest, the quick links in one wrapping row, the social icons. */
function CompactMain({ settings }: { settings: Settings }) {
  return (
    <div className="site-footer__main site-footer__main--compact">
      <FooterCrest />
      <nav className="site-footer__row-links" aria-label="Quick links">
        <ul>
          {footerLinkGroups
            .flatMap((group) => group.links)
            .map((link) => (
              <FooterLink key={link.label} link={link} />
            ))}
        </ul>
      </nav>
      <SocialLinks settings={settings} className="social-links--footer" />
    </div>
  );
}

function FooterCrest() {
  return (
    <Link to="/" className="site-footer__crest-link" aria-label={`${club.name} home`}>
      <Crest className="site-footer__crest" />
    </Link>
  );
}

function FooterLink({ link }: { link: (typeof footerLinkGroups)[number]["links"][number] }) {
  return (
    <li>
      <SmartLink href={link.href} newTab={link.external} className="footer-links__link">
        {link.label}
        {link.external ? <Icon name="external" className="footer-links__ext" /> : null}
      </SmartLink>
    </li>
  );
}
