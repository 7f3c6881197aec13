import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}"],
    environment: "node",
    // Worker threads start faster than vitest's default child processes, one per file; no unit test
    // needs a process of its own (process.env edits stay in their thread).
    pool: "threads",
  },
});
