// vitest's globalSetup for the e2e phases: one Miniflare of the run's own on the e2e server's state
// folder, with the D1 database `wrangler dev` reads (wrangler.toml's id). The tests read and write
// it through it (support/d1.ts) in a few milliseconds each; a `wrangler d1 execute` per query
// started a runtime of its own, about a second.
// Both runtimes open the same SQLite files, as `wrangler d1 execute` beside the server did.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Miniflare } from "miniflare";
import type { TestProject } from "vitest/node";

const root = path.resolve(import.meta.dirname, "../../..");
const persistTo = path.resolve(root, process.env.E2E_PERSIST_TO ?? ".wrangler/e2e-state", "v3");

/** The id wrangler.toml gives the D1 database: it names its file in the state folder. */
function bindingId(key: "database_id", section: string): string {
  const toml = readFileSync(path.join(root, "wrangler.toml"), "utf8");
  const id = toml.split(`[[${section}]]`)[1]?.match(new RegExp(`^${key} = "([^"]+)"`, "m"))?.[1];
  if (!id) throw new Error(`no ${key} in wrangler.toml's [[${section}]]`);
  return id;
}

/** POST /d1 runs one SQL statement and answers its rows. (Settings change through the admin API: site-settings.ts.) */
const SCRIPT = `export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    try {
      if (request.method === "POST" && url.pathname === "/d1") {
        const { results } = await env.DB.prepare(await request.text()).all();
        return Response.json(results);
      }
      return new Response("no such route", { status: 404 });
    } catch (error) {
      return new Response(String(error), { status: 500 });
    }
  },
};`;

declare module "vitest" {
  export interface ProvidedContext {
    stateServiceUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const miniflare = new Miniflare({
    modules: true,
    script: SCRIPT,
    d1Databases: { DB: bindingId("database_id", "d1_databases") },
    d1Persist: path.join(persistTo, "d1"),
  });
  project.provide("stateServiceUrl", (await miniflare.ready).href);
  return () => miniflare.dispose();
}
