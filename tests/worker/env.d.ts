declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** INSERT statements of the demo content (migrations/seed/build-seed.mjs) */
    SEED_SQL: string[];
  }
}
