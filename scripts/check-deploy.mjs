#!/usr/bin/env node
// `npm run check:deploy [-- [--env NAME] [--config FILE] [secrets.json]]`: would `wrangler deploy`
// (with the same --env and --config) ship a complete production, with every secret its sign-in needs?
//   npx wrangler secret list --format json | npm run check:deploy
//   npm run check:deploy -- secrets.json                  (the same JSON saved to a file)
//   npx wrangler secret list --env staging --format json | npm run check:deploy -- --env staging
//   npm run check:deploy -- --bundle secrets.json          (also builds the bundle: see below)
// Exits 1 with one line per problem, 0 when the deploy is complete, 2 when it cannot tell.
//
// The configuration is read by wrangler's own reader (the `wrangler` package's
// experimental_readRawConfig and unstable_readConfig), so quoted keys, inline tables, JSON configs
// and `[env.*]` blocks mean here what they mean to `wrangler deploy`. Two kinds of check:
// - refused anywhere in the file (the top level and every [env.*] block, whichever is deployed):
//   ENVIRONMENT development or test, AUTH_PROVIDER dev, a secret written in vars, an http: URL,
//   the development entry as `main`, however it is spelt (`worker/dev-index`, `./worker/dev-index.ts`,
//   the same name with a `.js` or `.mjs` ending, a symlink to it: the bundler finds the same file for each);
// - required of the environment being deployed (the top level, or `--env NAME` / CLOUDFLARE_ENV as
//   wrangler reads them; wrangler does not inherit vars into an environment): AUTH_PROVIDER and
//   its portal's vars, and the secrets its sign-in needs in the secret list.
// The rules are the worker's (worker/env.ts, worker/auth/config.ts).
//
// With --bundle it also runs `wrangler deploy --dry-run` for the same config and environment (after
// `npm run build`: the worker imports the client's manifest) and refuses a bundle holding any
// development module, whatever entry or import brought it in: the reading of `main` above cannot
// see an entry that merely re-exports the development one.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

/** wrangler's config reader, loaded on first use (a second or two): a bad secret list fails before. */
const wranglerApi = () => createRequire(import.meta.url)("wrangler");

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PROVIDERS = ["login-portal", "sports-alliance", "green"];
/** Settings that are secrets (worker/env.ts SECRET_SETTINGS): `wrangler secret put`, never wrangler.toml. */
export const SECRET_NAMES = JSON.parse(readFileSync(path.join(root, "worker", "secret-names.json"), "utf8"));
/** The development build's entry (scripts/run-command.mjs) without its extension: never what is deployed. */
const DEVELOPMENT_ENTRY = path.join(realpathSync(root), "worker", "dev-index");
/**
 * Extensions the bundler tries for an extension-less `main`, and the ones it maps to a TypeScript
 * source (an import of `x.js` finds `x.ts`): any of them on the development entry names it.
 */
const SCRIPT_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"];
/** Vars the worker reads as URLs (worker/env.ts): https: only in production. */
const isUrlVar = (name) => name === "SITE_ORIGIN" || name.endsWith("_URL");

/** Modules of the development build (relative to the repository): never in a production bundle. */
export const DEVELOPMENT_MODULE = /^worker\/(dev-|auth\/providers\/dev\.ts|payments\/dev-payments(?!-paths))/;

/**
 * The development modules `wrangler deploy [--env env] [--config configPath]` would bundle, from
 * esbuild's metafile of a dry run (its inputs are relative to the config's folder). Throws when the
 * dry run fails (say, no client build yet).
 */
export function bundledDevelopmentModules({ configPath, env }) {
  const out = mkdtempSync(path.join(tmpdir(), "check-deploy-bundle-"));
  try {
    const args = ["deploy", "--dry-run", "--outdir", path.join(out, "bundle"), "--metafile", path.join(out, "meta.json")];
    if (configPath) args.push("--config", path.resolve(configPath));
    if (env) args.push("--env", env);
    try {
      execFileSync(path.join(root, "node_modules", ".bin", "wrangler"), args, {
        stdio: "pipe",
        env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false", WRANGLER_HIDE_BANNER: "true", NO_UPDATE_NOTIFIER: "1" },
      });
    } catch (error) {
      // wrangler's own reason: its ERROR line and the one after it, without colours
      const lines = (String(error.stderr ?? "") + String(error.stdout ?? "")).replace(/\u001b\[[0-9;]*m/g, "").split("\n");
      const at = lines.findIndex((line) => line.includes("ERROR"));
      const reason = (at === -1 ? lines.slice(-4) : lines.slice(at, at + 4)).map((line) => line.trim()).filter(Boolean).slice(0, 2);
      throw new Error(`\`wrangler deploy --dry-run\` failed (has \`npm run build\` run?): ${reason.join(" ")}`);
    }
    const configDir = configPath ? path.dirname(path.resolve(configPath)) : process.cwd();
    const { inputs } = JSON.parse(readFileSync(path.join(out, "meta.json"), "utf8"));
    const realRoot = realpathSync(root);
    const modules = Object.keys(inputs)
      .map((input) => path.relative(realRoot, path.resolve(configDir, input)).split(path.sep).join("/"))
      .filter((file) => DEVELOPMENT_MODULE.test(file));
    return [...new Set(modules)].sort();
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** Names from `wrangler secret list --format json` ([{ name, type }]). */
export function secretNames(json) {
  let parsed;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error("the secret list is not JSON: use `wrangler secret list --format json`");
  }
  if (!Array.isArray(parsed)) throw new Error("the secret list must be a JSON array of { name }");
  return new Set(parsed.map((entry) => (entry && typeof entry.name === "string" ? entry.name : null)).filter(Boolean));
}

/**
 * Whether `main` (as written in the config, relative to its folder) is the development entry as
 * wrangler's bundler resolves it: `.`/`..` segments and symlinks followed, with or without any
 * script extension. A comparison of the written path with `worker/dev-index.ts` alone lets
 * `worker/dev-index` through, which wrangler builds all the same.
 */
export function isDevelopmentEntry(main, configDir) {
  const written = path.resolve(configDir, main);
  let resolved = written;
  try {
    resolved = realpathSync(written);
  } catch {
    // not a file as written (extension-less): its folder may still be a symlink
    try {
      resolved = path.join(realpathSync(path.dirname(written)), path.basename(written));
    } catch {
      // no such folder: compared as written
    }
  }
  const extension = path.extname(resolved);
  const stem = SCRIPT_EXTENSIONS.includes(extension) ? resolved.slice(0, -extension.length) : resolved;
  return stem === DEVELOPMENT_ENTRY || stem === path.join(DEVELOPMENT_ENTRY, "index");
}

/** What one block of the file (top level or one [env.*]) writes that production refuses. */
function refusedIn(block, where, configDir) {
  const problems = [];
  const vars = block.vars && typeof block.vars === "object" ? block.vars : {};
  const at = `${where} vars`;
  if (vars.ENVIRONMENT === "development" || vars.ENVIRONMENT === "test") {
    problems.push(`${at} set ENVIRONMENT = "${vars.ENVIRONMENT}": never deploy a development or test configuration. Remove it.`);
  }
  if (vars.AUTH_PROVIDER === "dev") problems.push(`${at} set AUTH_PROVIDER = "dev": the embedded dev portal exists only in the development build. Use ${PROVIDERS.join(", ")}.`);
  for (const name of SECRET_NAMES) {
    if (name in vars) problems.push(`${at} set ${name}: a secret in the repository. Remove it and use \`wrangler secret put ${name}\`.`);
  }
  for (const [name, value] of Object.entries(vars)) {
    if (!isUrlVar(name)) continue;
    let protocol = null;
    try {
      protocol = typeof value === "string" ? new URL(value).protocol : null;
    } catch {
      // not a URL at all
    }
    if (protocol !== "https:") problems.push(`${at} set ${name} = ${JSON.stringify(value)}: production needs an https: URL.`);
  }
  if (typeof block.main === "string" && isDevelopmentEntry(block.main, configDir)) {
    problems.push(`${where} has main = "${block.main}": the development build (dev portal, demo accounts, built-in secrets). Deploy worker/index.ts.`);
  }
  return problems;
}

/** What the environment being deployed lacks (its effective vars, as wrangler resolved them). */
function missingIn(config, secrets, label) {
  const vars = config.vars ?? {};
  const problems = [];
  const provider = vars.AUTH_PROVIDER;
  if (provider === undefined) problems.push(`${label} has no AUTH_PROVIDER (${PROVIDERS.join(", ")}): sign-in would answer 503 AUTH_NOT_CONFIGURED.`);
  else if (provider !== "dev" && !PROVIDERS.includes(provider)) problems.push(`${label}: AUTH_PROVIDER = ${JSON.stringify(provider)} is none of ${PROVIDERS.join(", ")}.`);
  if (!PROVIDERS.includes(provider)) return problems.concat(missingSecrets(["SESSION_SECRET"], secrets));

  const neededVars = ["SSO_ISSUER", "SSO_AUDIENCE", "SSO_LOGIN_URL"];
  if (provider === "login-portal") neededVars.push("SSO_API_BASE_URL");
  if (provider === "sports-alliance") neededVars.push("SSO_REFRESH_URL", "SSO_SESSION_URL");
  if (provider === "green") neededVars.push("SSO_AUTH_URL");
  // Direct login (offered when the login.direct setting is on) needs both of the helper's calls.
  if (vars.SSO_DIRECT_LOGIN_URL !== undefined || vars.SSO_AUTHENTICATE_USER_URL !== undefined) neededVars.push("SSO_DIRECT_LOGIN_URL", "SSO_AUTHENTICATE_USER_URL");
  for (const name of neededVars) {
    if (vars[name] === undefined) problems.push(`${label} has no ${name}, which AUTH_PROVIDER = "${provider}" needs: sign-in would answer 503.`);
  }
  const neededSecrets = ["SESSION_SECRET"];
  if (vars.SSO_JWKS_URL === undefined) neededSecrets.push("SSO_JWT_SECRET");
  else if (secrets.has("SSO_JWT_SECRET")) problems.push("both SSO_JWKS_URL and the secret SSO_JWT_SECRET are set: the worker accepts only one. Delete one.");
  if (provider === "sports-alliance") neededSecrets.push("SSO_USER_AGENT_PASS");
  return problems.concat(missingSecrets(neededSecrets, secrets));
}

function missingSecrets(names, secrets) {
  return names.filter((name) => !secrets.has(name)).map((name) => `secret ${name} is not set: \`wrangler secret put ${name}\`.`);
}

/**
 * Every reason `wrangler deploy [--env env] [--config configPath]` would not ship a complete
 * production: [] when there is none. `configPath` undefined: found as wrangler finds it (from the
 * working directory, following a redirected deploy config); `env` undefined: CLOUDFLARE_ENV, else
 * the top level.
 */
export function checkDeploy({ configPath, env, secretListJson }) {
  const secrets = secretNames(secretListJson);
  const wrangler = wranglerApi();
  const args = { config: configPath, env };
  const options = { hideWarnings: true, useRedirectIfAvailable: true };
  const raw = wrangler.experimental_readRawConfig(args, options);
  if (!raw.configPath) throw new Error("no wrangler.toml, wrangler.json or wrangler.jsonc found");
  const file = path.relative(process.cwd(), raw.configPath) || raw.configPath;
  const configDir = path.dirname(path.resolve(raw.configPath));
  const rawConfig = raw.rawConfig ?? {};

  const problems = refusedIn(rawConfig, file, configDir);
  for (const [name, block] of Object.entries(rawConfig.env ?? {})) {
    problems.push(...refusedIn(block ?? {}, `${file} [env.${name}]`, configDir));
  }

  // wrangler: `--env`, else CLOUDFLARE_ENV; an empty name is the top level
  const envName = (env ?? process.env.CLOUDFLARE_ENV) || undefined;
  if (envName !== undefined && !(rawConfig.env && envName in rawConfig.env)) {
    problems.push(`${file} has no [env.${envName}]: \`wrangler deploy --env ${envName}\` would deploy the top-level config under that name. Add the block or drop --env.`);
    return problems;
  }
  let config;
  try {
    config = wrangler.unstable_readConfig(args, options);
  } catch (error) {
    problems.push(`wrangler cannot read ${file}: ${error.message}`);
    return problems;
  }
  const label = envName === undefined ? `${file} (top level)` : `${file} [env.${envName}]`;
  return problems.concat(missingIn(config, secrets, label));
}

async function readStdin() {
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  return text;
}

async function main() {
  const { values, positionals } = parseArgs({
    options: { env: { type: "string", short: "e" }, config: { type: "string", short: "c" }, bundle: { type: "boolean" } },
    allowPositionals: true,
  });
  if (positionals.length > 1) throw new Error("give at most one secret list file");
  const file = positionals[0];
  if (!file && process.stdin.isTTY) {
    console.error("Give the output of `wrangler secret list --format json` on stdin or as a file: npm run check:deploy -- secrets.json");
    return 2;
  }
  const secretListJson = file ? readFileSync(file, "utf8") : await readStdin();
  // As `wrangler deploy` run from the repository (npm runs scripts there): its wrangler.toml.
  const configPath = values.config ?? (process.cwd() === root ? undefined : path.join(root, "wrangler.toml"));
  const problems = checkDeploy({ configPath, env: values.env, secretListJson });
  if (values.bundle) {
    const modules = bundledDevelopmentModules({ configPath, env: values.env });
    if (modules.length > 0) problems.push(`the bundle \`wrangler deploy\` would upload holds development modules: ${modules.join(", ")}. Deploy worker/index.ts.`);
  }
  const target = (values.env ?? process.env.CLOUDFLARE_ENV) || undefined;
  if (problems.length === 0) {
    console.log(`check:deploy: ${target ? `[env.${target}]` : "the top-level config"} runs as production and every required setting and secret is set.`);
    return 0;
  }
  console.error(`check:deploy: ${problems.length} problem(s):`);
  for (const problem of problems) console.error(`  - ${problem}`);
  return 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(`check:deploy: ${error.message}`);
      process.exit(2);
    },
  );
}
