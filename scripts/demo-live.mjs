#!/usr/bin/env node
// `npm run demo:live`: pushes a real-time ffmpeg test stream to the local ingest service (started
// by `npm run dev`) for a video event and an audio event, the way a club's encoder would: SRT
// with the event's stream key as passphrase. The picture is a test pattern with the event's title
// and a running wall clock burned in (so the glass-to-glass delay can be read off the player); the
// sound a tone. Runs until Ctrl-C, or for --seconds N.
//   --video ID     the video event (default press-conference)
//   --audio ID     the audio event (default men-audio-commentary); --audio none for video only
//   --seconds N    stop after N seconds
// Settings: WORKER_URL (default http://127.0.0.1:${PORT:-8787}), INGEST_TOKEN and ADMIN_TOKEN
// (default the development ones; a production key is never derived here unless its token is given).
import { parseArgs } from "node:util";
import { PUSH_PROFILES, pushTarget, startPush } from "./live-push.mjs";
import { devAdminToken, devIngestToken } from "./run-command.mjs";

const { values } = parseArgs({ options: { video: { type: "string", default: "press-conference" }, audio: { type: "string", default: "men-audio-commentary" }, seconds: { type: "string" } } });
const settings = {
  workerUrl: process.env.WORKER_URL || `http://127.0.0.1:${process.env.PORT || 8787}`,
  ingestToken: process.env.INGEST_TOKEN || devIngestToken,
  adminToken: process.env.ADMIN_TOKEN || devAdminToken,
};
const seconds = values.seconds ? Number(values.seconds) : null;
if (seconds !== null && !(seconds > 0)) throw new Error("--seconds takes a positive number");
const log = (line) => console.log(`[demo:live] ${line}`);

const ids = [values.video, values.audio].filter((id) => id && id !== "none");
const pushes = [];
for (const id of ids) pushes.push(startPush(await pushTarget(settings, id), { profile: PUSH_PROFILES.demo, seconds, log }));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => pushes.forEach((p) => p.stop()));
await Promise.all(pushes.map((p) => p.done));
