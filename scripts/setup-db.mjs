#!/usr/bin/env node
// `npm run db:setup`: brings the local D1 database up to date and loads the demo content into an
// empty one. Used by `npm run dev`, the e2e suite and the bench, each with its own state folder.
//   node scripts/setup-db.mjs [--persist-to .wrangler/e2e-state]
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bin, root, runOrThrow, wranglerEnv } from "./run-command.mjs";

const SEED_FILE = path.join(root, ".wrangler", "seed", "demo.sql");
const SEED_BUILDER = path.join(root, "migrations", "seed", "build-seed.mjs");

function persistArgs(persistTo) {
  return persistTo ? ["--persist-to", persistTo] : [];
}

/** Number of rows in `teams`, the first table the seed fills: 0 means the demo content is missing. */
async function countTeams(persistTo) {
  const { stdout } = await runOrThrow(
    bin("wrangler"),
    ["d1", "execute", "DB", "--local", ...persistArgs(persistTo), "--json", "--command", "SELECT count(*) AS n FROM teams"],
    { capture: true, env: wranglerEnv },
  );
  // --json prints one array of statement results; anything before it (warnings) is skipped.
  const json = JSON.parse(stdout.slice(stdout.indexOf("[")));
  const n = Number(json?.[0]?.results?.[0]?.n);
  if (!Number.isInteger(n)) throw new Error(`Unexpected answer counting teams: ${stdout}`);
  return n;
}

export async function setupDb({ persistTo } = {}) {
  const where = persistTo ?? ".wrangler/state";
  console.log(`Setting up local D1 in ${where}`);
  // The apply command asks for confirmation on a terminal; CI=true and a piped 'y' both answer it.
  await runOrThrow(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", ...persistArgs(persistTo)], {
    env: { ...wranglerEnv, CI: "true" },
    input: "y\n",
  });
  const teams = await countTeams(persistTo);
  if (teams > 0) {
    console.log(`Demo content already present (${teams} teams); leaving the data as it is.`);
    return;
  }
  if (!existsSync(SEED_BUILDER)) throw new Error(`Missing ${path.relative(root, SEED_BUILDER)}`);
  await runOrThrow(process.execPath, [SEED_BUILDER]);
  if (!existsSync(SEED_FILE)) throw new Error(`The seed builder did not write ${path.relative(root, SEED_FILE)}`);
  const { stdout } = await runOrThrow(
    bin("wrangler"),
    ["d1", "execute", "DB", "--local", ...persistArgs(persistTo), "--yes", "--file", SEED_FILE],
    { env: { ...wranglerEnv, CI: "true" }, capture: true },
  );
  // Its summary, without the JSON dump of every statement's (empty) result that follows it.
  const jsonStart = stdout.search(/^\[/m);
  process.stdout.write(jsonStart >= 0 ? stdout.slice(0, jsonStart) : stdout);
  console.log(`Demo content loaded (${await countTeams(persistTo)} teams).`);
}

function parseArgs(argv) {
  const i = argv.indexOf("--persist-to");
  return { persistTo: i >= 0 ? argv[i + 1] : process.env.PERSIST_TO || undefined };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  setupDb(parseArgs(process.argv.slice(2))).catch((error) => {
    console.error(`db:setup failed: ${error.message}`);
    process.exit(1);
  });
}
