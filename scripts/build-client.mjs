// Builds the browser bundle (code-split ES modules, with rolldown) and the stylesheet (esbuild)
// into public/build/ with content hashes, and writes public/build/manifest.json for the worker.
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
const outdir = path.join(root, "public/build");
const production = process.env.NODE_ENV !== "development";
const ENTRY = "client/entry.tsx";
const target = ["es2022", "chrome110", "firefox115", "safari16"];

// The old files stay until the new manifest is written: a running `wrangler dev` (and pages
// already open) keep working while a rebuild is under way.
await mkdir(outdir, { recursive: true });
const previous = await readdir(outdir);

const css = await build({
  absWorkingDir: root,
  entryPoints: { app: "src/styles/app.css" },
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

/**
 * Every module the entry imports statically, directly or not: what runs before the app starts.
 * The entry module itself stays out: it awaits the landing page's chunk, which imports the shell,
 * so an entry inside the shell would wait on itself.
 */
const shell = new Set();
const bundle = await rolldown({
  cwd: root,
  input: { entry: ENTRY },
  platform: "browser",
  transform: { target, jsx: { runtime: "automatic" }, define: { "process.env.NODE_ENV": JSON.stringify(production ? "production" : "development") } },
  // React Router's modules say "use client", which means nothing to a browser bundle.
  onLog: (level, log, handle) => (log.code === "MODULE_LEVEL_DIRECTIVE" ? undefined : handle(level, log)),
  plugins: [
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
const cssOut = Object.keys(css.metafile.outputs).find((file) => file.endsWith(".css"));
if (!entryChunk || !cssOut) throw new Error("build-client: entry or stylesheet missing from the build output");

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

const publicPath = (file) => `/build/${file}`;

/** A chunk and every chunk it imports statically: what must be fetched before it runs. */
function withStaticImports(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const i of chunks.get(file)?.imports ?? []) withStaticImports(i, seen);
  return seen;
}
const entryFiles = withStaticImports(entryChunk.fileName);

// Each page's chunk (a dynamic import in src/pages/lazy-pages.tsx) with the chunks it needs
// beyond the entry's, keyed by page name, so the worker can preload the landing page's code.
const pages = {};
for (const chunk of chunks.values()) {
  const page = /[\\/]src[\\/]pages[\\/](\w+)\.tsx$/.exec(chunk.facadeModuleId ?? "")?.[1];
  if (!page || !chunk.isDynamicEntry) continue;
  pages[page] = [...withStaticImports(chunk.fileName)].filter((f) => !entryFiles.has(f)).map(publicPath);
}

// zod (zod/mini, for the API answers the browser parses: client/data/api-answers.ts) may only come
// with a later navigation's lazy chunk: never in what a first visit downloads (the entry and the
// chunks it imports, or a landing page's chunks), which would cost the first-visit JS budget.
const firstVisit = new Set([...entryFiles, ...Object.values(pages).flat().map((p) => path.basename(p))]);
const zodInFirstVisit = [...firstVisit].filter((file) => chunks.get(file)?.moduleIds.some((id) => id.includes("node_modules/zod/")));
if (zodInFirstVisit.length > 0) throw new Error(`build-client: zod in first-visit JavaScript: ${zodInFirstVisit.join(", ")}`);

const manifest = {
  entry: publicPath(entryChunk.fileName),
  css: publicPath(path.relative(outdir, path.join(root, cssOut))),
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
console.log(`client built: ${manifest.entry}, ${manifest.css}, ${manifest.icons}, ${manifest.preload.length} shared chunk(s), ${Object.keys(pages).length} page chunk(s)`);
