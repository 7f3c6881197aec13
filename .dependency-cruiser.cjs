// `npm run check:deps` (and a stage of `npm test`): the folder rules of the worker, the Durable Object,
// the shared code and the browser code, and no import cycle. Type-only imports count: a cycle of
// types still ties two modules together.
const devKit = "^worker/(dev-kit\\.ts|dev-secrets\\.ts|dev-admin-token\\.json|dev-portal/|payments/dev-payments(-pages)?\\.ts)";

/** A rule the check fails on: modules matching `from` never import modules matching `to`; `comment` says why. */
const forbid = (name, from, to, comment) => ({ name, comment, severity: "error", from, to });

module.exports = {
  forbidden: [
    forbid("no-circular", {}, { circular: true }, "No module reaches itself through its imports."),
    forbid("durable-object-not-worker", { path: "^durable-objects/" }, { path: "^worker/" }, "durable-objects/ is deployed with the worker but depends on none of it: what both need lives in durable-objects/ or src/."),
    forbid("src-not-worker-or-client", { path: "^src/" }, { path: "^(worker|client)/" }, "src/ is shared by the server and the browser, so it imports neither."),
    forbid("client-not-worker", { path: "^client/" }, { path: "^worker/" }, "The browser's code shares src/ with the worker, never the worker itself."),
    forbid(
      "components-not-routes",
      { path: "^src/components/" },
      { path: "^src/routes/", pathNot: "^src/routes/paths\\.ts$" },
      "src/components/ is the UI kit the routes compose: it never reaches into a page or loader; a path builder (src/routes/paths.ts) anything may import.",
    ),
    forbid(
      "worker-routes-through-the-table",
      { path: "^worker/" },
      { path: "^src/routes/", pathNot: "^src/routes/(routes\\.tsx|paths\\.ts)$" },
      "The worker renders through the route table (src/routes/routes.tsx) and builds links with src/routes/paths.ts; a page or loader module it never imports by itself.",
    ),
    forbid(
      "dev-kit-only-through-dev-kit",
      { path: "^worker/", pathNot: [devKit, "^worker/dev-index\\.ts$"] },
      { path: devKit },
      "The development kit (dev portal, dev checkout, built-in secrets) reaches the app only through worker/dev-kit.ts, which only worker/dev-index.ts imports, so the production entry bundles none of it.",
    ),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.test\\.tsx?$" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
  },
};
