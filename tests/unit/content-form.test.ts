import { describe, expect, it } from "vitest";
import { bodyValue, changeBody, contentField, controlValue, createBody, datetimeLocal } from "../../src/domain/content-form";
import type { ContentField } from "../../src/schemas/console-content";

const field = (name: string, over: Partial<ContentField> = {}): ContentField => contentField(name, name, "text", over);

describe("content form values", () => {
  it("shows stored values in their controls (datetimes in UTC, null as empty)", () => {
    expect(controlValue(field("start", { input: "datetime" }), "2026-03-29T01:30:00+01:00")).toBe("2026-03-29T00:30");
    expect(controlValue(field("on", { input: "checkbox" }), true)).toBe(true);
    expect(controlValue(field("url", { nullable: true }), null)).toBe("");
    expect(controlValue(field("order", { input: "number" }), 3)).toBe("3");
    expect(datetimeLocal("not a date")).toBe("");
  });

  it("sends JSON of the field's type: null for an empty nullable control, numbers, UTC instants", () => {
    expect(bodyValue(field("url", { nullable: true }), "  ")).toBeNull();
    expect(bodyValue(field("name"), "")).toBe("");
    expect(bodyValue(field("name"), "  Harbourline ")).toBe("Harbourline");
    expect(bodyValue(field("order", { input: "number" }), "12")).toBe(12);
    expect(bodyValue(field("order", { input: "number" }), "twelve")).toBe("twelve"); // the server names it
    expect(bodyValue(field("rowID", { input: "select", numeric: true, nullable: true }), "2")).toBe(2);
    expect(bodyValue(field("rowID", { input: "select", numeric: true, nullable: true }), "")).toBeNull();
    expect(bodyValue(field("start", { input: "datetime" }), "2026-11-26T18:30")).toBe("2026-11-26T18:30:00.000Z");
    expect(bodyValue(field("on", { input: "checkbox" }), false)).toBe(false);
    expect(bodyValue(field("value", { input: "textarea" }), " kept as typed ")).toBe(" kept as typed ");
  });

  it("creates with every field, changes with only those that differ (the same instant is no change)", () => {
    const fields = [field("key", { createOnly: true }), field("name"), field("start", { input: "datetime" }), field("on", { input: "checkbox" })];
    const form: Record<string, string | boolean> = { key: "a.b", name: "New", start: "2026-01-01T00:00", on: true };
    const read = (name: string) => form[name] ?? "";
    expect(createBody(fields, read)).toEqual({ key: "a.b", name: "New", start: "2026-01-01T00:00:00.000Z", on: true });
    expect(changeBody(fields, { key: "a.b", name: "Old", start: "2026-01-01T00:00:00Z", on: true }, read)).toEqual({ name: "New" });
  });
});
