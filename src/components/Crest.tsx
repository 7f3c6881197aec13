import { club } from "../config/club";
import { CREST_SYMBOL, crestViewBox } from "../icons/icon-names";
import { useSymbolHref } from "./sprite-context";

/** The Rovers crest from the icon sprite (one cached file, crisp at any size). Decorative unless given a title. */
export default function Crest({ className, title }: { className?: string; title?: string }) {
  const href = useSymbolHref(CREST_SYMBOL);
  const label = title ? { role: "img", "aria-label": title } : { "aria-hidden": true as const };
  return (
    <svg className={`crest-mark${className ? ` ${className}` : ""}`} viewBox={crestViewBox} focusable="false" {...label}>
      {title ? <title>{title}</title> : null}
      <use href={href} />
    </svg>
  );
}

/** Crest plus the club name as a wordmark, linking nowhere by itself. */
export function ClubWordmark() {
  const [first, ...rest] = club.name.split(" ");
  return (
    <span className="wordmark">
      <span className="wordmark__top">{first}</span>{" "}
      <span className="wordmark__bottom">{rest.join(" ")}</span>
    </span>
  );
}
