#!/usr/bin/env node
// `npm test`: the type check, the dependency check, unit tests, worker tests (inside workerd), the
// transcoding pipeline's integration test and the e2e suite, in that order. Stops at the
// first failing stage, and ends with the failed tests by name (a CI log is often read from its tail)
// and one line: "N passed, N failed" (tests of every stage run).
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { bin, root, run } from "./run-command.mjs";

const results = path.join(root, "test-results");
const totals = { passed: 0, failed: 0 };
/** "stage: file › test: first line of the failure", for the summary at the end. */
const failures = [];
/** Tests that failed, then passed when run again (the e2e stage retries once in CI): named, not hidden. */
const secondTries = [];
/** What went wrong beside the tests (the e2e server restarted after a crash): said at the end too. */
const notes = [];

/** The failed tests of a vitest JSON report, each with the first line of its failure. */
function failedTests(stage, report) {
  const names = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name ?? "");
    for (const test of file.assertionResults ?? []) {
      const reason = String(test.failureMessages?.[0] ?? "").split("\n")[0].slice(0, 240);
      const line = `${stage}: ${where} › ${test.fullName ?? test.title}: ${reason}`;
      // A passed test that carries a failure message passed on its second try.
      if (test.status === "passed" && (test.failureMessages ?? []).length > 0) secondTries.push(line);
      if (test.status === "failed") names.push(line);
    }
    if (file.status === "failed" && !(file.assertionResults ?? []).some((t) => t.status === "failed")) {
      names.push(`${stage}: ${where}: ${String(file.message ?? "").split("\n")[0].slice(0, 240)}`);
    }
  }
  return names;
}

/** Counts from vitest's JSON report; a stage that failed without a failing test counts as one failure. */
function count(stage, code) {
  const file = path.join(results, `${stage}.json`);
  let passed = 0;
  let failed = 0;
  let failedSuites = 0;
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, "utf8"));
    passed = report.numPassedTests ?? 0;
    failed = report.numFailedTests ?? 0;
    failedSuites = report.numFailedTestSuites ?? 0;
    failures.push(...failedTests(stage, report));
    if (report.serverRestarts > 0) notes.push(`${stage}: the server exited by itself and was started again ${report.serverRestarts} time(s) (test-results/${stage}-server.log)`);
  }
  if (code !== 0 && failed === 0) failed = Math.max(failedSuites, 1);
  totals.passed += passed;
  totals.failed += failed;
  console.log(`\n[${stage}] ${passed} passed, ${failed} failed${code !== 0 ? ` (exit ${code})` : ""}`);
}

function vitestArgs(stage, config) {
  return ["run", "--config", config, "--reporter=default", "--reporter=json", `--outputFile.json=test-results/${stage}.json`];
}

const stages = [
  {
    // Types first: a type error fails the run before any test does. No client build is needed for
    // it (worker/pages/built-manifest.d.ts types the manifest), nor for the worker tests (a stub).
    name: "typecheck",
    run: () => run(bin("tsc"), ["--noEmit", "-p", "."]),
  },
  // Import cycles and folder boundaries (scripts/check-deps.mjs): seconds, before any test.
  { name: "deps", run: () => run(process.execPath, [path.join(root, "scripts", "check-deps.mjs")]) },
  { name: "unit", run: () => run(bin("vitest"), vitestArgs("unit", "vitest.unit.config.ts")) },
  { name: "worker", run: () => run(bin("vitest"), vitestArgs("worker", "vitest.worker.config.ts")) },
  // The on-demand pipeline end to end (ffmpeg, wrangler dev, the transcoder): about a minute.
  { name: "integration", run: () => run(bin("vitest"), vitestArgs("integration", "vitest.integration.config.ts")) },
  // The e2e stage builds the client itself before it starts the server.
  { name: "e2e", run: () => run(process.execPath, [path.join(root, "scripts", "e2e.mjs")]) },
];

function finish(code) {
  if (notes.length > 0) console.log(`\nNoted:\n${notes.map((line) => `  ${line}`).join("\n")}`);
  if (secondTries.length > 0) console.log(`\nPassed on a second try:\n${secondTries.map((line) => `  ${line}`).join("\n")}`);
  if (failures.length > 0) console.log(`\nFailed:\n${failures.map((line) => `  ${line}`).join("\n")}`);
  console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
  process.exit(code);
}

async function main() {
  mkdirSync(results, { recursive: true });
  for (const stage of stages) {
    rmSync(path.join(results, `${stage.name}.json`), { force: true });
    const { code } = await stage.run();
    count(stage.name, code);
    if (code !== 0) return finish(code);
  }
  finish(0);
}

main().catch((error) => {
  console.error(error);
  totals.failed += 1;
  finish(1);
});
