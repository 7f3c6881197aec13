import { describe, expect, it } from "vitest";
import { normaliseError } from "../../src/domain/error-normalise";

describe("normaliseError (spec §8 'Error normalising')", () => {
  it("message from the error", () => {
    expect(normaliseError(new Error("boom"))).toEqual({ message: "boom", statusCode: 500 });
    expect(normaliseError("plain text")).toEqual({ message: "plain text", statusCode: 500 });
  });
  it("otherwise a JSON dump", () => {
    expect(normaliseError({ code: "X", detail: 1 }).message).toBe('{"code":"X","detail":1}');
    expect(normaliseError(null).message).toBe("null");
    expect(normaliseError(undefined).message).toBe("undefined");
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(normaliseError(circular).message).toBe("[object Object]");
  });
  it("statusCode, then status, then response status, then 500", () => {
    expect(normaliseError({ message: "a", statusCode: 404, status: 400, response: { status: 401 } }).statusCode).toBe(404);
    expect(normaliseError({ message: "a", status: 403, response: { status: 401 } }).statusCode).toBe(403);
    expect(normaliseError({ message: "a", response: { status: 401 } }).statusCode).toBe(401);
    expect(normaliseError({ message: "a" }).statusCode).toBe(500);
    expect(normaliseError({ message: "a", statusCode: "nope", status: 418 }).statusCode).toBe(418);
    expect(normaliseError({ message: "a", statusCode: "404" }).statusCode).toBe(404);
  });
  it("a thrown Response uses its status", () => {
    const r = new Response("gone", { status: 410 });
    expect(normaliseError(r).statusCode).toBe(410);
  });
});
