import { useId } from "react";
import { iconShapes, type ShapeIconName } from "./icon-paths";

/** Shirt icon styles of spec §2 'Shared widgets'. */
export const shirtIcons = ["shirt", "shirt-hollow", "shirt-hoops", "shirt-stripes"] as const;
type ShirtIconName = (typeof shirtIcons)[number];

export type IconName = ShapeIconName | ShirtIconName;

/** Every valid icon name (spec §5: an icon name must be in this list or empty). */
export const iconNames: readonly IconName[] = [...(Object.keys(iconShapes) as ShapeIconName[]), ...shirtIcons];

export function isIconName(name: string): name is IconName {
  return (iconNames as readonly string[]).includes(name);
}

export interface IconProps {
  /** "" renders nothing (spec §5 allows an empty icon name) */
  name: IconName | "";
  /** pixel size of the square icon; defaults to 1em so icons follow the text */
  size?: number | string;
  /** accessible name; without it the icon is decorative and hidden from assistive tech */
  title?: string;
  className?: string;
}

const SHIRT = "M8 3.5 3 6l1.8 4.2L7 9.3V20.5h10V9.3l2.2.9L21 6l-5-2.5c-.6 1.4-2.1 2.3-4 2.3S8.6 4.9 8 3.5z";

/** A named inline SVG icon drawn in currentColor. */
export default function Icon({ name, size = "1em", title, className }: IconProps) {
  // Called unconditionally (hooks rule); only the shirt styles use the id, for their clip path.
  const clipId = useId();
  if (name === "") return null;
  const label = title ? { role: "img", "aria-label": title } : { "aria-hidden": true as const };
  const cls = `icon icon--${name}${className ? ` ${className}` : ""}`;
  const common = { className: cls, width: size, height: size, viewBox: "0 0 24 24", focusable: "false" as const, ...label };

  if (name.startsWith("shirt")) {
    return (
      <svg {...common}>
        {title ? <title>{title}</title> : null}
        <ShirtBody name={name as ShirtIconName} clipId={clipId} />
      </svg>
    );
  }

  const shape = iconShapes[name as ShapeIconName];
  const paint =
    shape.mode === "stroke"
      ? { fill: "none", stroke: "currentColor", strokeWidth: 2, strokeLinecap: "round" as const, strokeLinejoin: "round" as const }
      : { fill: "currentColor", fillRule: "evenOdd" in shape && shape.evenOdd ? ("evenodd" as const) : undefined };
  return (
    <svg {...common}>
      {title ? <title>{title}</title> : null}
      <g {...paint}>
        {shape.paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </g>
    </svg>
  );
}

function ShirtBody({ name, clipId }: { name: ShirtIconName; clipId: string }) {
  if (name === "shirt") return <path d={SHIRT} fill="currentColor" />;
  if (name === "shirt-hollow") return <path d={SHIRT} fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinejoin="round" />;
  const bands =
    name === "shirt-hoops"
      ? ["M0 8h24v3H0z", "M0 14h24v3H0z"].join("")
      : ["M7 0h3v24H7z", "M14 0h3v24h-3z"].join("");
  return (
    <>
      <clipPath id={clipId}>
        <path d={SHIRT} />
      </clipPath>
      <path d={SHIRT} fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinejoin="round" />
      <path d={bands} fill="currentColor" clipPath={`url(#${clipId})`} />
    </>
  );
}
