// Reads and writes the e2e server's own D1 through the server itself: POST /dev-state/d1, the
// development build's state route (worker/dev-state/d1-route.ts), opened by the token
// scripts/e2e.mjs made for this run. So the tests check that what the pages show is what the
// database holds rather than repeating the seed's values, and only the server opens its SQLite file.
import { BASE_URL } from "./base-url";

type Param = string | number | boolean | null;

/** Runs one SQL statement (params bound to `?`) and answers its rows. */
export async function queryD1<Row extends Record<string, unknown>>(sql: string, params: Param[] = []): Promise<Row[]> {
  const token = process.env.E2E_STATE_TOKEN;
  if (!token) throw new Error("E2E_STATE_TOKEN is not set: run the e2e tests with `npm run test:e2e`, which starts the server with it");
  const response = await fetch(`${BASE_URL}/dev-state/d1`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ sql, params }),
  });
  if (!response.ok) throw new Error(`D1 refused: ${response.status} ${await response.text()} (${sql})`);
  return ((await response.json()) as { data: Row[] }).data;
}

/**
 * Runs the news scheduler's sweep on the server as if it were `now` (POST /dev-state/clock, the
 * development build only): the injected clock, so a scheduled article goes live without waiting.
 * Answers the ids the sweep published.
 */
export async function runSchedulerAt(now: Date): Promise<number[]> {
  const token = process.env.E2E_STATE_TOKEN;
  if (!token) throw new Error("E2E_STATE_TOKEN is not set: run the e2e tests with `npm run test:e2e`, which starts the server with it");
  const response = await fetch(`${BASE_URL}/dev-state/clock`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ now: now.toISOString() }),
  });
  if (!response.ok) throw new Error(`the scheduler refused: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { published: number[] } }).data.published;
}
