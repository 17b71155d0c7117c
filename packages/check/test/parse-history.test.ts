import { describe, expect, it } from "vitest";
import { formatHistoryError, parseHistory } from "../src/index.js";

describe("parseHistory", () => {
  it("parses register and kv lines into typed operations", () => {
    const register = parseHistory('{"client":1,"call":0,"return":null,"op":"cas","expected":"a","value":"b","output":null,"ok":null}\n\n');
    expect(register).toEqual({ ok: true, model: "register", operations: [{ client: 1, call: 0, return: null, input: { op: "cas", expected: "a", value: "b" }, output: null }] });
    const kv = parseHistory('{"client":1,"call":0.5,"return":2,"op":"get","key":"k","value":null,"output":""}');
    expect(kv).toEqual({ ok: true, model: "kv", operations: [{ client: 1, call: 0.5, return: 2, input: { op: "get", key: "k" }, output: "" }] });
  });

  it("names the line, the field, what was expected and what was found", () => {
    const text = ['{"client":0,"call":0,"return":1,"op":"read","value":null,"output":null}', '{"client":0,"call":3,"return":2,"op":"read","value":null,"output":null}'].join("\n");
    const parsed = parseHistory(text);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual([{ line: 2, field: "return", message: "expected a response time >= call (3), found 2" }]);
    expect(formatHistoryError(parsed.errors[0] as (typeof parsed.errors)[number])).toBe('line 2, field "return": expected a response time >= call (3), found 2');
  });

  it("reports a line that is not JSON, a missing field and a mixed model", () => {
    const text = ["not json", '{"client":0,"call":0,"return":1,"op":"write","output":null}', '{"client":0,"call":0,"return":1,"op":"read","value":null,"output":null}', '{"client":0,"call":0,"return":1,"op":"get","key":"k","value":null,"output":""}'].join("\n");
    const parsed = parseHistory(text);
    if (parsed.ok) throw new Error("expected errors");
    expect(parsed.errors.map((e) => [e.line, e.field])).toEqual([
      [1, ""],
      [2, "value"],
      [4, "op"],
    ]);
    expect(parsed.errors[1]?.message).toBe("expected a string (the value written), found nothing (field missing)");
  });

  it("insists that an operation that never returned has no output", () => {
    const parsed = parseHistory('{"client":0,"call":0,"return":null,"op":"get","key":"k","value":null,"output":"x"}');
    if (parsed.ok) throw new Error("expected errors");
    expect(parsed.errors[0]).toMatchObject({ line: 1, field: "output" });
  });
});
