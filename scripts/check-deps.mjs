#!/usr/bin/env node
// `npm run check:deps`, and a stage of `npm test`: the rules of .dependency-cruiser.cjs (no import
// cycle, the folder boundaries), then no cycle between the worker's folders either. A folder cycle
// is what file rules miss: auth/ importing live/ while live/ imports auth/ tangles two features
// even when no single file reaches itself.
import { createRequire } from "node:module";
import path from "node:path";
import { cruise } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { root } from "./run-command.mjs";

process.chdir(root);
const require = createRequire(import.meta.url);
const ruleSet = require(path.join(root, ".dependency-cruiser.cjs"));
const { forbidden, options } = ruleSet;

const result = await cruise(
  ["worker", "durable-objects", "src", "client", "transcoder", "ingest"],
  { ...options, ruleSet: { forbidden }, validate: true, outputType: "json" },
  undefined,
  { tsConfig: extractTSConfig(options.tsConfig.fileName) },
);
const { modules, summary } = JSON.parse(result.output);
let failures = 0;
for (const v of summary.violations) {
  failures++;
  const via = v.cycle ? v.cycle.map((c) => c.name ?? c).join(" -> ") : v.to;
  console.error(`${v.rule.name}: ${v.from} -> ${via}`);
}

// The worker's folders (and its top-level files, each its own node) as one graph.
const nodeOf = (file) => (file.startsWith("worker/") ? file.split("/").slice(0, 2).join("/") : null);
const graph = new Map();
for (const m of modules) {
  const from = nodeOf(m.source);
  if (!from) continue;
  const edges = graph.get(from) ?? new Set();
  for (const d of m.dependencies) {
    const to = nodeOf(d.resolved);
    if (to && to !== from) edges.add(to);
  }
  graph.set(from, edges);
}
for (const cycle of cyclesOf(graph)) {
  failures++;
  console.error(`folder cycle: ${cycle.join(" -> ")}`);
}

console.log(`dependency check: ${modules.length} modules, ${failures === 0 ? "no violation" : `${failures} violation(s)`}`);
process.exit(failures === 0 ? 0 : 1);

/** One cycle per strongly connected group of two or more nodes (Tarjan). */
function cyclesOf(g) {
  let index = 0;
  const stack = [];
  const info = new Map();
  const groups = [];
  const visit = (v) => {
    info.set(v, { index, low: index, onStack: true });
    index++;
    stack.push(v);
    for (const w of g.get(v) ?? []) {
      if (!info.has(w)) {
        visit(w);
        info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
      } else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
    }
    if (info.get(v).low === info.get(v).index) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        info.get(w).onStack = false;
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of g.keys()) if (!info.has(v)) visit(v);
  return groups;
}
