#!/usr/bin/env node
// Runs the live ingest service (ingest/main.ts): bundles it with esbuild into .wrangler/ingest/
// (it shares src/domain/live-ingest.ts and stream-key.ts with the worker), then runs the bundle in
// this process. A container runs the same bundle (docs/media-and-live.md). Settings: WORKER_URL, INGEST_TOKEN, …
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { root } from "./run-command.mjs";

export async function bundleIngest(outfile = path.join(root, ".wrangler", "ingest", "main.mjs")) {
  await build({ entryPoints: [path.join(root, "ingest", "main.ts")], bundle: true, platform: "node", target: "node20", format: "esm", outfile, logLevel: "warning" });
  return outfile;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const outfile = await bundleIngest();
  await import(pathToFileURL(outfile).href);
}
