#!/usr/bin/env node
// `npm run test:e2e`: Chromium ready, client built, a fresh D1 state of its own in .wrangler/e2e-state
// (a developer's .wrangler/state is never touched), `wrangler dev` on 127.0.0.1:${E2E_PORT:-8799},
// then the e2e vitest run against it (E2E_BASE_URL, E2E_PERSIST_TO tell the tests where it is). The server is stopped whatever happens.
//   node scripts/e2e.mjs [--skip-build] [vitest filters...]
// E2E_KEEP_STATE=1 reuses the previous e2e database instead of starting from the seed.
import { rmSync } from "node:fs";
import path from "node:path";
import { bin, root, run, runOrThrow } from "./run-command.mjs";
import { setupDb } from "./setup-db.mjs";
import { startServer, stopServer } from "./start-server.mjs";

const PERSIST_TO = ".wrangler/e2e-state";
const port = Number(process.env.E2E_PORT || 8799);
const argv = process.argv.slice(2);
const skipBuild = argv.includes("--skip-build");
const vitestFilters = argv.filter((a) => a !== "--skip-build");

async function main() {
  await runOrThrow("bash", [path.join(root, "scripts", "ensure-browser.sh")], { quiet: true });
  if (!skipBuild) await runOrThrow(process.execPath, [path.join(root, "scripts", "build-client.mjs")]);
  if (!process.env.E2E_KEEP_STATE) rmSync(path.join(root, PERSIST_TO), { recursive: true, force: true });
  await setupDb({ persistTo: PERSIST_TO });

  const server = await startServer({ port, persistTo: PERSIST_TO, logFile: "test-results/e2e-server.log" });
  try {
    const { code } = await run(
      bin("vitest"),
      [
        "run",
        "--config",
        "vitest.e2e.config.ts",
        "--reporter=default",
        "--reporter=json",
        "--outputFile.json=test-results/e2e.json",
        ...vitestFilters,
      ],
      // Not BASE_URL: vitest sets that one to Vite's base ("/") inside the test process.
      { env: { E2E_BASE_URL: server.baseUrl, E2E_PERSIST_TO: PERSIST_TO } },
    );
    return code;
  } finally {
    await stopServer(server);
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`e2e failed: ${error.message}`);
    process.exit(1);
  },
);
