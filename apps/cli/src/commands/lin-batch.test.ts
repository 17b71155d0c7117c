import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir, testTempDir } from "../../test/temp-dir.js";
import { isUserError } from "../user-error.js";
import { runLinBatch } from "./lin-batch.js";

const dir = tempDir("cx-lin-batch-");
const file = (name: string, lines: string[]): string => {
  const path = join(dir, name);
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
};
const write = '{"client":0,"call":0,"return":1,"op":"write","value":"a","output":null}';
const good = file("good.jsonl", [write, '{"client":1,"call":2,"return":3,"op":"read","value":null,"output":"a"}']);
const bad = file("bad.jsonl", [write, '{"client":1,"call":2,"return":3,"op":"read","value":null,"output":"b"}']);
const broken = file("broken.jsonl", ['{"client":0,"call":5,"return":1,"op":"read","value":null,"output":null}']);
// Twelve concurrent writes, then a read of a value nobody wrote: more than 5 steps to decide.
const hard = file("hard.jsonl", [...Array.from({ length: 12 }, (_, i) => `{"client":${i},"call":0,"return":100,"op":"write","value":"v${i}","output":null}`), '{"client":99,"call":101,"return":102,"op":"read","value":null,"output":"zz"}']);

describe("cx lin on several histories", () => {
  it("prints a line per file and a summary, and exits 1 when one is not linearizable", () => {
    const outcome = runLinBatch([good, bad]);
    const lines = outcome.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^linearizable: .*good\.jsonl \(register model, 2 operations, /);
    expect(lines[1]).toMatch(/^NOT linearizable: .*bad\.jsonl/);
    expect(lines[2]).toMatch(/^2 histories: 1 linearizable, 1 not linearizable, 0 unknown \(\d+ ms checking\)$/);
    expect(outcome.exitCode).toBe(1);
  });

  it("explains each history that is not linearizable only under --explain", () => {
    expect(runLinBatch([good, bad]).stdout).not.toContain("illegal in this state");
    expect(runLinBatch([good, bad], { explain: true }).stdout).toContain('read() -> "b": illegal in this state');
  });

  it("checks every .jsonl file of a folder and its subfolders, by path, and skips other and hidden files", () => {
    const folder = testTempDir("cx-lin-folder-");
    for (const name of ["b.jsonl", "a/c.jsonl", "notes.txt", ".hidden.jsonl"]) {
      mkdirSync(join(folder, name, ".."), { recursive: true });
      writeFileSync(join(folder, name), `${write}\n`);
    }
    const outcome = runLinBatch([folder]);
    const files = outcome.stdout.split("\n").flatMap((line) => (/^linearizable: (\S+)/.exec(line)?.[1] ?? []));
    expect(files).toEqual([join(folder, "a", "c.jsonl"), join(folder, "b.jsonl")]);
    expect(outcome.exitCode).toBe(0);
  });

  it("goes on past a file that is missing or malformed, names its field, and exits 2", () => {
    const outcome = runLinBatch([broken, join(dir, "missing.jsonl"), bad]);
    expect(outcome.stdout).toMatch(/invalid: .*broken\.jsonl is not a valid history:\n {2}line 1, field "return"/);
    expect(outcome.stdout).toMatch(/invalid: .*missing\.jsonl: no such file/);
    expect(outcome.stdout).toMatch(/NOT linearizable: .*bad\.jsonl/);
    expect(outcome.stdout).toContain("3 histories: 0 linearizable, 1 not linearizable, 0 unknown, 2 invalid");
    expect(outcome.stderr).toBe("2 of 3 histories could not be read or parsed (the lines marked invalid say why)\n");
    expect(outcome.exitCode).toBe(2);
  });

  it("holds each file to the rules one file is held to: one operation at a time per client", () => {
    const overlapping = file("overlapping.jsonl", ['{"client":0,"call":0,"return":5,"op":"write","value":"a","output":null}', '{"client":0,"call":2,"return":3,"op":"read","value":null,"output":"a"}']);
    const outcome = runLinBatch([overlapping, good]);
    expect(outcome.stdout).toMatch(/invalid: .*overlapping\.jsonl: line 2: client 0 calls at 2 while its operation at line 1 is still in flight/);
    expect(outcome.exitCode).toBe(2);
  });

  it("names a folder with no histories as invalid", () => {
    const empty = testTempDir("cx-lin-empty-");
    const outcome = runLinBatch([empty, good]);
    expect(outcome.stdout).toContain("is a folder with no .jsonl history files");
    expect(outcome.exitCode).toBe(2);
  });

  it("exits 3 when a limit stopped one and none is illegal, the budget counting per history", () => {
    const outcome = runLinBatch([good, hard], { budget: 5 });
    expect(outcome.stdout).toMatch(/unknown: .*hard\.jsonl .*search budget of 5 steps/);
    expect(outcome.exitCode).toBe(3);
  });

  it("prints one JSON object per line for each file, then one with the summary, under --json", () => {
    const outcome = runLinBatch([good, bad, broken], { json: true });
    const objects = outcome.stdout.trimEnd().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(objects.map((o) => o["verdict"] ?? "summary")).toEqual(["ok", "illegal", "invalid", "summary"]);
    expect(objects[1]).toMatchObject({ file: bad, model: "register", ops: 2 });
    expect(objects[1]).not.toHaveProperty("witness");
    expect(objects[2]).toMatchObject({ errors: [{ line: 1, field: "return" }] });
    expect(objects[3]).toMatchObject({ summary: { histories: 3, ok: 1, illegal: 1, unknown: 0, invalid: 1, worst: "invalid" } });
  });

  it("refuses --html, which writes the page of one history, with a message saying so", () => {
    let thrown: unknown;
    try {
      runLinBatch([good, bad], { html: join(dir, "page.html") });
    } catch (error) {
      thrown = error;
    }
    expect(isUserError(thrown) && thrown.message).toMatch(/--html writes the page of one history/);
  });
});

describe("cx lin FILE...", () => {
  it("checks several files in one call, and keeps the explained output for one file", async () => {
    const { cxInProcess } = await import("../../test/run-cli.js");
    const many = await cxInProcess(["lin", good, bad]);
    expect(many.status).toBe(1);
    expect(many.stdout).toContain("2 histories: 1 linearizable, 1 not linearizable, 0 unknown");
    const one = await cxInProcess(["lin", bad]);
    expect(one.status).toBe(1);
    expect(one.stdout).toContain('read() -> "b": illegal in this state');
    expect(one.stdout).not.toContain("histories:");
  });

  it("says on one stderr line why it exits 2 when a file could not be checked", async () => {
    const { cxInProcess } = await import("../../test/run-cli.js");
    const outcome = await cxInProcess(["lin", good, join(dir, "missing.jsonl")]);
    expect(outcome.status).toBe(2);
    expect(outcome.stderr.trimEnd().split("\n")).toEqual(["1 of 2 histories could not be read or parsed (the lines marked invalid say why)"]);
  });
});
