#!/usr/bin/env node
// `npm run check:deploy [-- secrets.json]`: would the top-level wrangler.toml (what plain
// `wrangler deploy` ships) run as production, with every secret its sign-in needs?
//   npx wrangler secret list --format json | npm run check:deploy
//   npm run check:deploy -- secrets.json        (the same JSON saved to a file)
// Exits 1 with one line per problem, 0 when the deploy is complete. The rules are the worker's
// (worker/env.ts, worker/auth/config.ts): production unless ENVIRONMENT says development or test,
// no dev portal, no secret written in the repository.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const PROVIDERS = ["login-portal", "sports-alliance", "green"];
/** Settings that are secrets: set with `wrangler secret put`, never in wrangler.toml. */
const SECRET_NAMES = ["SESSION_SECRET", "ADMIN_TOKEN", "SSO_JWT_SECRET", "SSO_CLIENT_SECRET", "SSO_USER_AGENT_PASS", "DEV_SSO_SECRET"];

/** The top-level `[vars]` of a wrangler.toml (not those of `[env.*.vars]`): simple `KEY = "value"` lines. */
export function topLevelVars(toml) {
  const vars = {};
  let table = "";
  for (const raw of toml.split(/\r?\n/)) {
    const line = raw.replace(/(^|\s)#.*$/, "").trim();
    if (line === "") continue;
    const header = /^\[\[?\s*([^\]]+?)\s*\]\]?$/.exec(line);
    if (header) {
      table = header[1];
      continue;
    }
    if (table !== "vars") continue;
    const pair = /^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+))$/.exec(line);
    if (pair) vars[pair[1]] = pair[2] ?? pair[3] ?? pair[4];
  }
  return vars;
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

/** Every reason the deploy would not be a complete production: [] when there is none. */
export function checkDeploy(toml, secretListJson) {
  const vars = topLevelVars(toml);
  const secrets = secretNames(secretListJson);
  const problems = [];
  if (vars.ENVIRONMENT === "development" || vars.ENVIRONMENT === "test") {
    problems.push(`wrangler.toml [vars] sets ENVIRONMENT = "${vars.ENVIRONMENT}": the deployed worker would run as ${vars.ENVIRONMENT} (built-in secrets, dev portal). Remove it.`);
  }
  for (const name of SECRET_NAMES) {
    if (name in vars) problems.push(`wrangler.toml [vars] sets ${name}: a secret in the repository. Remove it and use \`wrangler secret put ${name}\`.`);
  }
  const provider = vars.AUTH_PROVIDER;
  if (provider === undefined) problems.push(`wrangler.toml [vars] has no AUTH_PROVIDER (${PROVIDERS.join(", ")}): sign-in would answer 503 AUTH_NOT_CONFIGURED.`);
  else if (provider === "dev") problems.push("AUTH_PROVIDER = \"dev\": the embedded dev portal exists only in development and test; sign-in would answer 503.");
  else if (!PROVIDERS.includes(provider)) problems.push(`AUTH_PROVIDER = "${provider}" is none of ${PROVIDERS.join(", ")}.`);

  const required = ["SESSION_SECRET"];
  if (PROVIDERS.includes(provider)) {
    if (!vars.SSO_JWKS_URL) required.push("SSO_JWT_SECRET");
    if (provider === "sports-alliance") required.push("SSO_USER_AGENT_PASS");
  }
  for (const name of required) {
    if (!secrets.has(name)) problems.push(`secret ${name} is not set: \`wrangler secret put ${name}\`.`);
  }
  return problems;
}

async function readStdin() {
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  return text;
}

async function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const file = process.argv[2];
  if (!file && process.stdin.isTTY) {
    console.error("Give the output of `wrangler secret list --format json` on stdin or as a file: npm run check:deploy -- secrets.json");
    return 2;
  }
  const secretList = file ? readFileSync(file, "utf8") : await readStdin();
  const problems = checkDeploy(readFileSync(path.join(root, "wrangler.toml"), "utf8"), secretList);
  if (problems.length === 0) {
    console.log("check:deploy: wrangler.toml runs as production and every required secret is set.");
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
