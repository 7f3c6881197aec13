// Changes a web setting in the e2e server's D1 and starts a new content-cache generation (what the
// admin API does after a write), so the running server reads the change on its next request.
import { inject } from "vitest";
import { queryD1 } from "./d1";

const GENERATIONS_MEMO_MS = 5_000;
const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

export async function setSetting(key: string, value: string): Promise<void> {
  await queryD1(`UPDATE settings SET value = ${quote(value)} WHERE key = ${quote(key)}`);
  const url = new URL(`/kv/${encodeURIComponent("site-cache:generations")}`, inject("stateServiceUrl"));
  const response = await fetch(url, { method: "PUT", body: JSON.stringify({ all: Date.now() }) });
  if (!response.ok) throw new Error(`KV refused the new cache generation: ${response.status} ${await response.text()}`);
  // The worker trusts the generations it last read for 5 s (worker/cache/kv-cache.ts): wait them out.
  await new Promise((resolve) => setTimeout(resolve, GENERATIONS_MEMO_MS + 500));
}

export async function setting(key: string): Promise<string> {
  return (await queryD1<{ value: string }>(`SELECT value FROM settings WHERE key = ${quote(key)}`))[0]?.value ?? "";
}
