import type { Settings } from "../../schemas/shell";
import Icon from "../Icon";
import { readLinkSetting } from "../../data/web-settings";
import { socialNetworks } from "../../config/nav-links";

/** The club's social accounts (spec §2 'Footer'); a network without an https: URL in the settings is left out. */
export default function SocialLinks({ settings, className }: { settings: Settings; className?: string }) {
  const links = socialNetworks.flatMap((network) => {
    const url = readLinkSetting(settings, network.key);
    return url ? [{ ...network, url }] : [];
  });
  if (links.length === 0) return null;
  return (
    <ul className={`social-links${className ? ` ${className}` : ""}`}>
      {links.map((network) => (
        <li key={network.key}>
          <a href={network.url} target="_blank" rel="noopener noreferrer" className="social-links__link" aria-label={`${network.label} (opens in a new tab)`}>
            <Icon name={network.icon} />
          </a>
        </li>
      ))}
    </ul>
  );
}
