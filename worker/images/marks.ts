import { crestMarkup } from "../../src/icons/crest-shapes";
import { n, type Rng } from "./random";
import { balancedLines, displayFont, fitFontSize, initialsFromKey, longestLine, wordsFromKey } from "./text";
import { xmlText } from "../../src/domain/xml-text";

/** A badge drawn on a 100×120 grid, placed at x, y and scaled. */
function placed(markup: string, x: number, y: number, scale: number): string {
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${scale.toFixed(4)})">${markup}</g>`;
}

/** The same badge centred on a W×H canvas, with a small margin. */
function centred(markup: string, W: number, H: number): string {
  const scale = Math.min(W / 100, H / 120) * 0.92;
  return placed(markup, (W - 100 * scale) / 2, (H - 120 * scale) / 2, scale);
}

/** The Rovers crest at x, y, scaled (the campaign banners place it beside their headline). */
export function crestAt(x: number, y: number, scale: number): string {
  return placed(crestMarkup(), x, y, scale);
}

/** The Rovers crest centred on a transparent canvas. */
export function roversCrest(W: number, H: number): string {
  return centred(crestMarkup(), W, H);
}

const crestColourPairs = [
  ["#1c64f2", "#ffffff"],
  ["#0f8a5f", "#f2b632"],
  ["#6b21a8", "#ffffff"],
  ["#111827", "#f2b632"],
  ["#b91c1c", "#111827"],
  ["#0e7490", "#ffffff"],
  ["#ea580c", "#1f2937"],
  ["#1e3a8a", "#fde047"],
] as const;

/** An opponent's badge: a shield or roundel in the key's colours with its initials. */
export function opponentCrest(W: number, H: number, rest: string, rng: Rng): string {
  const [primary, secondary] = rng.pick(crestColourPairs);
  const initials = xmlText(initialsFromKey(rest));
  const round = rng.chance(0.35);
  const stripes = rng.chance(0.5);
  const shape = round
    ? `<circle cx="50" cy="60" r="46" fill="${secondary}"/><circle cx="50" cy="60" r="40" fill="${primary}"/>`
    : `<path d="M50 4 L92 16 V66 C92 92 72 108 50 116 C28 108 8 92 8 66 V16 Z" fill="${secondary}"/><path d="M50 10 L86 20.5 V66 C86 88 68 102 50 109 C32 102 14 88 14 66 V20.5 Z" fill="${primary}"/>`;
  const stripeMarks = stripes
    ? `<path d="M36 ${round ? 24 : 16} V${round ? 96 : 104} M64 ${round ? 24 : 16} V${round ? 96 : 104}" stroke="${secondary}" stroke-opacity=".25" stroke-width="8"/>`
    : "";
  const fontSize = initials.length > 2 ? 26 : 34;
  return centred(`${shape}${stripeMarks}<text x="50" y="${round ? 71 : 70}" text-anchor="middle" font-family="${displayFont}" font-weight="900" font-size="${fontSize}" fill="${secondary}" letter-spacing="1">${initials}</text>`, W, H);
}

const sponsorInks = ["#0b1f3a", "#1d4ed8", "#047857", "#b91c1c", "#6d28d9", "#0f766e", "#c2410c", "#1f2937"] as const;

/**
 * A sponsor's wordmark in its own colour on a transparent canvas: an emblem and the
 * name taken from the key ('sponsor-acme-insurance' -> 'ACME INSURANCE').
 * Dark inks read on light backgrounds; the site whitens them on dark ones with CSS.
 */
export function sponsorWordmark(W: number, H: number, rest: string, rng: Rng): string {
  const name = wordsFromKey(rest) || "PARTNER";
  const ink = rng.pick(sponsorInks);
  const accent = rng.pick(["#f2b632", "#d2122e", "#22c55e", "#38bdf8", "#f97316"] as const);
  const emblemSize = Math.min(H * 0.5, W * 0.2);
  const gap = emblemSize * 0.3;
  // long names set on two lines, like most multi-word logos
  const nameLines = W / H >= 3.5 ? [name] : twoLines(name);
  const longest = longestLine(nameLines);
  const maxSize = nameLines.length > 1 ? H * 0.27 : H * 0.36;
  const fontSize = fitFontSize(longest, W * 0.9 - emblemSize - gap, maxSize, 0.62);
  const textWidth = longest.length * fontSize * 0.55;
  const total = emblemSize + gap + textWidth;
  const left = Math.max((W - total) / 2, W * 0.04);
  const cy = H / 2;
  const ex = left + emblemSize / 2;
  const s = emblemSize / 2;
  const lineH = fontSize * 1.02;
  const firstBaseline = cy + fontSize * 0.36 - ((nameLines.length - 1) * lineH) / 2;
  const emblem = rng.pick([
    `<circle cx="${n(ex)}" cy="${n(cy)}" r="${n(s)}" fill="${ink}"/><circle cx="${n(ex + s * 0.3)}" cy="${n(cy - s * 0.3)}" r="${n(s * 0.4)}" fill="${accent}"/>`,
    `<path d="M${n(ex)} ${n(cy - s)} L${n(ex + s)} ${n(cy)} L${n(ex)} ${n(cy + s)} L${n(ex - s)} ${n(cy)} Z" fill="${ink}"/><path d="M${n(ex)} ${n(cy - s * 0.45)} L${n(ex + s * 0.45)} ${n(cy)} L${n(ex)} ${n(cy + s * 0.45)} L${n(ex - s * 0.45)} ${n(cy)} Z" fill="${accent}"/>`,
    `<path d="M${n(ex - s)} ${n(cy + s * 0.85)} L${n(ex)} ${n(cy - s)} L${n(ex + s)} ${n(cy + s * 0.85)} Z" fill="${ink}"/><path d="M${n(ex - s * 0.35)} ${n(cy + s * 0.85)} L${n(ex)} ${n(cy + s * 0.15)} L${n(ex + s * 0.35)} ${n(cy + s * 0.85)} Z" fill="${accent}"/>`,
    `<rect x="${n(ex - s)}" y="${n(cy - s)}" width="${n(s * 2)}" height="${n(s * 2)}" rx="${n(s * 0.45)}" fill="${ink}"/><path d="M${n(ex - s * 0.5)} ${n(cy + s * 0.1)} L${n(ex - s * 0.1)} ${n(cy + s * 0.5)} L${n(ex + s * 0.55)} ${n(cy - s * 0.45)}" fill="none" stroke="${accent}" stroke-width="${n(s * 0.28)}" stroke-linecap="round" stroke-linejoin="round"/>`,
  ] as const);
  const text = nameLines
    .map((line, i) => `<tspan x="${n(left + emblemSize + gap)}" y="${n(firstBaseline + i * lineH)}">${xmlText(line)}</tspan>`)
    .join("");
  return `${emblem}<text font-family="${displayFont}" font-weight="800" font-size="${n(fontSize)}" fill="${ink}" letter-spacing="${n(fontSize * 0.02)}">${text}</text>`;
}

/** A name of three or more words (or over 14 letters) on two balanced lines. */
function twoLines(name: string): string[] {
  const words = name.split(" ");
  return words.length < 2 || (name.length <= 14 && words.length < 3) ? [name] : balancedLines(name);
}
