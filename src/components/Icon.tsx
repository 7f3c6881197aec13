// Names only: the shapes (icon-paths.ts) are in the sprite file, never in the browser bundle.
import type { IconName } from "../icons/icon-names";
import { useSymbolHref } from "./sprite-context";

export { iconNames, isIconName, shirtIcons, type IconName } from "../icons/icon-names";

export interface IconProps {
  /** "" renders nothing (spec §5 allows an empty icon name) */
  name: IconName | "";
  /** size of the square icon; without it the stylesheet makes it 1em, so icons follow the text */
  size?: number | string;
  /** accessible name; without it the icon is decorative and hidden from assistive tech */
  title?: string;
  className?: string;
}

/**
 * A named icon drawn in currentColor: a <use> of its symbol in the cached icon sprite, so the
 * page carries a reference, not the paths. Sized 1em by the stylesheet unless `size` is given.
 */
export default function Icon({ name, size, title, className }: IconProps) {
  // Called unconditionally (hooks rule), also for the empty name.
  const href = useSymbolHref(name);
  if (name === "") return null;
  const label = title ? { role: "img", "aria-label": title } : { "aria-hidden": true as const };
  return (
    <svg className={`icon icon--${name}${className ? ` ${className}` : ""}`} width={size} height={size} viewBox="0 0 24 24" focusable="false" {...label}>
      {title ? <title>{title}</title> : null}
      <use href={href} />
    </svg>
  );
}
