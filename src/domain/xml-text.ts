/**
 * Text and attribute values for the XML files the site writes (sitemap, news feed). Every value
 * is escaped, and characters XML 1.0 cannot carry at all (control characters a CMS paste can
 * bring, lone surrogates, U+FFFE/U+FFFF) are dropped: a feed reader refuses the whole file for one.
 */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export function xmlText(text: string): string {
  return text.replace(NOT_XML, "").replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
