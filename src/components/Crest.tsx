import { club } from "../config/club";
import { crestColours, crestPaths, crestViewBox } from "./crest-shapes";

/** The Rovers crest inline (no request, crisp at any size). Decorative unless given a title. */
export default function Crest({ className, title }: { className?: string; title?: string }) {
  const label = title ? { role: "img", "aria-label": title } : { "aria-hidden": true as const };
  return (
    <svg className={`crest-mark${className ? ` ${className}` : ""}`} viewBox={crestViewBox} focusable="false" {...label}>
      {title ? <title>{title}</title> : null}
      <path d={crestPaths.border} fill={crestColours.border} />
      <path d={crestPaths.field} fill={crestColours.field} />
      <path d={crestPaths.water} fill={crestColours.water} />
      <path d={crestPaths.bridge} fill={crestColours.bridge} />
      <path d={crestPaths.star} fill={crestColours.star} />
      {crestPaths.waves.map((d) => (
        <path key={d} d={d} fill="none" stroke={crestColours.wave} strokeWidth={2.6} strokeLinecap="round" />
      ))}
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
