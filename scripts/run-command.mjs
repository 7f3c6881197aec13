// Runs a command to completion with the output shown, so the scripts read as a list of steps.
import { spawn } from "node:child_process";
import path from "node:path";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Local binaries, called directly: `npx` adds a second or two per call and may try the network. */
export function bin(name) {
  return path.join(root, "node_modules", ".bin", name);
}

/** Quiet, offline-friendly defaults for every wrangler call. */
export const wranglerEnv = {
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_HIDE_BANNER: "true",
  NO_UPDATE_NOTIFIER: "1",
};

/**
 * The development entry (worker/dev-index.ts): the production worker plus the embedded dev login
 * portal, the dev checkout, the demo accounts and the built-in secrets. `wrangler dev` is given it
 * as its script; wrangler.toml's `main` (worker/index.ts, what `wrangler deploy` bundles) has none
 * of them.
 */
export const developmentEntry = "worker/dev-index.ts";

/** The known development admin token (worker/dev-admin-token.json), refused by the worker in production. */
export const devAdminToken = JSON.parse(readFileSync(path.join(root, "worker", "dev-admin-token.json"), "utf8")).DEV_ADMIN_TOKEN;
/** The known development transcoder token (worker/dev-transcoder-token.json): the worker's job API and `npm run dev`'s transcoder share it. */
export const devTranscoderToken = JSON.parse(readFileSync(path.join(root, "worker", "dev-transcoder-token.json"), "utf8")).DEV_TRANSCODER_TOKEN;
/** The known development ingest token (worker/dev-ingest-token.json): the worker's ingest API and `npm run dev`'s ingest service share it. */
export const devIngestToken = JSON.parse(readFileSync(path.join(root, "worker", "dev-ingest-token.json"), "utf8")).DEV_INGEST_TOKEN;
/**
 * `wrangler dev` arguments that make a local server development: the top-level wrangler.toml says
 * nothing (what `wrangler deploy` ships runs as production), so `npm run dev`, the e2e suite and the
 * bench add these to the development entry above (the production entry ignores them). A
 * developer's own `.dev.vars` still applies on top for anything else.
 */
export const developmentVars = ["--var", "ENVIRONMENT:development", "--var", "AUTH_PROVIDER:dev", "--var", `ADMIN_TOKEN:${devAdminToken}`, "--var", `TRANSCODER_TOKEN:${devTranscoderToken}`, "--var", `INGEST_TOKEN:${devIngestToken}`];

/**
 * The first SRT port of the ingest for a server on `port` (INGEST_SRT_BASE_PORT; an event's is the
 * base plus its slot). `npm run dev` on its default 8787 keeps 9000, the port the docs name; any
 * other server moves 20 ports per port, starting past 9000's block, so a developer's dev server, an
 * e2e run and a bench on one machine never listen on each other's ports.
 */
export function srtBasePort(port) {
  return port === 8787 ? 9000 : 9000 + ((port % 100) + 1) * 20;
}

/**
 * The ingest's RTMP port for a server on `port` (INGEST_RTMP_PORT, one for all events): 1935, the
 * standard one, for `npm run dev` on 8787; any other server one of 11100 to 11199, past the last
 * SRT block (9000 + 100 × 20 + 19), so no two servers' ingests share it.
 */
export function rtmpPort(port) {
  return port === 8787 ? 1935 : 11100 + (port % 100);
}

/** How an argument is echoed: paths inside the repository relative to it, node as `node`. */
function shown(arg) {
  if (arg === process.execPath) return "node";
  if (path.isAbsolute(arg) && arg.startsWith(root + path.sep)) return path.relative(root, arg);
  return /\s/.test(arg) ? JSON.stringify(arg) : arg;
}

/**
 * Runs `command args` in the repository root. Resolves with { code, stdout } (stdout only when
 * `capture` is set; otherwise the child writes straight to ours). `input` is written to its stdin.
 */
export function run(command, args, { capture = false, input, env = {}, quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    if (!quiet) console.log(`\n> ${[command, ...args].map(shown).join(" ")}`);
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: [input === undefined ? "ignore" : "pipe", capture ? "pipe" : "inherit", "inherit"],
    });
    let stdout = "";
    if (capture) child.stdout.on("data", (chunk) => (stdout += chunk));
    if (input !== undefined) child.stdin.end(input);
    // Ctrl-C reaches the child through the terminal's process group; we only wait for it to finish.
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), signal, stdout }));
  });
}

/** Like run, but a non-zero exit is an error carrying the step's name. */
export async function runOrThrow(command, args, options) {
  const result = await run(command, args, options);
  if (result.code !== 0) {
    throw new Error(`${path.basename(command)} ${args.slice(0, 3).join(" ")} exited with ${result.code}`);
  }
  return result;
}
