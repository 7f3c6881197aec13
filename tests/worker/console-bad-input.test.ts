// Every console endpoint answers bad input with a 4xx and a stable code, never a 500:
// broken JSON, wrong types, unknown kinds, ids and actions, odd query strings.
import { describe, expect, it } from "vitest";
import { staffAccount } from "./staff-accounts";

const BODIES = ["{", "null", "[]", '"text"', "42", JSON.stringify({ advertName: 7, startUTC: "yesterday" }), JSON.stringify({ value: { nested: true } })];

describe("the console API with bad input", () => {
  it("answers 4xx with a code, never 5xx", async () => {
    const { b } = await staffAccount();
    const answers: string[] = [];
    const expect4xx = async (method: string, path: string, body?: string) => {
      const res = await b.fetch(path, { method, body, headers: body === undefined ? {} : { "content-type": "application/json" } });
      const text = await res.text();
      answers.push(`${method} ${path} ${body ?? ""} → ${res.status}`);
      if (res.status >= 500) throw new Error(`${method} ${path} ${body ?? ""} answered ${res.status}: ${text}`);
      if (res.status >= 400) expect(text, `${method} ${path}`).toMatch(/"code"/);
    };
    for (const kind of ["adverts", "promos", "sponsors", "menu", "settings", "nope", "%00", "..%2F"]) {
      await expect4xx("GET", `/api/console/content/${kind}`);
      for (const body of BODIES) {
        await expect4xx("POST", `/api/console/content/${kind}`, body);
        await expect4xx("PUT", `/api/console/content/${kind}/1`, body);
        await expect4xx("PUT", `/api/console/content/${kind}/not-a-number`, body);
      }
      await expect4xx("POST", `/api/console/content/${kind}/999999999/disable`);
      await expect4xx("POST", `/api/console/content/${kind}/-1/disable`);
    }
    for (const q of ["", "%", "'", "a".repeat(500), "1e999", "\u0000"]) await expect4xx("GET", `/api/console/accounts?q=${encodeURIComponent(q)}`);
    for (const action of ["block", "unblock", "bypass", "unbypass", "sign-out", "explode"]) await expect4xx("POST", `/api/console/accounts/no-such-account/${action}`, "{");
    await expect4xx("GET", "/api/console/accounts/%E0%A4%A");
    for (const query of ["page=x", "before=-5", "from=2024-13-45&to=yesterday", "actor=" + "x".repeat(300), "from=2030-01-01&to=2020-01-01", "before=1e99"]) {
      await expect4xx("GET", `/api/console/audit?${query}`);
    }
    for (const path of ["/api/console/revenue?days=-1", "/api/console/webhooks?hours=abc", "/api/console/live?x=1"]) await expect4xx("GET", path);
    await expect4xx("DELETE", "/api/console/live");
    expect(answers.length).toBeGreaterThan(80);
  });
});
