// Changes a web setting in the e2e server's D1 and starts a new content-cache generation (what the
// admin API does after a write), so the running server reads the change on its next request.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { queryD1 } from "./d1";

const root = path.resolve(import.meta.dirname, "../../..");
const GENERATIONS_MEMO_MS = 5_000;
const persistTo = process.env.E2E_PERSIST_TO ?? ".wrangler/e2e-state";

export function setSetting(key: string, value: string): void {
  const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
  queryD1(`UPDATE settings SET value = ${quote(value)} WHERE key = ${quote(key)}`);
  execFileSync(
    path.join(root, "node_modules", ".bin", "wrangler"),
    ["kv", "key", "put", "site-cache:generations", JSON.stringify({ all: Date.now() }), "--binding", "CACHE", "--local", "--persist-to", persistTo],
    { cwd: root, encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  // The worker trusts the generations it last read for 5 s (worker/cache/kv-cache.ts): wait them out.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, GENERATIONS_MEMO_MS + 500);
}

export function setting(key: string): string {
  return queryD1<{ value: string }>(`SELECT value FROM settings WHERE key = '${key.replace(/'/g, "''")}'`)[0]?.value ?? "";
}
