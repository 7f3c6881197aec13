// `npm run check:deps` (and a stage of `npm test`): the folder rules of the worker, the Durable Object,
// the shared code and the browser code, and no import cycle. Type-only imports count: a cycle of
// types still ties two modules together.
/** The route loaders: server-only modules beside their pages, which read D1 through the worker's feature folders. */
const loaderModules = "^src/(routes/[a-z-]+/[a-z-]+\\.loader\\.ts|layouts/root\\.loader\\.ts)$";
const devKit = "^worker/(dev-kit\\.ts|dev-secrets\\.ts|dev-admin-token\\.json|dev-transcoder-token\\.json|dev-ingest-token\\.json|dev-portal/|dev-media/|payments/dev-payments(-pages|-catalogue|-actions)?\\.ts)";

/** A rule the check fails on: modules matching `from` never import modules matching `to`; `comment` says why. */
const forbid = (name, from, to, comment) => ({ name, comment, severity: "error", from, to });

module.exports = {
  forbidden: [
    forbid("no-circular", {}, { circular: true }, "No module reaches itself through its imports."),
    forbid("transcoder-not-worker", { path: "^transcoder/" }, { path: "^(worker|client|durable-objects)/" }, "The transcoder runs beside the worker (a Node program in a container) and talks to it over HTTP only; what both need lives in src/domain/."),
    forbid("ingest-not-worker", { path: "^ingest/" }, { path: "^(worker|client|durable-objects)/" }, "The live ingest service runs beside the worker (a Node program in a container) and talks to it over HTTP only; what both need lives in src/domain/."),
    forbid("durable-object-not-worker", { path: "^durable-objects/" }, { path: "^worker/" }, "durable-objects/ is deployed with the worker but depends on none of it: what both need lives in durable-objects/ or src/."),
    forbid(
      "src-not-worker-or-client",
      { path: "^src/", pathNot: loaderModules },
      { path: "^(worker|client)/" },
      "src/ is shared by the server and the browser, so it imports neither; only the loader modules (server-only) read through the worker.",
    ),
    forbid("loaders-not-client", { path: loaderModules }, { path: "^client/" }, "A loader runs in the worker: it never reaches the browser's code."),
    {
      name: "loaders-only-from-the-worker",
      comment:
        "The browser never downloads a loader: src/ and client/ import a loader module for its types only (a page's useLoaderData), which the build erases. The worker reaches them through worker/pages/route-loaders.ts alone.",
      severity: "error",
      from: { path: "^(src|client)/" },
      to: { path: loaderModules, dependencyTypesNot: ["type-only"] },
    },
    forbid(
      "loaders-through-one-table",
      { path: "^worker/", pathNot: "^worker/pages/route-loaders\\.ts$" },
      { path: loaderModules },
      "The worker runs a route's loader by its id from worker/pages/route-loaders.ts, the one module that imports the loader modules.",
    ),
    forbid(
      "club-api-mounted-only",
      { path: "^worker/", pathNot: "^worker/(app\\.ts|club-api/)" },
      { path: "^worker/club-api/" },
      "worker/club-api/ is the bearer-token API at /api/admin, for the club's own tools: worker/app.ts mounts it and nothing else depends on it.",
    ),
    forbid(
      "console-mounted-only",
      { path: "^worker/", pathNot: "^worker/(app\\.ts|console/)" },
      { path: "^worker/console/" },
      "worker/console/ serves the staff pages (/admin) and their API (/api/console): worker/app.ts mounts it; what other features need from it lives in those features.",
    ),
    forbid(
      "reads-below-routes",
      { path: "^worker/(viewer|db|cache|html)/" },
      { path: "^worker/(app\\.ts|pages|console|club-api|auth|payments|matches|live|media)/?" },
      "The shared read layers (the reader, rows, caches, sanitising) serve every feature and depend on none.",
    ),

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
      { path: "^src/routes/", pathNot: ["^src/routes/(routes\\.tsx|paths\\.ts)$", loaderModules] },
      "The worker renders through the route table (src/routes/routes.tsx) and builds links with src/routes/paths.ts; a page module it never imports by itself.",
    ),
    forbid(
      "dev-kit-only-through-dev-kit",
      { path: "^worker/", pathNot: [devKit, "^worker/dev-index\\.ts$"] },
      { path: devKit },
      "The development kit (dev portal, dev checkout, built-in secrets, the WebAssembly photo codecs) reaches the app only through worker/dev-kit.ts, which only worker/dev-index.ts imports, so the production entry bundles none of it.",
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
