#!/usr/bin/env node
// Runs the transcoder (transcoder/main.ts): bundles it with esbuild into .wrangler/transcoder/
// (it shares src/domain/video-ladder.ts with the worker), then runs the bundle in this process.
// A container image runs the same bundle (docs/transcoding.md). Settings: WORKER_URL, TRANSCODER_TOKEN, …
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { root } from "./run-command.mjs";

export async function bundleTranscoder(outfile = path.join(root, ".wrangler", "transcoder", "main.mjs")) {
  await build({ entryPoints: [path.join(root, "transcoder", "main.ts")], bundle: true, platform: "node", target: "node20", format: "esm", outfile, logLevel: "warning" });
  return outfile;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const outfile = await bundleTranscoder();
  await import(pathToFileURL(outfile).href);
}
