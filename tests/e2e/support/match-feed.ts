// The club's match feed and admin API as the e2e files drive them: bearer the
// development admin token, each post with its own Idempotency-Key.
import { readFileSync } from "node:fs";
import path from "node:path";
import { BASE_URL } from "./browser";

const ADMIN_TOKEN = (JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../../worker/dev-admin-token.json"), "utf8")) as { DEV_ADMIN_TOKEN: string }).DEV_ADMIN_TOKEN;

export function admin(pathname: string, method: string, body?: unknown, key?: string): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${ADMIN_TOKEN}`, "x-admin-actor": "e2e", "content-type": "application/json" };
  if (key) headers["idempotency-key"] = key;
  return fetch(`${BASE_URL}/api/admin${pathname}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

let posts = 0;
/** Posts one event; answers its status. */
export async function postEvent(matchID: number, event: { type: string; minute: number; side: "home" | "away"; text?: string }): Promise<number> {
  const response = await admin(`/matches/${matchID}/events`, "POST", event, `e2e-${event.type}-${matchID}-${Date.now()}-${++posts}`);
  await response.body?.cancel();
  return response.status;
}

/** Forgets the match's live state: a fixture again (and the page cache that showed it retired). */
export async function resetMatch(matchID: number): Promise<void> {
  const response = await admin(`/matches/${matchID}/live`, "DELETE");
  if (response.status !== 200) throw new Error(`reset of match ${matchID} answered ${response.status}`);
}

/** Retires every cached page and KV value at once (what the club does after a change in D1). */
export async function invalidateCaches(): Promise<void> {
  const response = await admin("/cache/invalidate", "POST");
  if (response.status !== 200) throw new Error(`cache invalidation answered ${response.status}`);
}

/** The first team's fixtures of the season, oldest first. */
export async function firstTeamFixtures(): Promise<{ id: number; kickoff: string }[]> {
  const fixtures = (await (await fetch(`${BASE_URL}/api/content/fixtures?team=`)).json()) as { matches: { id: number; status: string; kickoff: string }[] };
  return fixtures.matches.filter((m) => m.status === "fixture");
}
