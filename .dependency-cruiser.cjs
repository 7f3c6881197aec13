// `npm run check:deps` (and a stage of `npm test`): the folder rules of the worker, the Durable Object,
// the shared code and the browser code, and no import cycle. Type-only imports count: a cycle of
// types still ties two modules together.
const devKit = "^worker/(dev-kit\\.ts|dev-secrets\\.ts|dev-admin-token\\.json|dev-portal/|payments/dev-payments(-pages)?\\.ts)";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No module reaches itself through its imports.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "durable-object-not-worker",
      comment: "durable-objects/ is deployed with the worker but depends on none of it: what both need lives in durable-objects/ or src/.",
      severity: "error",
      from: { path: "^durable-objects/" },
      to: { path: "^worker/" },
    },
    {
      name: "src-not-worker-or-client",
      comment: "src/ is shared by the server and the browser, so it imports neither.",
      severity: "error",
      from: { path: "^src/" },
      to: { path: "^(worker|client)/" },
    },
    {
      name: "client-not-worker",
      comment: "The browser's code shares src/ with the worker, never the worker itself.",
      severity: "error",
      from: { path: "^client/" },
      to: { path: "^worker/" },
    },
    {
      name: "components-not-routes",
      comment: "src/components/ is the UI kit the routes compose: it never reaches into a page or loader; a path builder (src/routes/paths.ts) anything may import.",
      severity: "error",
      from: { path: "^src/components/" },
      to: { path: "^src/routes/", pathNot: "^src/routes/paths\\.ts$" },
    },
    {
      name: "worker-routes-through-the-table",
      comment: "The worker renders through the route table (src/routes/routes.tsx) and builds links with src/routes/paths.ts; a page or loader module it never imports by itself.",
      severity: "error",
      from: { path: "^worker/" },
      to: { path: "^src/routes/", pathNot: "^src/routes/(routes\\.tsx|paths\\.ts)$" },
    },
    {
      name: "dev-kit-only-through-dev-kit",
      comment: "The development kit (dev portal, dev checkout, built-in secrets) reaches the app only through worker/dev-kit.ts, which only worker/dev-index.ts imports, so the production entry bundles none of it.",
      severity: "error",
      from: { path: "^worker/", pathNot: [devKit, "^worker/dev-index\\.ts$"] },
      to: { path: devKit },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.test\\.tsx?$" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
  },
};
