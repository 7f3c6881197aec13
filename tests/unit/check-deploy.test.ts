import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import wrangler from "wrangler";
import { bundledDevelopmentModules, checkDeploy, isDevelopmentEntry } from "../../scripts/check-deploy.mjs";
import { SECRET_SETTINGS } from "../../worker/env";
import { DEV_INGEST_TOKEN as devIngestToken, DEV_TRANSCODER_TOKEN as devTranscoderToken } from "../../worker/dev-secrets";

/**
 * `npm run check:deploy` reads each configuration with wrangler's own reader, so every case below
 * is a real file in a temporary directory, read as `wrangler deploy` would read it.
 */
const root = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "check-deploy-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const secrets = (...names: string[]) => JSON.stringify(names.map((name) => ({ name, type: "secret_text" })));
const SECRETS = secrets("SESSION_SECRET", "SSO_JWT_SECRET", "ADMIN_TOKEN");

const head = `name = "northbridge-rovers"
main = "${path.join(root, "worker/index.ts")}"
compatibility_date = "2026-04-20"
`;
/** A complete green-type portal, as `KEY = value` lines. */
const portalVars = `AUTH_PROVIDER = "green" # the club's portal
SSO_ISSUER = "https://login.example"
SSO_AUDIENCE = "northbridge-rovers-site"
SSO_LOGIN_URL = "https://login.example/login"
SSO_AUTH_URL = "https://login.example/auth"
`;
const good = `${head}\n[vars]\n${portalVars}`;

let files = 0;
function configFile(text: string, extension = "toml"): string {
  files += 1;
  const file = path.join(dir, `case-${files}`, `wrangler.${extension}`);
  execFileSync("mkdir", ["-p", path.dirname(file)]);
  writeFileSync(file, text);
  return file;
}
const check = (text: string, options: { env?: string; secretListJson?: string; extension?: string } = {}) =>
  checkDeploy({ configPath: configFile(text, options.extension), env: options.env, secretListJson: options.secretListJson ?? SECRETS });

// Each case loads wrangler's config reader (seconds on a busy two-core machine): more than the default 5 s.
describe("npm run check:deploy", { timeout: 60_000 }, () => {
  it("passes a complete production configuration (control)", () => {
    expect(check(good)).toEqual([]);
    // the same in an environment of its own: wrangler does not inherit vars, so the block has them
    expect(check(`${head}\n[env.production]\nname = "rovers-production"\n[env.production.vars]\n${portalVars}`, { env: "production" })).toEqual([]);
  });

  const bad: [string, string, RegExp, { env?: string; extension?: string; secretListJson?: string }?][] = [
    ["a quoted ENVIRONMENT key in [vars]", `${good}"ENVIRONMENT" = "development"\n`, /vars set ENVIRONMENT = "development"/],
    ["ENVIRONMENT in an inline vars table", `${head}vars = { ENVIRONMENT = "test", AUTH_PROVIDER = "green" }\n`, /vars set ENVIRONMENT = "test"/],
    ["ENVIRONMENT as a dotted key", `${head}vars.ENVIRONMENT = "development"\n`, /vars set ENVIRONMENT = "development"/],
    ["ENVIRONMENT in an [env.*] block that is not deployed", `${good}\n[env.staging.vars]\n"ENVIRONMENT" = "development"\n`, /\[env\.staging\] vars set ENVIRONMENT = "development"/],
    ["AUTH_PROVIDER dev in an [env.*] inline table", `${good}\n[env.preview]\nvars = { AUTH_PROVIDER = "dev" }\n`, /\[env\.preview\] vars set AUTH_PROVIDER = "dev"/],
    ["AUTH_PROVIDER dev at the top level", good.replace('"green"', '"dev"'), /vars set AUTH_PROVIDER = "dev"/],
    ["the dev transcoder token written in [vars]", `${good}TRANSCODER_TOKEN = "${devTranscoderToken}"\n`, /set TRANSCODER_TOKEN: a secret in the repository/],
    ["the dev ingest token written in [vars]", `${good}INGEST_TOKEN = "${devIngestToken}"\n`, /set INGEST_TOKEN: a secret in the repository/],
    ["STRIPE_WEBHOOK_SECRET written in [vars]", `${good}STRIPE_WEBHOOK_SECRET = "whsec_oops"\n`, /set STRIPE_WEBHOOK_SECRET: a secret in the repository/],
    ["SESSION_SECRET written in an [env.*] block", `${good}\n[env.production.vars]\nSESSION_SECRET = "oops"\n`, /\[env\.production\] vars set SESSION_SECRET/],
    ["an http: login page", good.replace("https://login.example/login", "http://login.example/login"), /SSO_LOGIN_URL = "http:\/\/login\.example\/login": production needs an https: URL/],
    ["an http: forgot-password page in an [env.*] block", `${good}\n[env.staging.vars]\nSSO_FORGOT_PASSWORD_URL = "http://login.example/forgot"\n`, /\[env\.staging\] vars set SSO_FORGOT_PASSWORD_URL/],
    ["the development entry as main of an [env.*] block", `${good}\n[env.dev]\nmain = "${path.join(root, "worker/dev-index.ts")}"\n`, /\[env\.dev\] has main = .*development build/],
    ["a JSON config running as development", JSON.stringify({ name: "rovers", main: path.join(root, "worker/index.ts"), vars: { ENVIRONMENT: "development" } }), /vars set ENVIRONMENT = "development"/, { extension: "json" }],
    ["no AUTH_PROVIDER", `${head}\n[vars]\nSSO_LOGIN_URL = "https://login.example/login"\n`, /\(top level\) has no AUTH_PROVIDER/],
    ["a portal var the provider needs is missing", good.replace(/^SSO_AUTH_URL.*$/m, ""), /has no SSO_AUTH_URL, which AUTH_PROVIDER = "green" needs/],
    ["a required secret is not in the secret list", good, /secret SESSION_SECRET is not set/, { secretListJson: secrets("SSO_JWT_SECRET") }],
    ["--env of an environment without its own vars (wrangler does not inherit them)", `${good}\n[env.production]\nname = "rovers-production"\n`, /\[env\.production\] has no AUTH_PROVIDER/, { env: "production" }],
    ["--env of an environment the file does not have", good, /has no \[env\.nope\]/, { env: "nope" }],
  ];

  it.each(bad)("refuses %s", (_name, text, problem, options = {}) => {
    const problems = check(text, options);
    expect(problems.join("\n")).toMatch(problem);
  });

  // wrangler's bundler finds worker/dev-index.ts for each of these spellings of `main`.
  const developmentMains: [string, string][] = [
    ["extension-less", "worker/dev-index"],
    ["./ and extension-less", "./worker/dev-index"],
    ["./ with .ts", "./worker/dev-index.ts"],
    ["with .js (the bundler maps it to the .ts source)", "worker/dev-index.js"],
    ["with .mjs", "worker/dev-index.mjs"],
    ["through ..", "worker/../worker/dev-index"],
    ["absolute", path.join(root, "worker/dev-index")],
  ];

  it.each(developmentMains)("recognises the development entry written %s (%s)", (_name, main) => {
    expect(isDevelopmentEntry(main, root)).toBe(true);
  });

  it.each([["worker/index.ts"], ["worker/index"], ["./worker/dev-index-notes.ts"], ["worker/dev-index.d"], ["other/worker/dev-index"]])("does not take %s for the development entry (control)", (main) => {
    expect(isDevelopmentEntry(main, root)).toBe(false);
  });

  it("refuses the development entry as main however it is spelt, from a config in another folder, and through a symlink", () => {
    const caseDir = path.dirname(configFile(good));
    const fromThere = path.relative(caseDir, root);
    for (const main of [`${fromThere}/worker/dev-index`, `./${fromThere}/worker/dev-index.ts`, `${fromThere}/worker/dev-index.js`]) {
      expect(check(`${good}\n[env.preview]\nmain = "${main}"\n`).join("\n"), main).toMatch(/\[env\.preview\] has main = .*development build/);
      expect(check(good.replace(/^main = .*$/m, `main = "${main}"`)).join("\n"), main).toMatch(/has main = .*development build/);
    }
    const link = path.join(dir, "entry.ts");
    symlinkSync(path.join(root, "worker/dev-index.ts"), link);
    expect(check(good.replace(/^main = .*$/m, `main = "${link}"`)).join("\n")).toMatch(/has main = .*development build/);
  });

  it("--bundle: finds the development modules in what the dry run bundles, behind an entry that only re-exports the development one", () => {
    // The repository's config as wrangler reads it, with absolute paths, the client manifest
    // aliased to the worker tests' stub (no client build needed), and an entry of its own.
    const caseDir = path.dirname(configFile(good));
    const entry = path.join(caseDir, "entry.ts");
    const development = JSON.stringify(path.join(root, "worker/dev-index"));
    writeFileSync(entry, `export * from ${development};\nexport { default } from ${development};\n`);
    const { rawConfig } = wrangler.experimental_readRawConfig({ config: path.join(root, "wrangler.toml") });
    const absolute = (p: string) => path.resolve(root, p);
    const config = {
      ...rawConfig,
      main: entry,
      ...(rawConfig.assets?.directory ? { assets: { ...rawConfig.assets, directory: absolute(rawConfig.assets.directory) } } : {}),
      d1_databases: rawConfig.d1_databases?.map((db: { migrations_dir?: string }) => (db.migrations_dir ? { ...db, migrations_dir: absolute(db.migrations_dir) } : db)),
      alias: { ...rawConfig.alias, "../../public/build/manifest.json": path.join(root, "tests/worker/client-manifest.stub.json") },
    };
    const configPath = path.join(caseDir, "wrangler.json");
    writeFileSync(configPath, JSON.stringify(config));
    // reading `main` alone cannot tell: the entry is not the development one
    expect(isDevelopmentEntry(entry, caseDir)).toBe(false);
    expect(bundledDevelopmentModules({ configPath })).toEqual(expect.arrayContaining(["worker/dev-index.ts", "worker/dev-kit.ts", "worker/dev-portal/app.ts", "worker/payments/dev-payments.ts", "worker/dev-state/d1-route.ts"]));
  }, 300_000);

  it("refuses every secret the worker knows, written in vars", () => {
    for (const name of SECRET_SETTINGS) {
      expect(check(`${good}${name} = "written-in-the-repository"\n`).join("\n"), name).toContain(`set ${name}: a secret in the repository`);
    }
  });

  it("checks the environment CLOUDFLARE_ENV names, as wrangler does", () => {
    const text = `${good}\n[env.production]\nname = "rovers-production"\n`;
    const before = process.env.CLOUDFLARE_ENV;
    process.env.CLOUDFLARE_ENV = "production";
    try {
      expect(check(text).join("\n")).toMatch(/\[env\.production\] has no AUTH_PROVIDER/);
    } finally {
      if (before === undefined) delete process.env.CLOUDFLARE_ENV;
      else process.env.CLOUDFLARE_ENV = before;
    }
    expect(check(text)).toEqual([]);
  });

  it("the repository's own wrangler.toml does not run as development (it fails only for what production must add)", () => {
    const problems = checkDeploy({ configPath: path.join(root, "wrangler.toml"), secretListJson: SECRETS });
    expect(problems).toEqual([expect.stringMatching(/has no AUTH_PROVIDER/)]);
  });

  it("runs as a script: the secret list on stdin or in a file, --config and --env, exit 1 on problems", () => {
    const script = path.join(root, "scripts/check-deploy.mjs");
    const run = (args: string[], input?: string, cwd = root) => {
      try {
        const env = { ...process.env };
        delete env.CLOUDFLARE_ENV;
        const stdout = execFileSync(process.execPath, [script, ...args], { input, cwd, stdio: ["pipe", "pipe", "pipe"], env });
        return { code: 0, output: String(stdout) };
      } catch (error) {
        const failed = error as { status: number; stderr: Buffer };
        return { code: failed.status, output: String(failed.stderr) };
      }
    };
    // `npm run check:deploy` as the README shows it: the repository's wrangler.toml
    expect(run([], SECRETS)).toMatchObject({ code: 1, output: expect.stringMatching(/has no AUTH_PROVIDER/) });
    const complete = configFile(`${good}\n[env.staging.vars]\n"ENVIRONMENT" = "development"\n`);
    const list = path.join(dir, "secrets.json");
    writeFileSync(list, SECRETS);
    const refused = run(["--config", complete, "--env", "staging", list]);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/\[env\.staging\] vars set ENVIRONMENT = "development"/);
    expect(refused.output).toMatch(/\[env\.staging\] has no AUTH_PROVIDER/);
    expect(run(["--config", configFile(good)], SECRETS, dir)).toMatchObject({ code: 0, output: expect.stringMatching(/runs as production/) });
    expect(run(["--config", configFile(good)], "not json").code).toBe(2);
  }, 60_000);
});
