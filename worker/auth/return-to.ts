import { safeReturnUrl } from "../../src/domain/return-url";

/** A same-site return URL (never elsewhere, spec §7) with one query parameter added. */
export function returnUrlWith(input: string | null | undefined, param?: { name: string; value: string }): string {
  const safe = safeReturnUrl(input);
  if (!param) return safe;
  const url = new URL(safe, "https://return.invalid");
  url.searchParams.set(param.name, param.value);
  return url.pathname + url.search + url.hash;
}
