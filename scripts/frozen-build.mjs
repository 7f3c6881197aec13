// The development worker bundled once and a copy of public/, with a config of their own, for the
// load benches. `wrangler dev` reloads its worker whenever a source file of the bundle or a file
// under public/ changes (an edit, a client build of the e2e suite), and a request in flight during
// a reload gets wrangler's 503 'Your worker restarted mid-request': that, not the worker, was the
// 503s of the first bench:live runs.
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { bin, developmentEntry, root, runOrThrow, wranglerEnv } from "./run-command.mjs";

/** Bundles the development entry into `dir` (relative to the root); resolves with the frozen wrangler.toml's path. */
export async function freezeBuild(dir) {
  const target = path.join(root, dir);
  rmSync(target, { recursive: true, force: true });
  await runOrThrow(bin("wrangler"), ["deploy", developmentEntry, "--dry-run", "--outdir", path.join(target, "worker")], {
    env: { ...wranglerEnv, NODE_ENV: "production" },
    capture: true,
  });
  rmSync(path.join(target, "worker", "README.md"), { force: true });
  cpSync(path.join(root, "public"), path.join(target, "public"), { recursive: true });
  const config = readFileSync(path.join(root, "wrangler.toml"), "utf8").replace(/^main = .*$/m, `main = "worker/${path.basename(developmentEntry, ".ts")}.js"\nno_bundle = true`);
  writeFileSync(path.join(target, "wrangler.toml"), config);
  return path.join(dir, "wrangler.toml");
}
