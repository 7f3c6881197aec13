// The worker tests run the development build (worker/dev-index.ts): the kit is installed before any
// test file imports worker/app.ts, so the app has the embedded portal and dev checkout.
// tests/worker/production.test.ts takes the kit away again to run as the production build.
import "../../worker/dev-kit";
