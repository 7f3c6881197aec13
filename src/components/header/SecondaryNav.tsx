import { secondaryNav } from "../../config/nav-links";
import Icon from "../Icon";
import SmartLink from "../SmartLink";

/** Buy Tickets, Buy Hospitality, Store and the TV service: in the header and its sticky copy. */
export default function SecondaryNav({ label, className }: { label: string; className: string }) {
  return (
    <nav aria-label={label} className={className}>
      <ul>
        {secondaryNav.map((item) => (
          <li key={item.label}>
            <SmartLink href={item.href} newTab={item.external} nav className={`secondary-link${item.highlight ? " secondary-link--cta" : ""}`}>
              {item.icon ? <Icon name={item.icon} className="secondary-link__icon" /> : null}
              <span>{item.label}</span>
              {item.external ? <Icon name="external" className="secondary-link__ext" /> : null}
            </SmartLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
