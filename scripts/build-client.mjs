// Builds the browser bundle (code-split ES modules, with rolldown) and the stylesheets (esbuild)
// into public/build/ with content hashes, and writes public/build/manifest.json for the worker.
//
// Stylesheets: src/styles/app.css is the shell's (what every page needs); a page's own rules sit
// beside it in its route family's folder, imported by the page module (`import "./videos.css"`).
// Here such an import is an empty module whose importer is noted, so each page chunk's
// stylesheets land in the manifest beside its scripts; the worker and the browser link them.
//
// Why rolldown for the JavaScript: esbuild puts every module that the entry and a lazy page both
// import into a chunk of its own (it cannot know the entry always runs first), so a first visit
// to / fetched 41 files, 26 of them for the entry alone, and paid gzip's per-file cost on each.
// rolldown (already installed: it is vite's bundler, under vitest) lets one chunk group take
// every module the entry reaches statically: the shell is one file, pages keep their own chunks.
import { build } from "esbuild";
import { rolldown } from "rolldown";
import { createHash } from "node:crypto";
import { mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
// CLIENT_OUTDIR: another folder for the same files (tests/unit/route-styles.test.ts builds into a
// temporary one, leaving a running server's public/build/ alone); the URLs stay /build/….
const outdir = path.resolve(root, process.env.CLIENT_OUTDIR || "public/build");
const production = process.env.NODE_ENV !== "development";
const ENTRY = "client/entry.tsx";
/** The route families' tables: their dynamic imports are the pages (one chunk each). */
const FAMILY_TABLES = /\/src\/routes\/[a-z-]+\/routes\.tsx?$/;
const target = ["es2022", "chrome110", "firefox115", "safari16"];

// The old files stay until the new manifest is written: a running `wrangler dev` (and pages
// already open) keep working while a rebuild is under way.
await mkdir(outdir, { recursive: true });
const previous = await readdir(outdir);

/**
 * Every module the entry imports statically, directly or not: what runs before the app starts.
 * The entry module itself stays out: it awaits the landing page's chunk, which imports the shell,
 * so an entry inside the shell would wait on itself.
 */
const publicPath = (file) => `/build/${file}`;

const reactRouterProduction = {
  "react-router/dom": path.join(root, "node_modules/react-router/dist/production/dom-export.mjs"),
  "react-router": path.join(root, "node_modules/react-router/dist/production/index.mjs"),
};

const shell = new Set();
/** The page modules: the family tables' dynamic imports (a lower region of a page is a chunk, not a page). */
const pageModules = new Set();
/** module id → the stylesheets it imports (absolute paths) */
const stylesOf = new Map();
const STYLE_PREFIX = "\0route-style:";
const bundle = await rolldown({
  cwd: root,
  input: { entry: ENTRY },
  platform: "browser",
  // React Router's package exports only its development build (its dev warnings kept); the
  // production build it ships beside it drops them: 0.6 kB gzip less on every first visit.
  ...(production ? { resolve: { alias: reactRouterProduction } } : {}),
  transform: { target, jsx: { runtime: "automatic" }, define: { "process.env.NODE_ENV": JSON.stringify(production ? "production" : "development") } },
  // React Router's modules say "use client", which means nothing to a browser bundle.
  onLog: (level, log, handle) => (log.code === "MODULE_LEVEL_DIRECTIVE" ? undefined : handle(level, log)),
  plugins: [
    {
      name: "route-styles",
      resolveId(source, importer) {
        if (!source.endsWith(".css") || !importer) return null;
        const file = path.resolve(path.dirname(importer), source);
        stylesOf.set(importer, [...(stylesOf.get(importer) ?? []), file]);
        // (not ending in .css: rolldown no longer bundles CSS and refuses such a module)
        return { id: `${STYLE_PREFIX}${file}.js`, moduleSideEffects: false };
      },
      load(id) {
        return id.startsWith(STYLE_PREFIX) ? "export {};" : null;
      },
    },
    {
      name: "entry-shell",
      buildEnd() {
        const walk = (id) => {
          if (shell.has(id)) return;
          shell.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) walk(next);
        };
        const entry = path.join(root, ENTRY);
        walk(entry);
        shell.delete(entry);
        // What every page imports (its document title) runs on every visit too: in the shell it costs
        // less than a chunk of its own that each first visit fetches. (Not a module that brings a
        // stylesheet: the shell's rules are app.css's.)
        const tables = [...this.getModuleIds()].filter((id) => FAMILY_TABLES.test(id));
        if (tables.length === 0) throw new Error("build-client: no route family table (src/routes/*/routes.ts) in the bundle");
        const pageIds = [...new Set(tables.flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? []))];
        for (const id of pageIds) pageModules.add(id);
        const reach = (id, seen = new Set()) => {
          if (seen.has(id) || shell.has(id)) return seen;
          seen.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) reach(next, seen);
          return seen;
        };
        const [first, ...rest] = pageIds.map((id) => reach(id));
        const everyPage = rest.reduce((common, ids) => new Set([...common].filter((id) => ids.has(id))), first ?? new Set());
        for (const id of everyPage) if (!pageIds.includes(id) && !stylesOf.has(id) && !id.startsWith(STYLE_PREFIX)) shell.add(id);
      },
    },
  ],
});
const { output } = await bundle.write({
  dir: outdir,
  format: "es",
  minify: production,
  sourcemap: !production,
  entryFileNames: "[name]-[hash].js",
  chunkFileNames: "chunk-[hash].js",
  // (rolldown's own helpers, the CommonJS interop React needs, stay a 0.6 kB file of their own:
  // chunk groups never see them.)
  codeSplitting: { groups: [{ name: "shell", test: (id) => shell.has(id) }] },
  comments: false,
});
await bundle.close();

const chunks = new Map(output.filter((o) => o.type === "chunk").map((c) => [c.fileName, c]));
const entryChunk = [...chunks.values()].find((c) => c.isEntry);
if (!entryChunk) throw new Error("build-client: entry missing from the build output");

// The shell's rules are app.css's: a module the entry reaches may not bring a stylesheet of its own.
const shellStyles = [...stylesOf.keys()].filter((id) => shell.has(id) || id === path.join(root, ENTRY));
if (shellStyles.length > 0) throw new Error(`build-client: stylesheet imported by the shell (put its rules in src/styles/app.css): ${shellStyles.join(", ")}`);

// One stylesheet per CSS file a page imports, named after it.
const routeStyleFiles = [...new Set([...stylesOf.values()].flat())];
const styleNames = new Map(routeStyleFiles.map((file) => [file, path.basename(file, ".css")]));
if (new Set(styleNames.values()).size !== styleNames.size || [...styleNames.values()].includes("app")) {
  throw new Error(`build-client: two route stylesheets share a name: ${routeStyleFiles.join(", ")}`);
}
const css = await build({
  absWorkingDir: root,
  entryPoints: { app: "src/styles/app.css", ...Object.fromEntries([...styleNames].map(([file, name]) => [name, file])) },
  outdir,
  bundle: true,
  target,
  minify: production,
  sourcemap: production ? false : "linked",
  metafile: true,
  entryNames: "[name]-[hash]",
  assetNames: "asset-[hash]",
  loader: { ".svg": "file", ".png": "file", ".woff2": "file" },
  legalComments: "none",
  logLevel: "warning",
});
/** absolute source path of an entry stylesheet → its public URL */
const cssUrl = new Map(
  Object.entries(css.metafile.outputs)
    .filter(([file, out]) => file.endsWith(".css") && out.entryPoint)
    .map(([file, out]) => [path.resolve(root, out.entryPoint), publicPathOf(file)]),
);
function publicPathOf(file) {
  return publicPath(path.relative(outdir, path.resolve(root, file)));
}
const shellCss = cssUrl.get(path.join(root, "src/styles/app.css"));
if (!shellCss) throw new Error("build-client: shell stylesheet missing from the build output");

// Server-only libraries must never reach the browser.
const serverOnly = ["node_modules/hono/", "node_modules/jose/", "node_modules/xss/"];
const leaked = [...chunks.values()].flatMap((c) => c.moduleIds).filter((id) => serverOnly.some((p) => id.includes(p)));
if (leaked.length > 0) throw new Error(`build-client: server-only code in the browser bundle: ${leaked.slice(0, 5).join(", ")}`);

// The icon sprite: generated from the same shape data the components name (src/icons/icon-sprite.ts),
// content-hashed like the bundles so it can be cached for good.
const spriteModule = await build({
  absWorkingDir: root,
  entryPoints: ["src/icons/icon-sprite.ts"],
  bundle: true,
  write: false,
  format: "esm",
  platform: "node",
  logLevel: "warning",
});
const { buildIconSprite } = await import(`data:text/javascript;base64,${Buffer.from(spriteModule.outputFiles[0].text).toString("base64")}`);
const sprite = buildIconSprite();
const spriteHash = createHash("sha256").update(sprite).digest("hex").slice(0, 8).toUpperCase();
const spriteFile = `icons-${spriteHash}.svg`;
await writeFile(path.join(outdir, spriteFile), sprite);


/** A chunk and every chunk it imports statically: what must be fetched before it runs. */
function withStaticImports(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const i of chunks.get(file)?.imports ?? []) withStaticImports(i, seen);
  return seen;
}
const entryFiles = withStaticImports(entryChunk.fileName);

// Each page's chunk (a dynamic import in a family's src/routes/<family>/routes.ts) with the chunks it needs
// beyond the entry's, keyed by page name, so the worker can preload the landing page's code.
const pages = {};
// Each page's own stylesheets: those imported by the modules of its chunks beyond the entry's.
const styles = {};
for (const chunk of chunks.values()) {
  if (!chunk.isDynamicEntry || !pageModules.has(chunk.facadeModuleId)) continue;
  const page = path.basename(chunk.facadeModuleId, ".tsx");
  const files = [...withStaticImports(chunk.fileName)].filter((f) => !entryFiles.has(f));
  pages[page] = files.map(publicPath);
  const sheets = files.flatMap((f) => chunks.get(f)?.moduleIds ?? []).flatMap((id) => stylesOf.get(id) ?? []);
  if (sheets.length > 0) styles[page] = [...new Set(sheets.map((file) => cssUrl.get(file)))];
}

// zod (zod/mini, for the API answers the browser parses itself: client/api-answer.ts) may only come
// with a later navigation's lazy chunk: never in what a first visit downloads (the entry and the
// chunks it imports, or a landing page's chunks), which would cost the first-visit JS budget.
const firstVisit = new Set([...entryFiles, ...Object.values(pages).flat().map((p) => path.basename(p))]);
const zodInFirstVisit = [...firstVisit].filter((file) => chunks.get(file)?.moduleIds.some((id) => id.includes("node_modules/zod/")));
if (zodInFirstVisit.length > 0) throw new Error(`build-client: zod in first-visit JavaScript: ${zodInFirstVisit.join(", ")}`);

const manifest = {
  entry: publicPath(entryChunk.fileName),
  css: shellCss,
  styles,
  icons: `/build/${spriteFile}`,
  preload: [...entryFiles].filter((f) => f !== entryChunk.fileName).map(publicPath),
  pages,
};
const manifestFile = path.join(outdir, "manifest.json");
await writeFile(`${manifestFile}.tmp`, JSON.stringify(manifest, null, 2) + "\n");
await rename(`${manifestFile}.tmp`, manifestFile);

const current = new Set([...output.flatMap((o) => [o.fileName, `${o.fileName}.map`]), ...Object.keys(css.metafile.outputs).map((file) => path.basename(file)), spriteFile]);
for (const file of previous) {
  if (file !== "manifest.json" && !current.has(file)) await rm(path.join(outdir, file), { force: true });
}
console.log(`client built: ${manifest.entry}, ${manifest.css} and ${cssUrl.size - 1} route stylesheet(s), ${manifest.icons}, ${manifest.preload.length} shared chunk(s), ${Object.keys(pages).length} page chunk(s)`);
