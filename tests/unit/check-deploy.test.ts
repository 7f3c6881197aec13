import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkDeploy, topLevelVars } from "../../scripts/check-deploy.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const secrets = (...names: string[]) => JSON.stringify(names.map((name) => ({ name, type: "secret_text" })));
const production = `
name = "northbridge-rovers"
[vars]
AUTH_PROVIDER = "green" # the club's portal
SSO_LOGIN_URL = "https://login.example/login"

[env.dev.vars]
ENVIRONMENT = "development"
`;

describe("npm run check:deploy", () => {
  it("reads only the top-level [vars]", () => {
    expect(topLevelVars(production)).toEqual({ AUTH_PROVIDER: "green", SSO_LOGIN_URL: "https://login.example/login" });
  });

  it("passes a production config with its secrets", () => {
    expect(checkDeploy(production, secrets("SESSION_SECRET", "SSO_JWT_SECRET", "ADMIN_TOKEN"))).toEqual([]);
  });

  it("fails when the top-level config would run as development", () => {
    const dev = production.replace("[vars]\n", '[vars]\nENVIRONMENT = "development"\n');
    expect(checkDeploy(dev, secrets("SESSION_SECRET", "SSO_JWT_SECRET")).join("\n")).toMatch(/ENVIRONMENT = "development"/);
  });

  it("fails when a required secret is missing from the secret list", () => {
    expect(checkDeploy(production, secrets("SSO_JWT_SECRET"))).toEqual([expect.stringMatching(/secret SESSION_SECRET is not set/)]);
    expect(checkDeploy(production, secrets("SESSION_SECRET"))).toEqual([expect.stringMatching(/secret SSO_JWT_SECRET is not set/)]);
  });

  it("fails for the dev provider, a missing provider, or a secret written in wrangler.toml", () => {
    expect(checkDeploy(production.replace('"green"', '"dev"'), secrets("SESSION_SECRET")).join("\n")).toMatch(/dev portal exists only in development/);
    expect(checkDeploy(production.replace('AUTH_PROVIDER = "green"', ""), secrets("SESSION_SECRET")).join("\n")).toMatch(/no AUTH_PROVIDER/);
    expect(checkDeploy(production + '\n[vars]\nSESSION_SECRET = "oops"\n', secrets("SESSION_SECRET", "SSO_JWT_SECRET")).join("\n")).toMatch(/sets SESSION_SECRET/);
  });

  it("the repository's own wrangler.toml does not run as development (it fails only for what production must add)", () => {
    const problems = checkDeploy(readFileSync(path.join(root, "wrangler.toml"), "utf8"), secrets("SESSION_SECRET", "SSO_JWT_SECRET"));
    expect(problems.join("\n")).not.toMatch(/ENVIRONMENT/);
    expect(problems).toEqual([expect.stringMatching(/no AUTH_PROVIDER/)]);
  });

  it("runs as a script with the secret list on stdin or in a file, exiting 1 on problems", () => {
    const script = path.join(root, "scripts/check-deploy.mjs");
    const run = (args: string[], input?: string) => {
      try {
        execFileSync(process.execPath, [script, ...args], { input, stdio: ["pipe", "pipe", "pipe"] });
        return 0;
      } catch (error) {
        return (error as { status: number }).status;
      }
    };
    expect(run([], secrets("SESSION_SECRET"))).toBe(1);
    const file = path.join(mkdtempSync(path.join(tmpdir(), "check-deploy-")), "secrets.json");
    writeFileSync(file, secrets());
    expect(run([file])).toBe(1);
    expect(run([], "not json")).toBe(2);
  });
});
