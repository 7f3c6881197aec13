/**
 * Article slugs: the last part of /news/{slug}. Lower-case letters, digits and single hyphens,
 * the form the public route accepts (src/data/route-params.ts allows up to 121 characters).
 */
export const SLUG_MAX = 100;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The slug a title suggests: accents folded, anything else a hyphen; '' when nothing is left. */
export function slugify(title: string): string {
  const folded = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return folded.slice(0, SLUG_MAX).replace(/-+$/, "");
}

export const isSlug = (slug: string) => slug.length <= SLUG_MAX && SLUG_PATTERN.test(slug);

/**
 * `base` if free, else the first of base-2, base-3… that is: two stories called 'Match report'
 * get two addresses. `taken` holds every slug in use or retired (retired ones still redirect).
 */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  const root = base === "" ? "article" : base;
  if (!taken.has(root)) return root;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${root.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
