/**
 * The icon sprite: every named icon and the club crest as one SVG file of <symbol>s, written by
 * scripts/build-client.mjs to a hashed /build/icons-HASH.svg. Pages draw an icon with
 * <svg><use href="/build/icons-HASH.svg#name"/></svg>, so each shape's paths are downloaded once
 * and cached instead of repeated in every page's HTML. Pure: the build and the tests call it.
 */
import { crestColours, crestPaths } from "./crest-shapes";
import { CREST_SYMBOL, crestViewBox } from "./icon-names";
import { iconShapes, type IconShape, type ShirtIconName } from "./icon-paths";

export { CREST_SYMBOL } from "./icon-names";

/** The outline every shirt style shares, on the 24 x 24 grid. */
const SHIRT = "M8 3.5 3 6l1.8 4.2L7 9.3V20.5h10V9.3l2.2.9L21 6l-5-2.5c-.6 1.4-2.1 2.3-4 2.3S8.6 4.9 8 3.5z";
const SHIRT_OUTLINE = `<path d="${SHIRT}" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linejoin="round"/>`;

/** Shirt styles of spec §2 'Shared widgets': solid, hollow, hoops and stripes (bands clipped to the shirt). */
const shirtSymbols: Record<ShirtIconName, string> = {
  shirt: `<path d="${SHIRT}" fill="currentColor"/>`,
  "shirt-hollow": SHIRT_OUTLINE,
  "shirt-hoops": bands("shirt-hoops", "M0 8h24v3H0zM0 14h24v3H0z"),
  "shirt-stripes": bands("shirt-stripes", "M7 0h3v24H7zM14 0h3v24h-3z"),
};

function bands(id: string, d: string): string {
  const clip = `${id}-clip`;
  return `<clipPath id="${clip}"><path d="${SHIRT}"/></clipPath>${SHIRT_OUTLINE}<path d="${d}" fill="currentColor" clip-path="url(#${clip})"/>`;
}

function shapeBody(shape: IconShape): string {
  const paths = shape.paths.map((d) => `<path d="${d}"/>`).join("");
  if (shape.mode === "stroke") {
    return `<g fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${paths}</g>`;
  }
  return `<g fill="currentColor"${shape.evenOdd ? ' fill-rule="evenodd"' : ""}>${paths}</g>`;
}

function crestBody(): string {
  const solid = (["border", "field", "water", "bridge", "star"] as const).map((part) => `<path d="${crestPaths[part]}" fill="${crestColours[part]}"/>`);
  const waves = crestPaths.waves.map(
    (d) => `<path d="${d}" fill="none" stroke="${crestColours.wave}" stroke-width="2.6" stroke-linecap="round"/>`,
  );
  return [...solid, ...waves].join("");
}

/** The whole sprite document. */
export function buildIconSprite(): string {
  const symbols: string[] = [];
  const ids = new Set<string>();
  const add = (id: string, viewBox: string, body: string) => {
    if (ids.has(id)) throw new Error(`icon sprite: duplicate symbol id '${id}'`);
    ids.add(id);
    symbols.push(`<symbol id="${id}" viewBox="${viewBox}">${body}</symbol>`);
  };
  for (const [name, shape] of Object.entries(iconShapes)) add(name, "0 0 24 24", shapeBody(shape));
  for (const [name, body] of Object.entries(shirtSymbols)) add(name, "0 0 24 24", body);
  add(CREST_SYMBOL, crestViewBox, crestBody());
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`;
}
