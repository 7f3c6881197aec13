// The benches that fill a large state (bench-console.mjs, bench-newsroom.mjs) write straight into
// the local D1's SQLite file with Debian's sqlite3 while no server runs: seconds instead of the
// minutes `wrangler d1 execute` takes. Both find the tool and the file here.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { root } from "./run-command.mjs";

/** sqlite3's path, or null where it is not installed (the benches then go through wrangler). */
export const sqlite3 = (() => {
  try {
    return execFileSync("bash", ["-c", "command -v sqlite3"], { encoding: "utf8" }).trim() || null;
  } catch {
    return null;
  }
})();

/** The local D1 database file under a `--persist-to` folder, or null before it exists. */
export function databaseFile(persistTo) {
  const dir = path.join(root, persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = existsSync(dir) ? readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite") : undefined;
  return file ? path.join(dir, file) : null;
}
