import { defineConfig } from "vitest/config";

// The e2e suite drives Chromium against a running `wrangler dev` (scripts/e2e.mjs starts it and sets
// BASE_URL). Files run one after another: the machine has two cores and each file owns a browser.
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
