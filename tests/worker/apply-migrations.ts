import { applyD1Migrations, env } from "cloudflare:test";

// Setup files run outside per-test storage isolation, so the schema is applied once per file.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// Then the demo content, once: a database that already has teams has been seeded.
const seeded = await env.DB.prepare("SELECT COUNT(*) AS n FROM teams").first<{ n: number }>();
if (!seeded?.n) {
  await env.DB.batch(env.SEED_SQL.map((sql) => env.DB.prepare(sql)));
}
