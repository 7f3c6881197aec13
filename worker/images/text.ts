/** Text helpers for generated images (keys are [a-z0-9-], but every text is escaped anyway: xmlText). */

/** 'acme-insurance' -> 'ACME INSURANCE' */
export function wordsFromKey(rest: string): string {
  return rest
    .split("-")
    .filter((part) => part.length > 0 && !/^\d+$/.test(part))
    .join(" ")
    .toUpperCase();
}

/** 'harbour-city' -> 'HC' (at most three letters) */
export function initialsFromKey(rest: string): string {
  const letters = rest
    .split("-")
    .filter((part) => /^[a-z]/.test(part))
    .map((part) => part[0] ?? "")
    .join("")
    .toUpperCase();
  return letters.slice(0, 3) || "FC";
}

/**
 * Font size that lets `text` fit `maxWidth` in a bold condensed face.
 * 0.62 em is a generous average advance for uppercase bold condensed sans.
 */
export function fitFontSize(text: string, maxWidth: number, maxSize: number, advance = 0.62): number {
  const length = Math.max(text.length, 1);
  return Math.max(6, Math.min(maxSize, maxWidth / (length * advance)));
}

/** Splits a headline or name into two lines of as near equal length as its words allow. */
export function balancedLines(text: string): [string, string] {
  const words = text.split(" ");
  let best = 1;
  let bestDiff = Infinity;
  for (let i = 1; i < words.length; i++) {
    const diff = Math.abs(words.slice(0, i).join(" ").length - words.slice(i).join(" ").length);
    if (diff < bestDiff) {
      bestDiff = diff;
      best = i;
    }
  }
  return [words.slice(0, best).join(" "), words.slice(best).join(" ")];
}

/** The longest of some lines: the one a font size must fit. */
export function longestLine(lines: readonly string[]): string {
  return lines.reduce((a, b) => (b.length > a.length ? b : a), "");
}

export const displayFont =
  "'Avenir Next Condensed','Arial Narrow','Roboto Condensed','Liberation Sans Narrow','DejaVu Sans Condensed',sans-serif";
