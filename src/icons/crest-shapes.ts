/**
 * The Rovers crest as plain shape data, drawn on a 100 x 120 canvas.
 * Shared by the React <Crest> (header, footer, menu) and the worker's generated
 * /images/.../crest-*.svg, so the two can never drift apart.
 * A shield in navy and gold; a star over the north bridge; club-red water below.
 */
export { crestViewBox } from "./icon-names";

export const crestColours = {
  border: "#f2b632",
  field: "#0b1f3a",
  water: "#d2122e",
  bridge: "#ffffff",
  star: "#f2b632",
  wave: "#ffffff",
} as const;

export const crestPaths = {
  border: "M50 2 L94 14 V70 C94 94 74 110 50 118 C26 110 6 94 6 70 V14 Z",
  field: "M50 8 L88 18.5 V70 C88 88 72 102 50 111 C28 102 12 88 12 70 V18.5 Z",
  water: "M12 70 H88 C88 88 72 102 50 111 C28 102 12 88 12 70 Z",
  bridge: "M14 47 H86 V53 H82 V70 A8 12 0 0 0 66 70 H60 A10 14 0 0 0 40 70 H34 A8 12 0 0 0 18 70 V53 H14 Z",
  star: starPath(50, 29, 11, 4.6),
  waves: [
    "M22 80 q3.5 -3.5 7 0 t7 0 t7 0 t7 0 t7 0 t7 0 t7 0 t7 0",
    "M28 89 q3 -3 6 0 t6 0 t6 0 t6 0 t6 0 t6 0 t6 0 t6 0",
    "M38 98 q3 -3 6 0 t6 0 t6 0 t6 0",
  ],
} as const;

function starPath(cx: number, cy: number, outer: number, inner: number): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = (-90 + i * 36) * (Math.PI / 180);
    points.push(`${round(cx + radius * Math.cos(angle))} ${round(cy + radius * Math.sin(angle))}`);
  }
  return `M${points.join(" L")} Z`;
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

/** The crest as an SVG fragment (no outer <svg>), for string renderers. */
export function crestMarkup(): string {
  const c = crestColours;
  const p = crestPaths;
  return [
    `<path d="${p.border}" fill="${c.border}"/>`,
    `<path d="${p.field}" fill="${c.field}"/>`,
    `<path d="${p.water}" fill="${c.water}"/>`,
    `<path d="${p.bridge}" fill="${c.bridge}"/>`,
    `<path d="${p.star}" fill="${c.star}"/>`,
    ...p.waves.map((d) => `<path d="${d}" fill="none" stroke="${c.wave}" stroke-width="2.6" stroke-linecap="round"/>`),
  ].join("");
}
