// Reads the e2e server's own D1 state (scripts/e2e.mjs passes its folder) through the run's state
// service (support/state-service.ts), so the tests check that what the pages show is what the
// database holds rather than repeating the seed's values.
import { inject } from "vitest";

export async function queryD1<Row extends Record<string, unknown>>(sql: string): Promise<Row[]> {
  // The server holds the same SQLite file: a statement that meets its write lock is asked again.
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(new URL("/d1", inject("stateServiceUrl")), { method: "POST", body: sql });
    if (response.ok) return (await response.json()) as Row[];
    const error = `${response.status} ${await response.text()} (${sql})`;
    if (attempt >= 5) throw new Error(`D1 refused: ${error}`);
    await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
  }
}
