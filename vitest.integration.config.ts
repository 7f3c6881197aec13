import { defineConfig } from "vitest/config";

/**
 * `npm run test:integration`: the on-demand pipeline end to end in Node against a real
 * `wrangler dev` (tests/integration/). A stage of `npm test` (after the worker tests): it needs
 * ffmpeg (scripts/ensure-ffmpeg.sh) and about a minute of CPU.
 */
export default defineConfig({
  test: {
    include: ["tests/integration/**/*.test.ts"],
    environment: "node",
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
