// Every file path the docs (README.md, docs/) or a code comment names exists: a reader who follows
// one lands on the file it describes. What counts as a path (docs/testing.md 'Named paths'):
//  - a word starting with a top-level folder of the repository (`worker/`, `src/` … below), read
//    from the repository's root, anywhere in a Markdown file and inside the comments of code;
//  - a Markdown link's relative target, read from the linking file's folder;
//  - a Markdown file named without a folder, which must be at the root, in docs/ or beside the
//    file that names it: a document kept elsewhere is a dead end for a reader of a clone.
// A last part without an extension names the file it starts (`src/domain/fts-query` its .ts,
// `migrations/0020` the migration of that number). A pattern (`*`, `{id}`, `<file>`, `…`) is
// checked up to the folder before it. Built output (public/build/) is not checked.
import { readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/** The repository's top-level folders: a word starting with one of these is a path. */
const TOP_FOLDERS = ["worker", "src", "client", "tests", "scripts", "docs", "migrations", "durable-objects", "public"];
/** Paths that exist only once something is built or run. */
const NOT_IN_REPOSITORY = ["public/build/"];
/** The product specification, which the docs cite by name (`SPEC.md` §n); it is not a file of this repository. */
const OUTSIDE_DOCUMENTS = ["SPEC.md"];
/** Characters that start a pattern or a placeholder inside a path. */
const PATTERN = /[*{<…$]/;

const PATH_WORD = new RegExp(`(?<![\\w./@-])(?:${TOP_FOLDERS.join("|")})/[\\w./*{}<>…$-]*`, "g");
const MARKDOWN_NAME = /(?<![\w./-])[A-Za-z][\w-]*\.md\b/g;
const MARKDOWN_LINK = /\]\(([^)\s]+)\)/g;

export interface NamedPath {
  /** As written, without trailing punctuation. */
  text: string;
  /** What must exist, relative to the repository's root. */
  target: string;
}

/** Trailing characters that end a sentence, not a path. */
const trimEnd = (word: string) => word.replace(/[.,:;)>'"]+$/, "");

/** The part of a path that must exist: all of it, or the folder before a pattern starts. */
function checkedPart(relative: string): string {
  const at = relative.search(PATTERN);
  if (at < 0) return relative;
  return relative.slice(0, relative.lastIndexOf("/", at) + 1);
}

/** The paths `text` names (a Markdown file's text or one comment), as the rule above reads them. */
export function namedPaths(text: string, file: string, { markdown }: { markdown: boolean }): NamedPath[] {
  const found: NamedPath[] = [];
  for (const match of text.matchAll(PATH_WORD)) {
    const word = trimEnd(match[0]);
    found.push({ text: word, target: checkedPart(word) });
  }
  for (const match of text.matchAll(MARKDOWN_NAME)) {
    const name = match[0];
    if (OUTSIDE_DOCUMENTS.includes(name)) continue;
    const beside = path.posix.join(path.posix.dirname(file), name);
    const where = [name, `docs/${name}`, beside].find((candidate) => existsSync(path.join(root, candidate)));
    found.push({ text: name, target: where ?? name });
  }
  if (markdown) {
    for (const match of text.matchAll(MARKDOWN_LINK)) {
      const link = match[1]!.split("#")[0]!;
      if (link === "" || /^[a-z]+:/i.test(link) || link.startsWith("/")) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), checkedPart(link)));
      found.push({ text: link, target });
    }
  }
  const targets = new Set<string>();
  return found.filter((named) => {
    if (targets.has(named.target) || NOT_IN_REPOSITORY.some((built) => `${named.target}/`.startsWith(built))) return false;
    targets.add(named.target);
    return true;
  });
}

/** The comments of a TypeScript or JavaScript file, found by the compiler's own parser. */
export function scriptComments(text: string, file: string): string[] {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith(".ts") || file.endsWith(".mts") ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const seen = new Set<number>();
  const comments: string[] = [];
  const take = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      comments.push(text.slice(range.pos, range.end));
    }
  };
  const visit = (node: ts.Node) => {
    take(ts.getLeadingCommentRanges(text, node.pos));
    take(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return comments;
}

/** The comments of a file of any kind the repository holds; null for a kind without comments. */
export function comments(text: string, file: string): string[] | null {
  if (/\.(ts|tsx|mts|js|mjs|cjs)$/.test(file)) return scriptComments(text, file);
  if (file.endsWith(".css")) return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => m[0]);
  if (file.endsWith(".sql")) return [...text.matchAll(/--.*$/gm)].map((m) => m[0]);
  if (/\.(sh|toml)$/.test(file)) return [...text.matchAll(/(?:^|\s)#.*$/gm)].map((m) => m[0]);
  return null;
}

/** The repository's own files (no dependencies, no built or local state). */
function repositoryFiles(): string[] {
  const files = readdirSync(root).filter((name) => statSync(path.join(root, name)).isFile() && !name.startsWith("."));
  files.push(".dependency-cruiser.cjs");
  const walk = (folder: string) => {
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const relative = `${folder}/${entry.name}`;
      if (NOT_IN_REPOSITORY.some((built) => `${relative}/`.startsWith(built))) continue;
      if (entry.isDirectory()) walk(relative);
      else files.push(relative);
    }
  };
  for (const folder of TOP_FOLDERS) if (existsSync(path.join(root, folder))) walk(folder);
  return files;
}

/** Whether the named target is there: as written, or as the start of a file's name in its folder. */
export function exists(target: string): boolean {
  if (existsSync(path.join(root, target))) return true;
  const last = path.posix.basename(target);
  if (last.includes(".") || target.endsWith("/")) return false;
  const folder = path.join(root, path.posix.dirname(target));
  return existsSync(folder) && readdirSync(folder).some((name) => name.startsWith(`${last}.`) || name.startsWith(`${last}_`));
}

/** Every named path that does not exist, as `file: path`. */
function deadPaths(): string[] {
  const dead: string[] = [];
  for (const file of repositoryFiles()) {
    const markdown = file.endsWith(".md");
    let texts: string[] | null;
    if (markdown) texts = [readFileSync(path.join(root, file), "utf8")];
    else {
      if (statSync(path.join(root, file)).size > 500_000) continue;
      texts = comments(readFileSync(path.join(root, file), "utf8"), file);
    }
    for (const text of texts ?? []) {
      for (const named of namedPaths(text, file, { markdown })) {
        if (!exists(named.target)) dead.push(`${file}: ${named.text}`);
      }
    }
  }
  return [...new Set(dead)];
}

describe("what counts as a named path", () => {
  const paths = (text: string, file = "src/a.ts", markdown = false) => namedPaths(text, file, { markdown }).map((p) => p.target);

  it("a word starting with a top-level folder, without the sentence's punctuation", () => {
    expect(paths("see worker/app.ts, then (src/routes/paths.ts).")).toEqual(["worker/app.ts", "src/routes/paths.ts"]);
    expect(paths("`docs/testing.md#timings` and tests/e2e/")).toEqual(["docs/testing.md", "tests/e2e/"]);
  });

  it("not a URL's path, a package's folder or a word that only ends in one", () => {
    expect(paths("GET /api/news, https://example.com/docs/x.md, node_modules/miniflare/dist/src/index.js, my-src/x")).toEqual([]);
  });

  it("a pattern is checked up to the folder before it", () => {
    expect(paths("src/routes/*.loader.ts, tests/worker/<file>, worker/{a,b}/x.ts")).toEqual(["src/routes/", "tests/worker/", "worker/"]);
  });

  it("Markdown links from the linking file's folder, without their anchor; web links are not paths", () => {
    expect(paths("[t](testing.md#layout) [a](../worker/app.ts) [w](https://x.dev/a.md) [h](#here)", "docs/x.md", true)).toEqual([
      "docs/testing.md",
      "worker/app.ts",
    ]);
  });

  it("a Markdown file named alone must be in the repository; the product spec is cited by name", () => {
    expect(paths("(DESIGN.md 'Conventions'), README.md, spec §2 of SPEC.md")).toEqual(["DESIGN.md", "README.md"]);
  });

  it("a last part without an extension names the file it starts", () => {
    expect(exists("src/domain/fts-query")).toBe(true);
    expect(exists("migrations/0001")).toBe(true);
    expect(exists("src/domain/fts")).toBe(false);
    expect(exists("src/domain/fts-query.tsx")).toBe(false);
    expect(exists("migrations/9999")).toBe(false);
  });

  it("built output is not checked", () => {
    expect(paths("public/build/manifest.json and public/favicon.svg")).toEqual(["public/favicon.svg"]);
  });

  it("comments of code, not its strings, JSX text or regular expressions", () => {
    const code = [
      "// worker/a.ts",
      'const s = "src/b.ts"; const r = /src\\/c.ts"/;',
      "/** docs/d.md */",
      "const j = <p>client/e.ts {/* tests/f.ts */}</p>;",
    ].join("\n");
    expect(comments(code, "x.tsx")!.flatMap((c) => paths(c))).toEqual(["worker/a.ts", "docs/d.md", "tests/f.ts"]);
    expect(comments("a { color: red; } /* src/g.css */", "x.css")!.flatMap((c) => paths(c))).toEqual(["src/g.css"]);
    expect(comments("-- migrations/h.sql\nSELECT 'src/i.ts';", "x.sql")!.flatMap((c) => paths(c))).toEqual(["migrations/h.sql"]);
  });
});

describe("named paths", () => {
  it("every path the docs and the code's comments name exists", { timeout: 60_000 }, () => {
    expect(deadPaths()).toEqual([]);
  });
});
