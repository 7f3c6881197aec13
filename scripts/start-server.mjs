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
 * { child, port, baseUrl, logFile }.
 */
export async function startServer({ port, persistTo, logFile, env = {}, entry = developmentEntry, vars = developmentVars, timeoutMs = 180_000, readyPath = "/" }) {
  const baseUrl = `http://127.0.0.1:${port}`;
  if ((await answers(baseUrl)) !== undefined) {
    throw new Error(`Something already answers on ${baseUrl}; stop it or choose another port.`);
  }
  const log = path.resolve(root, logFile);
  mkdirSync(path.dirname(log), { recursive: true });
  const out = createWriteStream(log);
  const args = ["dev", ...(entry ? [entry] : []), "--port", String(port), "--ip", "127.0.0.1", "--show-interactive-dev-session=false", "--log-level", "warn", ...vars];
  if (persistTo) args.push("--persist-to", persistTo);
  console.log(`\n> wrangler ${args.join(" ")}   (log: ${path.relative(root, log)})`);
  const child = spawn(bin("wrangler"), args, {
    cwd: root,
    env: { ...process.env, ...wranglerEnv, CI: "true", NO_COLOR: "1", FORCE_COLOR: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // own process group, so stopServer can end workerd too
  });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  const server = { child, port, baseUrl, logFile: log, exited: false, stopping: false };
  running.add(server);
  const exited = new Promise((resolve) =>
    child.on("exit", (code, signal) => {
      server.exited = true;
      // Not stopped by stopServer: say so at once with the log's last lines, or every later
      // request reads 'fetch failed' and nothing says why.
      if (!server.stopping) {
        const tail = readFileSync(log, "utf8").split("\n").slice(-60).join("\n");
        console.error(`\nThe server on ${baseUrl} exited by itself (code ${code}, signal ${signal}) at ${new Date().toISOString()}. Last lines of ${logFile}:\n${tail}`);
      }
      running.delete(server);
      resolve({ code, signal });
    }),
  );
  server.exitedPromise = exited;

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exited) break;
    const status = await answers(baseUrl + readyPath);
    if (status !== undefined) {
      console.log(`Server ready at ${baseUrl} (GET ${readyPath} → ${status})`);
      return server;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
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
