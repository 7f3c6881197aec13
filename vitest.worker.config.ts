import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { buildSeedStatements } from "./migrations/seed/build-seed.mjs";

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  return {
    plugins: [
      cloudflareTest({
        // The development entry (the production worker plus worker/dev-kit.ts); wrangler.toml's main is production.
        main: "./worker/dev-index.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          // SEED_SQL: the demo content's INSERT statements, loaded by the setup file after the migrations.
          // ENVIRONMENT/AUTH_PROVIDER: the tests run as 'test' with the embedded dev portal; wrangler.toml
          // itself says nothing (production by default). tests/worker/production.test.ts runs the app without them.
          bindings: { ENVIRONMENT: "test", AUTH_PROVIDER: "dev", TEST_MIGRATIONS: migrations, SEED_SQL: buildSeedStatements() },
        },
      }),
    ],
    // The worker imports the client build's manifest (worker/pages/assets.ts); the worker tests read a
    // stub of the same shape instead, so they run without (and whatever the state of) a client build.
    resolve: {
      alias: [{ find: /^.*\/public\/build\/manifest\.json$/, replacement: path.join(import.meta.dirname, "tests/worker/client-manifest.stub.json") }],
    },
    test: {
      include: ["tests/worker/**/*.test.{ts,tsx}", "durable-objects/**/*.test.ts"],
      setupFiles: ["./tests/worker/development-build.ts", "./tests/worker/apply-migrations.ts"],
      // A local server answering like Stripe's API, for the real SDK (tests/worker/stripe-stand-in.ts).
      globalSetup: ["./tests/worker/stripe-stand-in.ts"],
      // One runtime for the files of a worker: starting workerd and importing the app for every
      // file was most of the stage (about 650 s of 760 on CI's 2 cores; 125 s in all without it).
      // Each file still starts from the seeded state: tests/worker/apply-migrations.ts resets it.
      isolate: false,
      // Two side by side even on 2 cores (vitest's default there is one): a file waits on workerd
      // and D1 at times, which leaves a core idle.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      // Whole-site sweeps render dozens of pages in workerd on a 2-core machine.
      testTimeout: 60_000,
    },
  };
});
