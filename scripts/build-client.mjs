// Builds the browser bundle (code-split ES modules) and the stylesheet into public/build/
// with content hashes, and writes public/build/manifest.json for the worker.
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const outdir = path.join(root, "public/build");
const production = process.env.NODE_ENV !== "development";

// The old files stay until the new manifest is written: a running `wrangler dev` (and pages
// already open) keep working while a rebuild is under way.
await mkdir(outdir, { recursive: true });
const previous = await readdir(outdir);

const result = await build({
  absWorkingDir: root,
  entryPoints: { entry: "client/entry.tsx", app: "src/styles/app.css" },
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  target: ["es2022", "chrome110", "firefox115", "safari16"],
  jsx: "automatic",
  minify: production,
  sourcemap: production ? false : "linked",
  metafile: true,
  entryNames: "[name]-[hash]",
  chunkNames: "chunk-[hash]",
  assetNames: "asset-[hash]",
  define: { "process.env.NODE_ENV": JSON.stringify(production ? "production" : "development") },
  loader: { ".svg": "file", ".png": "file", ".woff2": "file" },
  legalComments: "none",
  logLevel: "warning",
});

// Server-only libraries must never reach the browser.
const serverOnly = ["node_modules/hono/", "node_modules/jose/", "node_modules/xss/"];
const leaked = Object.keys(result.metafile.inputs).filter((input) => serverOnly.some((p) => input.includes(p)));
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

const publicPath = (file) => "/" + path.relative(path.join(root, "public"), path.join(root, file)).split(path.sep).join("/");
const outputs = Object.entries(result.metafile.outputs);
const entryOut = outputs.find(([, o]) => o.entryPoint === "client/entry.tsx");
const cssOut = outputs.find(([file, o]) => file.endsWith(".css") && o.entryPoint === "src/styles/app.css");
if (!entryOut || !cssOut) throw new Error("build-client: entry or stylesheet missing from esbuild output");

/** A chunk and every chunk it imports statically: what must be fetched before it runs. */
function withStaticImports(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const i of result.metafile.outputs[file]?.imports ?? []) if (i.kind === "import-statement") withStaticImports(i.path, seen);
  return seen;
}
const entryFiles = withStaticImports(entryOut[0]);

// Each page's chunk (a dynamic import in src/pages/lazy-pages.tsx) with the chunks it needs
// beyond the entry's, keyed by page name, so the worker can preload the landing page's code.
const pages = {};
for (const [file, output] of outputs) {
  const page = /^src\/pages\/(\w+)\.tsx$/.exec(output.entryPoint ?? "")?.[1];
  if (!page || file === entryOut[0]) continue;
  pages[page] = [...withStaticImports(file)].filter((f) => !entryFiles.has(f)).map(publicPath);
}

// zod (zod/mini, for the API answers the browser parses: client/data/api-answers.ts) may only come
// with a later navigation's lazy chunk: never in what a first visit downloads (the entry and the
// chunks it imports, or a landing page's chunks), which would cost the first-visit JS budget.
const firstVisit = new Set([...entryFiles, ...Object.values(pages).flat().map((p) => path.join("public", p))]);
const zodInFirstVisit = [...firstVisit].filter((file) =>
  Object.keys(result.metafile.outputs[file]?.inputs ?? {}).some((input) => input.includes("node_modules/zod/")),
);
if (zodInFirstVisit.length > 0) throw new Error(`build-client: zod in first-visit JavaScript: ${zodInFirstVisit.join(", ")}`);

const manifest = {
  entry: publicPath(entryOut[0]),
  css: publicPath(cssOut[0]),
  icons: `/build/${spriteFile}`,
  preload: [...entryFiles].filter((f) => f !== entryOut[0]).map(publicPath),
  pages,
};
const manifestFile = path.join(outdir, "manifest.json");
await writeFile(`${manifestFile}.tmp`, JSON.stringify(manifest, null, 2) + "\n");
await rename(`${manifestFile}.tmp`, manifestFile);

const current = new Set([...Object.keys(result.metafile.outputs).map((file) => path.basename(file)), spriteFile]);
for (const file of previous) {
  if (file !== "manifest.json" && !current.has(file)) await rm(path.join(outdir, file), { force: true });
}
console.log(`client built: ${manifest.entry}, ${manifest.css}, ${manifest.icons}, ${manifest.preload.length} shared chunk(s), ${Object.keys(pages).length} page chunk(s)`);
