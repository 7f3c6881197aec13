// The development entry: `npm run dev`, the e2e suite and the bench run `wrangler dev worker/dev-index.ts`
// (scripts/run-command.mjs), the worker tests use it as their main (vitest.worker.config.ts).
// It is the production worker (worker/index.ts) with the development kit installed first: the
// embedded login portal, the dev checkout, the demo accounts and the built-in secrets
// (worker/development.ts). wrangler.toml's `main`, what `wrangler deploy` bundles, is worker/index.ts.
//
// The order matters: ES modules run their imports in order, so worker/dev-kit.ts (and everything
// it imports) has run before worker/app.ts builds the app.
import "./dev-kit";

export { default, StreamSessions, MatchRoom, ArticleScheduler } from "./index";
