/** Money as the console types and shows it: pounds in a field, pence everywhere else. */

/** '4.99', '£4.99', '5' or '5.5' → pence; anything else (a third decimal, a sign, words) → null. */
export function penceOf(pounds: string): number | null {
  const match = /^£?\s*(\d{1,6})(?:\.(\d{1,2}))?$/.exec(pounds.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** 499 → '4.99': what the form's pounds field shows. */
export const poundsOf = (pence: number): string => (pence / 100).toFixed(2);

/** 499 → '£4.99': the price's `price_display`, as the seed writes a pass's. */
export const priceDisplayOf = (pence: number): string => `£${poundsOf(pence)}`;
