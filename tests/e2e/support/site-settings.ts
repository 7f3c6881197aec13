// Web settings of the e2e server: `setSetting` changes one the way the club does, through the admin
// API (PUT /api/admin/settings/:key with the dev admin token), which starts a new cache generation
// for settings in the server's own isolate, so the very next request reads the change; `setting`
// reads one from D1.
import { readFileSync } from "node:fs";
import path from "node:path";
import { BASE_URL } from "./browser";
import { queryD1 } from "./d1";

const ADMIN_TOKEN = (JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../../worker/dev-admin-token.json"), "utf8")) as { DEV_ADMIN_TOKEN: string }).DEV_ADMIN_TOKEN;
const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** Sets a web setting through the admin API (reachable while the site lock is on, behind its token). */
export async function setSetting(key: string, value: string): Promise<void> {
  const response = await fetch(`${BASE_URL}/api/admin/settings/${encodeURIComponent(key)}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "x-admin-actor": "e2e", "content-type": "application/json" },
    body: JSON.stringify({ value }),
  });
  if (response.status !== 200) throw new Error(`PUT /api/admin/settings/${key} answered ${response.status}: ${await response.text()}`);
}

export async function setting(key: string): Promise<string> {
  return (await queryD1<{ value: string }>(`SELECT value FROM settings WHERE key = ${quote(key)}`))[0]?.value ?? "";
}
