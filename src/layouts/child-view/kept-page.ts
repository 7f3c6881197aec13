/**
 * The data of the page a child view is open over, kept for the way back: closing the child view
 * returns to the listing's URL, and the router would run its loader again for the same answer it
 * already shows. The listing's loader takes it once, for exactly that URL (src/routes/routes.tsx).
 */
let kept: { href: string; data: unknown } | null = null;

const hrefOf = (url: string | URL): string => {
  const { pathname, search } = new URL(url, "http://x");
  return pathname + search;
};

/** Keeps the data the page at `href` (pathname and search) rendered with. */
export function keepPage(href: string, data: unknown): void {
  kept = { href: hrefOf(href), data };
}

/** The kept data if `url` is the kept page's, once; undefined otherwise. */
export function takeKeptPage(url: string | URL): { data: unknown } | undefined {
  if (!kept || kept.href !== hrefOf(url)) return undefined;
  const { data } = kept;
  kept = null;
  return { data };
}

/** Forgets the kept data: the child view has closed, whichever way it went. */
export function forgetKeptPage(): void {
  kept = null;
}
