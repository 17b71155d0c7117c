import { describe, expect, it } from "vitest";
import { checkHistories, checkLinearizability, historyVerdict, kvModel, parseHistory, registerModel } from "../src/index.js";
import type { BuiltInModelName, HistoryModelName, ParsedHistory } from "../src/index.js";

const lines = (...records: readonly object[]): string => records.map((record) => JSON.stringify(record)).join("\n");
const at = { client: 0, call: 0, return: 1 };
const pending = { client: 1, call: 0, return: null };

/** The errors of a history that must not parse, as [line, field, message]. */
function errorsOf(parsed: ParsedHistory<BuiltInModelName>): [number, string, string][] {
  if (parsed.ok) throw new Error("expected errors");
  return parsed.errors.map((error) => [error.line, error.field, error.message]);
}

describe("parseHistory for a named model", () => {
  it("reads set operations: add and remove answering whether they changed the set, reads answering the members", () => {
    const parsed = parseHistory(
      lines({ ...at, op: "add", value: "a", output: true }, { ...at, op: "remove", value: "b" }, { ...at, op: "read", output: ["a"] }, { ...pending, op: "add", value: "c", output: null }),
      { model: "set" },
    );
    expect(parsed).toEqual({
      ok: true,
      model: "set",
      operations: [
        { ...at, input: { op: "add", value: "a" }, output: true },
        { ...at, input: { op: "remove", value: "b" }, output: null },
        { ...at, input: { op: "read" }, output: ["a"] },
        { ...pending, input: { op: "add", value: "c" }, output: null },
      ],
    });
  });

  it("reads queue, counter and lock operations", () => {
    expect(parseHistory(lines({ ...at, op: "enqueue", value: "a" }, { ...at, op: "dequeue", output: null }), { model: "queue" })).toMatchObject({
      ok: true,
      model: "queue",
      operations: [{ input: { op: "enqueue", value: "a" }, output: null }, { input: { op: "dequeue" }, output: null }],
    });
    expect(parseHistory(lines({ ...at, op: "add", delta: -2, output: -2 }, { ...at, op: "cas", expected: -2, value: 4, ok: true }, { ...at, op: "read", output: 4 }), { model: "counter" })).toMatchObject({
      ok: true,
      model: "counter",
      operations: [{ input: { op: "add", delta: -2 }, output: -2 }, { input: { op: "cas", expected: -2, value: 4 }, output: true }, { input: { op: "read" }, output: 4 }],
    });
    expect(
      parseHistory(lines({ ...at, op: "acquire", output: 1 }, { ...at, op: "write", token: 1, value: "x", ok: true }, { ...at, op: "release", token: 1, ok: false }, { ...at, op: "read", output: null }, { ...pending, op: "acquire" }), { model: "lock" }),
    ).toMatchObject({
      ok: true,
      model: "lock",
      operations: [
        { input: { op: "acquire" }, output: 1 },
        { input: { op: "write", token: 1, value: "x" }, output: true },
        { input: { op: "release", token: 1 }, output: false },
        { input: { op: "read" }, output: null },
        { input: { op: "acquire" }, output: null },
      ],
    });
  });

  it("refuses an operation of another model, naming the ones expected", () => {
    expect(errorsOf(parseHistory(lines({ ...at, op: "read", output: null }), { model: "queue" }))).toEqual([[1, "op", 'expected a queue operation ("enqueue", "dequeue"), found "read"']]);
    expect(errorsOf(parseHistory(lines({ ...at, op: "get", key: "k", output: "" }), { model: "lock" }))).toEqual([[1, "op", 'expected a lock operation ("acquire", "release", "write", "read"), found "get"']]);
  });

  it("says where a set operation is malformed and what was expected", () => {
    const text = lines(
      { ...at, op: "read", output: ["a", "a"] },
      { ...at, op: "read", output: "a" },
      { ...at, op: "add", value: 3, output: null },
      { ...at, op: "remove", value: "a", output: "yes" },
      { ...pending, op: "read", output: [] },
    );
    expect(errorsOf(parseHistory(text, { model: "set" }))).toEqual([
      [1, "output", 'expected each member once, found "a" twice'],
      [2, "output", 'expected the members read (an array of strings), found "a"'],
      [3, "value", "expected a string (the value to add), found 3"],
      [4, "output", 'expected true or false (did the remove change the set?) or null (not reported), found "yes"'],
      [5, "output", "expected null (the call never returned), found []"],
    ]);
  });

  it("says where a queue or counter operation is malformed and what was expected", () => {
    expect(errorsOf(parseHistory(lines({ ...at, op: "enqueue", output: null }, { ...at, op: "dequeue", output: 1 }), { model: "queue" }))).toEqual([
      [1, "value", "expected a string (the value enqueued), found nothing (field missing)"],
      [2, "output", "expected the value dequeued (a string) or null (the queue was empty), found 1"],
    ]);
    expect(errorsOf(parseHistory(lines({ ...at, op: "add", value: 1 }, { ...at, op: "read", output: 1.5 }, { ...at, op: "cas", expected: 1, value: 2 }), { model: "counter" }))).toEqual([
      [1, "value", "expected null (an add's amount goes in \"delta\"), found 1"],
      [1, "delta", "expected an integer (the amount to add), found nothing (field missing)"],
      [2, "output", "expected an integer (the value read), found 1.5"],
      [3, "ok", "expected true or false (did the cas succeed?), found nothing (field missing)"],
    ]);
  });

  it("says where a lock operation is malformed and what was expected", () => {
    const text = lines({ ...at, op: "acquire", output: 0 }, { ...at, op: "release", ok: true }, { ...at, op: "write", token: 1, value: "x", output: true }, { ...pending, op: "release", token: 1, ok: true }, { ...at, op: "acquire", token: 2, output: 2 });
    expect(errorsOf(parseHistory(text, { model: "lock" }))).toEqual([
      [1, "output", "expected an integer >= 1 (the token granted, or null when refused), found 0"],
      [2, "token", "expected an integer >= 1 (the token released), found nothing (field missing)"],
      [3, "output", 'expected null (write answers in "ok"), found true'],
      [3, "ok", "expected true or false (was the write accepted?), found nothing (field missing)"],
      [4, "ok", "expected null (the call never returned), found true"],
      [5, "token", "expected null (an acquire's token is its output), found 2"],
    ]);
  });

  it("without a named model, refuses a named model's operation and says how to read its history", () => {
    expect(errorsOf(parseHistory(lines({ ...at, op: "enqueue", value: "a" })))).toEqual([
      [1, "op", 'expected one of "read", "write", "cas" (register) or "get", "put", "append" (kv), found "enqueue" (a queue operation: histories of a set, queue, counter or lock are read only with the model named, e.g. { model: "queue" })'],
    ]);
    expect(errorsOf(parseHistory(lines({ ...at, op: "add", value: "a" })))[0]?.[2]).toContain('found "add" (a set or counter operation');
  });

  it("reads a history of register operations as a register history unless another model is named", () => {
    const text = lines({ ...at, op: "read", output: null });
    expect(parseHistory(text)).toMatchObject({ ok: true, model: "register" });
    expect(parseHistory(text, { model: "lock" })).toMatchObject({ ok: true, model: "lock", operations: [{ input: { op: "read" }, output: null }] });
  });

  it("keeps the types of callers that name register or kv, or no model: they get a register or kv history", () => {
    const chosen = ((): HistoryModelName | undefined => undefined)();
    const parsed = parseHistory(lines({ ...at, op: "get", key: "k", output: "" }), chosen === undefined ? {} : { model: chosen });
    if (!parsed.ok) throw new Error("parses");
    // Compiles only while `parsed.model` is "register" | "kv".
    const verdict = parsed.model === "register" ? checkLinearizability(registerModel, parsed.operations).verdict : checkLinearizability(kvModel, parsed.operations).verdict;
    expect(verdict).toBe("ok");
    const [checked] = [...checkHistories([{ name: "h", source: lines({ ...at, op: "read", output: null }) }], chosen === undefined ? {} : { model: chosen })];
    if (checked === undefined || !checked.ok) throw new Error("checks");
    const model: HistoryModelName = checked.model;
    expect(model).toBe("register");
  });
});

describe("checkHistories for a named model", () => {
  it("checks each history with the model named", () => {
    const source = lines({ client: 0, call: 0, return: 1, op: "acquire", output: 1 }, { client: 1, call: 2, return: 3, op: "acquire", output: 2 });
    const checked = [...checkHistories([{ name: "two holders", source }], { model: "lock" })];
    expect(checked.map((c) => (c.ok ? c.model : "invalid"))).toEqual(["lock"]);
    expect(checked.map(historyVerdict)).toEqual(["illegal"]);
  });
});
