import { describe, expect, it } from "vitest";
import { decodeUtf8, formatHistoryError, parseHistory } from "../src/index.js";

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

describe("parseHistory on odd encodings and hostile values", () => {
  const line = '{"client":0,"call":0,"return":1,"op":"read","value":null,"output":null}';
  const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

  it("accepts a leading byte-order mark, as a string or as bytes", () => {
    expect(parseHistory(`\uFEFF${line}`).ok).toBe(true);
    expect(parseHistory(bytes(`\uFEFF${line}\n${line}`)).ok).toBe(true);
  });

  it("rejects invalid UTF-8 with the line and byte offset of the first bad byte", () => {
    const good = bytes(`${line}\n${line}\n`);
    const bad = new Uint8Array([...good, 0x7b, 0xc3, 0x28, 0x7d]);
    const parsed = parseHistory(bad);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.errors).toHaveLength(1);
      expect(parsed.errors[0]?.line).toBe(3);
      expect(parsed.errors[0]?.message).toContain(`byte offset ${good.length + 1}`);
    }
  });

  it("decodeUtf8 finds overlong forms, surrogates and truncated sequences", () => {
    expect(decodeUtf8(new Uint8Array([0x61, 0xc0, 0x80]))).toMatchObject({ ok: false, byteOffset: 1 });
    expect(decodeUtf8(new Uint8Array([0xed, 0xa0, 0x80]))).toMatchObject({ ok: false, byteOffset: 0 });
    expect(decodeUtf8(new Uint8Array([0x0a, 0x0a, 0xe2, 0x82]))).toMatchObject({ ok: false, line: 3, byteOffset: 2 });
    expect(decodeUtf8(bytes("héllo €𝄞"))).toEqual({ ok: true, text: "héllo €𝄞" });
  });

  it("never throws on a value nested 10,000 deep", () => {
    const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    const parsed = parseHistory(`{"client":0,"call":0,"return":1,"op":"read","value":${deep},"output":null}`);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors[0]?.field).toBe("value");
  });
});
