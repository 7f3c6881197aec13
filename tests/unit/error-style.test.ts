// One error style in the worker: handlers and middleware throw an ApiError and worker/app.ts's
// `onError` writes it, field errors come one per field as `{ code, detail, field }`, and every
// app, handler and middleware reads the one Hono environment of worker/env.ts. These checks read
// the sources, so a module that answers an error by hand, a sub-app with an error handler of its
// own (which would keep its errors from the one renderer) or a second env type fails here.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../worker/http/api-error";

const root = path.resolve(import.meta.dirname, "../..");

function sources(folder: string): { file: string; text: string }[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith(".d.ts"))
    .map((name) => ({ file: `${folder}/${name.split(path.sep).join("/")}`, text: readFileSync(path.join(root, folder, name), "utf8") }));
}

const worker = sources("worker");
const offenders = (pattern: RegExp, allowed: string[] = []) => worker.filter(({ file, text }) => pattern.test(text) && !allowed.includes(file)).map(({ file }) => file);

describe("the worker's one error style", () => {
  it("reads the worker's sources", () => {
    expect(worker.length).toBeGreaterThan(100);
    expect(worker.map((s) => s.file)).toContain("worker/app.ts");
  });

  it("no module writes an error body itself: it throws an ApiError", () => {
    expect(offenders(/\bapiError\s*\(/)).toEqual([]);
    // `c.json({ errors: … })`, `Response.json({ errors: … })`: a body only the renderer writes.
    expect(offenders(/\bjson\(\s*\{\s*errors\s*:/)).toEqual([]);
    expect(offenders(/JSON\.stringify\(\s*\{\s*errors\s*:/)).toEqual([]);
  });

  it("only worker/app.ts handles errors, so a mounted sub-app's errors reach its onError", () => {
    expect(offenders(/\.onError\s*\(/, ["worker/app.ts"])).toEqual([]);
  });

  it("one Hono environment, declared in worker/env.ts", () => {
    expect(offenders(/\bBindings\s*:/, ["worker/env.ts"])).toEqual([]);
    expect(offenders(/\bVariables\s*:\s*\{/, ["worker/env.ts"])).toEqual([]);
  });
});

describe("ApiError's body", () => {
  it("is one { code, detail } by default, with its status and headers", async () => {
    const error = new ApiError(429, "RATE_LIMITED", "Too many", { "Retry-After": "30" });
    const response = error.getResponse();
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("30");
    expect(await response.json()).toEqual({ errors: [{ code: "RATE_LIMITED", detail: "Too many" }] });
  });

  it("names each refused field in an item of its own, all with the one code", () => {
    const error = ApiError.fields(400, "INVALID_INPUT", "Some fields need a change", [
      { field: "minute", detail: "Too big" },
      { field: "side", detail: "Invalid option" },
    ]);
    expect(error.status).toBe(400);
    expect(error.body()).toEqual({
      errors: [
        { code: "INVALID_INPUT", detail: "Too big", field: "minute" },
        { code: "INVALID_INPUT", detail: "Invalid option", field: "side" },
      ],
    });
  });

  it("falls back to { code, detail } when no field is named", () => {
    expect(ApiError.fields(400, "INVALID_INPUT", "Invalid", []).body()).toEqual({ errors: [{ code: "INVALID_INPUT", detail: "Invalid" }] });
  });
});
