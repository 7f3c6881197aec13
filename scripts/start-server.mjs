// Starts `wrangler dev` on a loopback port for the e2e suite and the bench, waits until it answers,
// and stops it (with workerd, its child) as one process group, also when the caller fails or is interrupted.
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { bin, developmentEntry, developmentVars, root, wranglerEnv } from "./run-command.mjs";

const running = new Set();

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal); // the negative pid names the whole group (wrangler + workerd)
  } catch {
    // already gone
  }
}

// Whatever happens to the caller, no server outlives it.
process.on("exit", () => {
  for (const server of running) killGroup(server.child, "SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, async () => {
    await Promise.all([...running].map((server) => stopServer(server)));
    process.exit(130);
  });
}

async function answers(url) {
  try {
    const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return undefined;
  }
}

/**
 * Starts the worker on 127.0.0.1:port with local state in `persistTo`; the server's output goes to
 * `logFile`; `env` adds variables (NODE_ENV=production bundles React's production build);
 * `entry` is the worker's script (default: the development entry; null: the config's `main`),
 * `vars` its `--var` arguments (default: development, scripts/run-command.mjs).
 * Resolves once GET readyPath answers at all (the tests judge the status) with
 * { child, port, baseUrl, logFile, restarts }.
 * `restart`: a server that exits by itself once ready is started again on the same port and state
 * (the e2e run: one crash of workerd then fails the tests in flight, not every later one), and
 * `restarts` counts it; either way the exit is printed with the log's last lines.
 */
export async function startServer({ port, persistTo, logFile, env = {}, entry = developmentEntry, vars = developmentVars, timeoutMs = 180_000, readyPath = "/", restart = false }) {
  const baseUrl = `http://127.0.0.1:${port}`;
  if ((await answers(baseUrl)) !== undefined) {
    throw new Error(`Something already answers on ${baseUrl}; stop it or choose another port.`);
  }
  const log = path.resolve(root, logFile);
  mkdirSync(path.dirname(log), { recursive: true });
  const args = ["dev", ...(entry ? [entry] : []), "--port", String(port), "--ip", "127.0.0.1", "--show-interactive-dev-session=false", "--log-level", "warn", ...vars];
  if (persistTo) args.push("--persist-to", persistTo);
  console.log(`\n> wrangler ${args.join(" ")}   (log: ${path.relative(root, log)})`);
  const server = { child: null, port, baseUrl, logFile: log, exited: false, stopping: false, ready: false, restarts: 0, exitedPromise: null };
  running.add(server);

  async function becomesReady() {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && !server.exited) {
      const status = await answers(baseUrl + readyPath);
      if (status !== undefined) return status;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return undefined;
  }

  function launch() {
    // The log grows across restarts: what came before a crash stays readable.
    const out = createWriteStream(log, { flags: server.restarts === 0 ? "w" : "a" });
    const child = spawn(bin("wrangler"), args, {
      cwd: root,
      env: { ...process.env, ...wranglerEnv, CI: "true", NO_COLOR: "1", FORCE_COLOR: "0", ...env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true, // own process group, so stopServer can end workerd too
    });
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    server.child = child;
    server.exited = false;
    server.exitedPromise = new Promise((resolve) =>
      child.on("exit", (code, signal) => {
        server.exited = true;
        resolve({ code, signal });
        if (server.stopping) return running.delete(server);
        // Not stopped by stopServer: say so at once with the log's last lines, or every later
        // request reads 'fetch failed' and nothing says why.
        const tail = readFileSync(log, "utf8").split("\n").slice(-60).join("\n");
        console.error(`\nThe server on ${baseUrl} exited by itself (code ${code}, signal ${signal}) at ${new Date().toISOString()}. Last lines of ${logFile}:\n${tail}`);
        if (!restart || !server.ready) return running.delete(server);
        killGroup(child, "SIGKILL"); // a workerd left behind would hold the port
        server.restarts += 1;
        console.error(`Starting it again on the same port and state (restart ${server.restarts})…`);
        launch();
        void becomesReady().then((status) => console.error(status === undefined ? `The server on ${baseUrl} did not come back.` : `The server on ${baseUrl} is back (GET ${readyPath} → ${status}).`));
      }),
    );
  }

  launch();
  const status = await becomesReady();
  if (status !== undefined) {
    server.ready = true;
    console.log(`Server ready at ${baseUrl} (GET ${readyPath} → ${status})`);
    return server;
  }
  const tail = readFileSync(log, "utf8").split("\n").slice(-40).join("\n");
  await stopServer(server);
  throw new Error(`The dev server did not become ready on ${baseUrl}. Last lines of its log:\n${tail}`);
}

/** Stops the server's process group: SIGTERM, then SIGKILL after a grace period. */
export async function stopServer(server) {
  if (!server || server.exited) return;
  server.stopping = true;
  killGroup(server.child, "SIGTERM");
  const timeout = new Promise((resolve) => setTimeout(() => resolve("timeout"), 10_000));
  if ((await Promise.race([server.exitedPromise, timeout])) === "timeout") killGroup(server.child, "SIGKILL");
  // workerd may outlive wrangler for a moment; make sure nothing of the group is left.
  killGroup(server.child, "SIGKILL");
  running.delete(server);
}
