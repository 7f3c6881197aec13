// Reads the e2e server's own D1 state (scripts/e2e.mjs passes its folder), so the tests check that
// what the pages show is what the database holds rather than repeating the seed's values.
import { execFileSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../../..");
const persistTo = process.env.E2E_PERSIST_TO ?? ".wrangler/e2e-state";

export function queryD1<Row extends Record<string, unknown>>(sql: string): Row[] {
  // The server holds the same SQLite file: a call that meets its write lock waits and asks again.
  for (let attempt = 1; ; attempt++) {
    try {
      const stdout = execFileSync(
        path.join(root, "node_modules", ".bin", "wrangler"),
        ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--json", "--command", sql],
        { cwd: root, encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false" }, stdio: ["ignore", "pipe", "pipe"] },
      );
      const json = JSON.parse(stdout.slice(stdout.indexOf("["))) as Array<{ results: Row[] }>;
      return json[0]?.results ?? [];
    } catch (error) {
      // Any failure is asked again: the server holds the file, and a wrangler run beside it can fail
      // without saying SQLITE_BUSY (a fresh-clone run lost a registration's write that way).
      if (attempt >= 5) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500 * attempt);
    }
  }
}
