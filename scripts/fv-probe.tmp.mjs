// temporary: first-visit per-file weights (not committed)
import path from "node:path";
import { setupDb } from "./setup-db.mjs";
import { startServer, stopServer } from "./start-server.mjs";
import { firstVisits, byKind } from "./bench-first-visit.mjs";
const persistTo = ".wrangler/fv-state";
if (!process.env.NO_SEED) await setupDb({ persistTo });
const server = await startServer({ port: 8792, persistTo, logFile: "test-results/fv-server.log", env: { NODE_ENV: "production" } });
try {
  const visits = await firstVisits(server.baseUrl, ["/", "/videos"]);
  for (const [p, rs] of Object.entries(visits)) {
    const t = byKind(rs);
    console.log(`\n${p}: js ${(t.js.gzip/1024).toFixed(1)} kB (${t.js.files} files), css ${(t.css?.gzip/1024).toFixed(1)} kB`);
    const { readFileSync } = await import("node:fs"); const { gzipSync } = await import("node:zlib");
    const js = rs.filter((r) => r.kind === "js").sort((a, b) => b.gzip - a.gzip);
    const rest = js.slice(1);
    const concat = Buffer.concat(rest.map((r) => readFileSync("public" + r.url)));
    console.log(`  rest: ${rest.length} files, sum ${(rest.reduce((t, r) => t + r.gzip, 0) / 1024).toFixed(2)} kB, as one file ${(gzipSync(concat, { level: 9 }).length / 1024).toFixed(2)} kB`);
    const all = Buffer.concat(js.map((r) => readFileSync("public" + r.url)));
    console.log(`  all as one file ${(gzipSync(all, { level: 9 }).length / 1024).toFixed(2)} kB`);
    for (const r of rs.filter((r) => r.kind === "js").sort((a, b) => b.gzip - a.gzip)) console.log(`  ${(r.gzip/1024).toFixed(2).padStart(7)} ${r.url}`);
  }
} finally { await stopServer(server); }
