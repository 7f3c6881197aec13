import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import wrangler from "wrangler";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_ADMIN_TOKEN, DEV_DEFAULTS, DEV_STRIPE_WEBHOOK_SECRET, DEV_TRANSCODER_TOKEN } from "../../worker/dev-secrets";
import { DEMO_PASSWORD, demoUsers } from "../../worker/dev-portal/demo-users";
import { ALREADY_REGISTERED_MESSAGE } from "../../worker/dev-portal/app";
import { DEVELOPMENT_MODULE } from "../../scripts/check-deploy.mjs";

/**
 * What `wrangler deploy` bundles from the top-level wrangler.toml (`wrangler deploy --dry-run
 * --outdir`) holds no development module: no dev portal, dev checkout, demo account, password,
 * built-in secret, dev admin token or state route (worker/development.ts). One build of a few seconds.
 *
 * The config is the top-level one as wrangler reads it, written to a temporary directory with its
 * paths made absolute and one alias: the client build's manifest (worker/pages/assets.ts imports it)
 * becomes the worker tests' stub, so the test needs no client build. (`wrangler deploy --alias`
 * would do the same, but wrangler 4.86's deploy ignores that flag.)
 */
const root = path.resolve(import.meta.dirname, "../..");
const MANIFEST_IMPORT = "../../public/build/manifest.json";
let dir: string;
/** the script wrangler would upload */
let bundle: string;
/** every file bundled into it, from the source map's `sources` */
let sources: string[];

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "rovers-bundle-"));
  const { rawConfig } = wrangler.experimental_readRawConfig({ config: path.join(root, "wrangler.toml") });
  const absolute = (p: string) => path.resolve(root, p);
  const config = {
    ...rawConfig,
    main: absolute(String(rawConfig.main)),
    ...(rawConfig.assets?.directory ? { assets: { ...rawConfig.assets, directory: absolute(rawConfig.assets.directory) } } : {}),
    d1_databases: rawConfig.d1_databases?.map((db: { migrations_dir?: string }) => (db.migrations_dir ? { ...db, migrations_dir: absolute(db.migrations_dir) } : db)),
    alias: { ...rawConfig.alias, [MANIFEST_IMPORT]: path.join(root, "tests/worker/client-manifest.stub.json") },
  };
  writeFileSync(path.join(dir, "wrangler.json"), JSON.stringify(config));
  const out = path.join(dir, "out");
  execFileSync(
    path.join(root, "node_modules/.bin/wrangler"),
    ["deploy", "--dry-run", "--outdir", out, "--config", path.join(dir, "wrangler.json")],
    { cwd: root, stdio: "pipe", env: { ...process.env, NODE_ENV: "production", CI: "true", WRANGLER_SEND_METRICS: "false", WRANGLER_HIDE_BANNER: "true", NO_UPDATE_NOTIFIER: "1" } },
  );
  // the script and any further module wrangler would upload with it
  const files = readdirSync(out, { recursive: true, encoding: "utf8" });
  bundle = files
    .filter((file) => /\.(m?js|cjs|wasm|txt|bin)$/.test(file))
    .map((file) => readFileSync(path.join(out, file), "utf8"))
    .join("\n");
  sources = files
    .filter((file) => file.endsWith(".map"))
    .flatMap((file) => (JSON.parse(readFileSync(path.join(out, file), "utf8")) as { sources: string[] }).sources)
    .map((source) => path.relative(root, path.resolve(out, source)));
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the production bundle (wrangler deploy --dry-run of wrangler.toml)", () => {
  it("is the production worker (control: the checks below read the real bundle)", () => {
    expect(bundle.length).toBeGreaterThan(100_000);
    for (const marker of ["AUTH_NOT_CONFIGURED", "StreamSessions", "/webhooks/stripe", "isRepositorySecret"]) expect(bundle, marker).toContain(marker);
    for (const file of ["worker/index.ts", "worker/app.ts", "worker/development.ts", "worker/auth/config.ts", "worker/payments/payment-routes.ts"]) {
      expect(sources, file).toContain(file);
    }
  });

  it("bundles no development module", () => {
    const development = sources.filter((file) => DEVELOPMENT_MODULE.test(file));
    expect(development).toEqual([]);
  });

  it("contains no development secret, demo account or password", () => {
    const secrets = [DEV_DEFAULTS.SESSION_SECRET, DEV_DEFAULTS.DEV_SSO_SECRET, DEV_DEFAULTS.SSO_ISSUER, DEV_STRIPE_WEBHOOK_SECRET, DEV_ADMIN_TOKEN, DEV_TRANSCODER_TOKEN];
    const accounts = demoUsers.flatMap((u) => [u.email, u.id]);
    for (const needle of [...secrets, ...accounts, DEMO_PASSWORD]) expect(bundle.includes(needle), needle).toBe(false);
  });

  it("contains no route to the database for the e2e tests (POST /dev-state/d1), nor its token or guard", () => {
    for (const needle of ["/dev-state", "DEV_STATE_TOKEN", "LOOPBACK_ONLY", "D1_ERROR", "devStateGuard", "isLoopbackRequest"]) expect(bundle.includes(needle), needle).toBe(false);
  });

  it("contains neither the dev login portal nor the dev checkout", () => {
    const portal = ["/sso/portal.css", 'action="/sso/login"', ALREADY_REGISTERED_MESSAGE, "createDevProvider", "demoUserById", "portal__form"];
    const checkout = ["Development checkout", "/checkout.css", "checkout__merchant", "sendDueDevDeletions", "evt_dev_", "sub_dev_"];
    const kit = ["DEV_DEFAULTS", "DEV_STRIPE_WEBHOOK_SECRET", "DEV_ADMIN_TOKEN", "installDevelopmentKit(developmentKit"];
    for (const needle of [...portal, ...checkout, ...kit]) expect(bundle.includes(needle), needle).toBe(false);
  });

  it("resizes with the Images binding, without the development build's WebAssembly codecs", () => {
    expect(bundle).toContain("Workers Images binding");
    expect(sources.filter((file) => file.includes("@jsquash") || file.startsWith("worker/dev-media/"))).toEqual([]);
    for (const needle of ["wasmResizer", "mozjpeg", "WebAssembly codecs in the worker"]) expect(bundle.includes(needle), needle).toBe(false);
  });
});
