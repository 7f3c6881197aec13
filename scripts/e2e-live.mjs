// Live media for the e2e run: the ingest service beside the e2e server (as `npm run dev` runs it)
// and a real-time push into it for each live event the tests play, from before the first test to
// the end of the run. Pictures are 320x180 at 15 fps and packaged with x264's ultrafast preset: the
// live side stays cheap on the shared test machine (docs/testing.md has the measured cost). Each
// carries the picture clock (scripts/picture-clock.mjs) that the tests read glass to glass from.
// academy-live is never pushed: tests that need an event of their own (the live ingest's push, idle
// and offline) use it.
import { spawn } from "node:child_process";
import path from "node:path";
import { PUSH_PROFILES, pushTarget, startPush } from "./live-push.mjs";
import { devAdminToken, devIngestToken, root, rtmpPort } from "./run-command.mjs";

/** The seeded events the e2e tests open and play: the press conference, the men's commentary, the women's match. */
export const E2E_LIVE_EVENTS = ["press-conference", "men-audio-commentary", "women-live"];
const READY_SEGMENTS = 2;
const READY_WITHIN_MS = 120_000;
const log = (line) => console.log(`[e2e live] ${line}`);

/** Segments in the event's latest stored playlist (the server's D1, read through its state route). */
async function segments(baseUrl, stateToken, id) {
  const res = await fetch(new URL("/dev-state/d1", baseUrl), {
    method: "POST",
    headers: { authorization: `Bearer ${stateToken}`, "content-type": "application/json" },
    body: JSON.stringify({ sql: "SELECT playlist FROM live_stream_assets WHERE id = ? AND status = 'active'", params: [id] }),
  });
  if (!res.ok) throw new Error(`the state route answered ${res.status}`);
  const [row] = (await res.json()).data;
  return row?.playlist ? (row.playlist.match(/#EXTINF/g) ?? []).length : 0;
}

/** Whether an event is on air, by the admin API (for a server without the state route, e.g. the bench's). */
export async function activeByAdminApi(baseUrl, id) {
  const res = await fetch(new URL(`/api/admin/streams/${id}`, baseUrl), { headers: { authorization: `Bearer ${devAdminToken}` } });
  return res.ok && (await res.json()).data.attributes.status === "active";
}

/**
 * Starts the ingest and a push to each of `events`, and resolves once every event is ready: its
 * playlist has READY_SEGMENTS segments (read through the state route with `stateToken`), or, without
 * a state token, the admin API says it is on air. Answers stopPushes(), which ends the pushes and
 * leaves the ingest running, and stop(), which ends them all; call stop() whatever happens (it is
 * safe twice).
 */
export async function startLiveMedia({ baseUrl, stateToken = null, events = E2E_LIVE_EVENTS }) {
  // Its own process group: stopping it also stops the packaging ffmpegs it runs.
  const ingest = spawn(process.execPath, [path.join(root, "scripts", "ingest.mjs")], {
    cwd: root,
    env: { ...process.env, WORKER_URL: baseUrl, INGEST_TOKEN: devIngestToken, INGEST_BIND: "127.0.0.1", INGEST_RTMP_PORT: String(rtmpPort(Number(new URL(baseUrl).port))), INGEST_POLL_SECONDS: "2", INGEST_X264_PRESET: "ultrafast" },
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  const pushes = [];
  let stopped = false;
  // The pushes alone: the ingest stays (live-ingest.test.ts pushes an event of its own to it).
  const stopPushes = async () => {
    for (const push of pushes) push.stop();
    await Promise.allSettled(pushes.map((p) => p.done));
  };
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await stopPushes();
    if (ingest.exitCode === null && ingest.signalCode === null) {
      const exited = new Promise((resolve) => ingest.once("exit", resolve));
      try {
        process.kill(-ingest.pid, "SIGTERM");
      } catch {
        // already gone
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      try {
        process.kill(-ingest.pid, "SIGKILL");
      } catch {
        // gone
      }
    }
  };
  // An exit without the finally (a crash): no ingest or encoder outlives the run.
  process.on("exit", () => {
    for (const push of pushes) push.stop();
    try {
      process.kill(-ingest.pid, "SIGKILL");
    } catch {
      // gone
    }
  });
  try {
    const settings = { workerUrl: baseUrl, ingestToken: devIngestToken, adminToken: devAdminToken };
    for (const id of events) {
      const push = startPush(await pushTarget(settings, id), { profile: PUSH_PROFILES.e2e, log });
      push.done.catch((error) => log(`${id}: ${error.message}`));
      pushes.push(push);
    }
    const deadline = Date.now() + READY_WITHIN_MS;
    const waiting = new Set(events);
    while (waiting.size > 0) {
      if (Date.now() > deadline) throw new Error(`no live media within ${READY_WITHIN_MS / 1000} s for ${[...waiting].join(", ")}`);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      for (const id of [...waiting]) {
        const ready = stateToken ? (await segments(baseUrl, stateToken, id)) >= READY_SEGMENTS : await activeByAdminApi(baseUrl, id);
        if (ready) {
          waiting.delete(id);
          log(`${id} is live`);
        }
      }
      if (waiting.size > 0) log(`waiting for ${[...waiting].join(", ")}`);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop, stopPushes };
}
