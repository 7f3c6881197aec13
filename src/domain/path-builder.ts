/**
 * Spec §8 'Path building fails when a required parameter is missing, does not match its pattern or
 * is repeated wrongly.' A path is written as a pattern: '/news/:slug', ':season?' optional,
 * ':segments+' one or more segments (a list), ':segments*' none or more. Every value is checked
 * against its parameter's rule; a link that would lead nowhere is a thrown error, found where it
 * is built, never a broken link on the page. Pure.
 */
export type PathValue = string | number | readonly string[] | undefined;

export type PathBuildErrorCode = "MISSING_PARAMETER" | "INVALID_PARAMETER" | "REPEATED_PARAMETER";

export class PathBuildError extends Error {
  constructor(
    readonly code: PathBuildErrorCode,
    readonly parameter: string,
    readonly pattern: string,
  ) {
    super(`${code}: '${parameter}' of ${pattern}`);
    this.name = "PathBuildError";
  }
}

const PARAMETER = /^:([A-Za-z][A-Za-z0-9]*)([?+*]?)$/;

/**
 * Builds `pattern` from `values`; `rules` holds each parameter's pattern (a parameter without one
 * is a mistake in the pattern, and fails too). Fails on a required parameter missing (undefined or
 * ''), a value (or any segment of a list) not matching its rule, a list for a single parameter or a
 * single value (or an empty list) for a '+' parameter.
 */
export function buildPath(pattern: string, values: Readonly<Record<string, PathValue>>, rules: Readonly<Record<string, RegExp>>): string {
  const out: string[] = [];
  for (const part of pattern.split("/").slice(1)) {
    const match = PARAMETER.exec(part);
    if (!match) {
      out.push(part);
      continue;
    }
    const name = match[1]!;
    const modifier = match[2] ?? "";
    const rule = rules[name];
    if (!rule) throw new PathBuildError("INVALID_PARAMETER", name, pattern);
    const value = values[name];
    const repeated = modifier === "+" || modifier === "*";
    if (value === undefined || value === "") {
      if (modifier === "?" || modifier === "*") continue;
      throw new PathBuildError("MISSING_PARAMETER", name, pattern);
    }
    if (Array.isArray(value) !== repeated) throw new PathBuildError("REPEATED_PARAMETER", name, pattern);
    const segments = (Array.isArray(value) ? value : [String(value)]) as readonly string[];
    if (segments.length === 0 && modifier === "+") throw new PathBuildError("MISSING_PARAMETER", name, pattern);
    for (const segment of segments) {
      if (!rule.test(segment)) throw new PathBuildError("INVALID_PARAMETER", name, pattern);
      out.push(encodeURIComponent(segment));
    }
  }
  return `/${out.join("/")}`;
}

/** A path and its query string (without the '?'), split at the first '?'. */
export function splitQuery(path: string): { base: string; query: string } {
  const at = path.indexOf("?");
  return at === -1 ? { base: path, query: "" } : { base: path.slice(0, at), query: path.slice(at + 1) };
}
