import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { installDevelopmentKit } from "../../worker/development";
import { developmentKit } from "../../worker/dev-kit";
import { envWith, type Vars } from "./auth-test-app";

/**
 * POST /dev-state/d1 (worker/dev-state/d1-route.ts), the development build's route the e2e tests
 * read and write D1 through. That the production bundle holds none of it is
 * tests/unit/production-bundle.test.ts.
 */
const TOKEN = "a-state-token-made-for-this-run-0123456789";
const LOOPBACK = "http://127.0.0.1:8802";

interface Call {
  vars?: Vars;
  origin?: string;
  authorization?: string | null;
  connectingIp?: string;
  body?: unknown;
}

async function call({ vars = { DEV_STATE_TOKEN: TOKEN }, origin = LOOPBACK, authorization = `Bearer ${TOKEN}`, connectingIp, body }: Call = {}) {
  const headers = new Headers({ "content-type": "application/json" });
  if (authorization !== null) headers.set("authorization", authorization);
  if (connectingIp) headers.set("cf-connecting-ip", connectingIp);
  // a fresh env object each call: settings are parsed once per env object
  return app.request(`${origin}/dev-state/d1`, { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body ?? { sql: "SELECT 1 AS one" }) }, envWith(vars));
}

const code = async (res: Response) => ((await res.json()) as { errors: { code: string }[] }).errors[0]?.code;
const rows = async (res: Response) => ((await res.json()) as { data: Record<string, unknown>[] }).data;

describe("POST /dev-state/d1 in the development build", () => {
  it("runs one statement with its params on the server's D1 and answers its rows", async () => {
    const res = await call({ body: { sql: "SELECT value FROM settings WHERE key = ?", params: ["footer.copyright"] } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const stored = await env.DB.prepare("SELECT value FROM settings WHERE key = 'footer.copyright'").first<{ value: string }>();
    expect(stored?.value).toBeTruthy();
    expect(await rows(res)).toEqual([{ value: stored?.value }]);
  });

  it("writes: what it changes is what D1 then holds", async () => {
    const res = await call({ body: { sql: "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value RETURNING value", params: ["dev-state.test", "written"] } });
    expect(res.status).toBe(200);
    expect(await rows(res)).toEqual([{ value: "written" }]);
    expect((await env.DB.prepare("SELECT value FROM settings WHERE key = 'dev-state.test'").first<{ value: string }>())?.value).toBe("written");
  });

  it("answers on every loopback address, IPv6 included", async () => {
    for (const origin of ["http://localhost:8812", "http://[::1]:8802", "http://127.0.0.1"]) expect((await call({ origin })).status, origin).toBe(200);
    expect((await call({ connectingIp: "127.0.0.1" })).status).toBe(200);
    expect((await call({ connectingIp: "::1" })).status).toBe(200);
  });

  it("refuses a wrong, missing or differently written token: 401, nothing run", async () => {
    const sql = "UPDATE settings SET value = 'changed' WHERE key = 'footer.copyright'";
    const before = await env.DB.prepare("SELECT value FROM settings WHERE key = 'footer.copyright'").first<{ value: string }>();
    for (const authorization of [null, "", `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, `bearer ${TOKEN}`, "Bearer rovers-dev-admin-token-0123456789"]) {
      const res = await call({ authorization, body: { sql } });
      expect(res.status, String(authorization)).toBe(401);
      expect(await code(res)).toBe("UNAUTHORIZED");
    }
    expect(await env.DB.prepare("SELECT value FROM settings WHERE key = 'footer.copyright'").first<{ value: string }>()).toEqual(before);
  });

  it("refuses a caller not on this machine, even with the token: 403 LOOPBACK_ONLY", async () => {
    for (const origin of ["https://www.rovers.test", "http://10.0.0.5:8802", "http://127.0.0.1.example.com", "http://0.0.0.0:8802"]) {
      const res = await call({ origin });
      expect(res.status, origin).toBe(403);
      expect(await code(res)).toBe("LOOPBACK_ONLY");
    }
    const relayed = await call({ connectingIp: "203.0.113.7" });
    expect(relayed.status).toBe(403);
  });

  it("does not exist without DEV_STATE_TOKEN (npm run dev), with a short one, or outside development and test: 404", async () => {
    for (const vars of [{} as Vars, { DEV_STATE_TOKEN: "short" }, { DEV_STATE_TOKEN: TOKEN, ENVIRONMENT: "production" }, { DEV_STATE_TOKEN: TOKEN, ENVIRONMENT: "staging" }]) {
      const res = await call({ vars });
      expect(res.status, JSON.stringify(vars)).toBe(404);
      expect(await code(res)).toBe("NOT_FOUND");
    }
  });

  it("answers a body that is not one statement with 400 INVALID_INPUT", async () => {
    for (const body of ["not json", {}, { sql: "" }, { sql: "  " }, { sql: 1 }, { sql: "SELECT ?", params: "x" }, { sql: "SELECT ?", params: [{ a: 1 }] }]) {
      const res = await call({ body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await code(res)).toBe("INVALID_INPUT");
    }
  });

  it("answers a statement D1 refuses with 400 D1_ERROR and D1's reason, and writes nothing", async () => {
    const res = await call({ body: { sql: "INSERT INTO no_such_table (x) VALUES (1)" } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { code: string; detail: string }[] };
    expect(body.errors[0]).toMatchObject({ code: "D1_ERROR", detail: expect.stringContaining("no_such_table") });
    const wrongParams = await call({ body: { sql: "SELECT ? AS a", params: [1, 2] } });
    expect(wrongParams.status).toBe(400);
    expect(await code(wrongParams)).toBe("D1_ERROR");
  });
});

describe("POST /dev-state/d1 in the production build (no development kit)", () => {
  beforeAll(() => installDevelopmentKit(null));
  afterAll(() => installDevelopmentKit(developmentKit));

  it("is a 404 even with ENVIRONMENT=development, the token and a loopback caller", async () => {
    const res = await call({ vars: { DEV_STATE_TOKEN: TOKEN, ENVIRONMENT: "development" } });
    expect(res.status).toBe(404);
    expect(await code(res)).toBe("NOT_FOUND");
  });
});
