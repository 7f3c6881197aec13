// The CSS split: the client build links each page chunk's own stylesheets in its manifest, and no
// stylesheet under src/styles or src/routes is longer than 400 lines. The build runs into a temporary folder.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseRouteStyles } from "../../src/app/route-styles";

const root = path.resolve(import.meta.dirname, "../..");
const outdir = mkdtempSync(path.join(tmpdir(), "route-styles-"));

interface Manifest {
  css: string;
  styles: Record<string, string[]>;
  pages: Record<string, string[]>;
}
let manifest: Manifest;

beforeAll(() => {
  execFileSync(process.execPath, [path.join(root, "scripts/build-client.mjs")], {
    cwd: root,
    env: { ...process.env, CLIENT_OUTDIR: outdir, NODE_ENV: "production" },
    stdio: "pipe",
  });
  manifest = JSON.parse(readFileSync(path.join(outdir, "manifest.json"), "utf8"));
}, 120_000);
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

/** Page module name → the route stylesheets (base names) its source imports (beside it, or a sibling family's). */
function importedRouteStyles(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of filesUnder(path.join(root, "src/routes")).filter((f) => f.endsWith(".tsx"))) {
    const source = readFileSync(file, "utf8");
    const sheets = [...source.matchAll(/^import "\.{1,2}\/(?:[\w-]+\/)?([\w-]+)\.css";$/gm)].flatMap((m) => (m[1] ? [m[1]] : []));
    if (sheets.length > 0) found.set(path.basename(file, ".tsx"), sheets);
  }
  return found;
}

describe("route stylesheets in the client manifest", () => {
  it("gives every page that imports route CSS exactly those stylesheets, built", () => {
    const expected = importedRouteStyles();
    expect(expected.size).toBeGreaterThan(0);
    for (const [page, sheets] of expected) {
      expect(manifest.pages[page], `${page} is a page chunk`).toBeDefined();
      const urls = manifest.styles[page] ?? [];
      expect(urls.map((url) => /^\/build\/([\w-]+)-[A-Z0-9]+\.css$/.exec(url)?.[1]).sort(), page).toEqual([...sheets].sort());
      for (const url of urls) expect(existsSync(path.join(outdir, path.basename(url))), url).toBe(true);
    }
    // and no page has stylesheets it does not import
    expect(Object.keys(manifest.styles).sort()).toEqual([...expected.keys()].sort());
  });

  it("leaves a page's own rules out of the shell stylesheet", () => {
    const shell = readFileSync(path.join(outdir, path.basename(manifest.css)), "utf8");
    const videos = manifest.styles.VideoFaqs?.[0] ?? "";
    const routeCss = readFileSync(path.join(outdir, path.basename(videos)), "utf8");
    // the FAQ accordion is the videos route's own (src/styles/pages/videos/categories-faqs.css)
    expect(routeCss).toContain(".faqs__toc");
    expect(shell).not.toContain(".faqs__toc");
  });
});

describe("stylesheet sizes", () => {
  it("keeps every stylesheet under src/styles and beside the pages (src/routes) to 400 lines or fewer", () => {
    const long = [...filesUnder(path.join(root, "src/styles")), ...filesUnder(path.join(root, "src/routes"))]
      .filter((file) => file.endsWith(".css"))
      .map((file) => ({ file: path.relative(root, file), lines: readFileSync(file, "utf8").split("\n").length - 1 }))
      .filter(({ lines }) => lines > 400);
    expect(long).toEqual([]);
  });
});

describe("parseRouteStyles", () => {
  it("reads page names with lists of URLs and drops anything else", () => {
    expect(parseRouteStyles('{"Video":["/build/videos-A.css"],"Bad":[1],"Worse":"x"}')).toEqual({ Video: ["/build/videos-A.css"] });
    expect(parseRouteStyles("not json")).toEqual({});
    expect(parseRouteStyles("[]")).toEqual({});
    expect(parseRouteStyles(undefined)).toEqual({});
  });
});
