// Builds the browser bundle (code-split ES modules) and the stylesheet into public/build/
// with content hashes, and writes public/build/manifest.json for the worker.
import { build } from "esbuild";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const outdir = path.join(root, "public/build");
const production = process.env.NODE_ENV !== "development";

await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });

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

const publicPath = (file) => "/" + path.relative(path.join(root, "public"), path.join(root, file)).split(path.sep).join("/");
const outputs = Object.entries(result.metafile.outputs);
const entryOut = outputs.find(([, o]) => o.entryPoint === "client/entry.tsx");
const cssOut = outputs.find(([file, o]) => file.endsWith(".css") && o.entryPoint === "src/styles/app.css");
if (!entryOut || !cssOut) throw new Error("build-client: entry or stylesheet missing from esbuild output");

const manifest = {
  entry: publicPath(entryOut[0]),
  css: publicPath(cssOut[0]),
  preload: entryOut[1].imports.filter((i) => i.kind === "import-statement").map((i) => publicPath(i.path)),
};
await writeFile(path.join(outdir, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
console.log(`client built: ${manifest.entry}, ${manifest.css}, ${manifest.preload.length} preloaded chunk(s)`);
