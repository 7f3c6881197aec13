// `npm run demo:match [matchID]` (development only): replays a recorded 90-minute match
// (scripts/data/demo-match.json) through the club's feed of a running `npm run dev`, in about five
// minutes, so a developer sees a match centre move. Without a matchID it takes the first team's
// next fixture. It resets the match first, sends the line-up, then each event in its turn.
// BASE_URL (default http://127.0.0.1:${PORT:-8787}) and DEMO_MINUTES (default 5) change the defaults.
import { readFileSync } from "node:fs";
import path from "node:path";
import { devAdminToken, root } from "./run-command.mjs";

const base = (process.env.BASE_URL || `http://127.0.0.1:${process.env.PORT || 8787}`).replace(/\/$/, "");
const replayMs = Number(process.env.DEMO_MINUTES || 5) * 60_000;
const recording = JSON.parse(readFileSync(path.join(root, "scripts", "data", "demo-match.json"), "utf8"));

async function call(pathname, method = "GET", body, key) {
  const headers = { accept: "application/json", "content-type": "application/json", authorization: `Bearer ${devAdminToken}`, "x-admin-actor": "demo-match" };
  if (key) headers["idempotency-key"] = key;
  const response = await fetch(`${base}${pathname}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const answer = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

async function pickMatch(given) {
  if (given !== undefined) {
    if (!/^\d{1,9}$/.test(given)) throw new Error(`Not a match id: ${given}`);
    return Number(given);
  }
  const fixtures = await call("/api/content/fixtures?team=");
  const next = fixtures.matches.find((m) => m.status === "fixture");
  if (!next) throw new Error("The first team has no fixture left this season; name a match id");
  return next.id;
}

const matchID = await pickMatch(process.argv[2]);
const centre = await call(`/api/content/match?team=&id=${matchID}`).catch(() => null);
const teamSlug = centre?.team.slug ?? "";
const clubSide = centre ? (centre.match.isHome ? "home" : "away") : "home";
const squad = (await call(`/api/content/team?team=${encodeURIComponent(teamSlug)}`)).players.map((p) => p.id);
if (squad.length < 15) throw new Error(`The team's squad has ${squad.length} players; the recording needs 15`);
const lineup = { starting: squad.slice(0, 11), subs: squad.slice(11, 18) };

await call(`/api/admin/matches/${matchID}/live`, "DELETE");
await call(`/api/admin/matches/${matchID}/lineups`, "PUT", lineup);
console.log(`Replaying ${recording.events.length} events into match ${matchID} over ${replayMs / 60_000} min: ${base}/match/${matchID}`);

const run = `demo-${Date.now()}`;
const perEvent = replayMs / recording.events.length;
for (const [i, event] of recording.events.entries()) {
  const side = event.side === "club" ? clubSide : clubSide === "home" ? "away" : "home";
  const body = { type: event.type, minute: event.minute, side };
  if (event.player !== undefined && event.side === "club") body.playerID = [...lineup.starting, ...lineup.subs][event.player];
  if (event.playerOff !== undefined && event.side === "club") body.playerOffID = [...lineup.starting, ...lineup.subs][event.playerOff];
  if (event.text) body.text = event.text;
  const { data } = await call(`/api/admin/matches/${matchID}/events`, "POST", body, `${run}-${i}`);
  console.log(`${String(event.minute).padStart(3)}' ${event.type.padEnd(13)} seq ${data.seq}`);
  await new Promise((resolve) => setTimeout(resolve, perEvent));
}
console.log("Full time: the match is a result now.");
