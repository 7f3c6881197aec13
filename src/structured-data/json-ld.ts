/**
 * schema.org structured data as `<script type="application/ld+json">` text. The JSON is escaped
 * so nothing in it can end the script element or open a comment ('</script>', '<!--'): every
 * '<', '>' and '&' is written as a \u escape, which JSON parsers read back as the same character.
 * U+2028/U+2029 are escaped too. The block is data, not script, so the CSP (script-src 'self')
 * does not apply to it.
 */
export type JsonLdObject = { "@type": string } & Record<string, unknown>;

export function jsonLdText(data: JsonLdObject | JsonLdObject[]): string {
  const withContext = Array.isArray(data) ? { "@context": "https://schema.org", "@graph": data } : { "@context": "https://schema.org", ...data };
  return JSON.stringify(withContext).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** An absolute address on the site. */
export function absolute(origin: string, path: string): string {
  return `${origin}${path}`;
}
