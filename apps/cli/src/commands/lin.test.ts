import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../test/temp-dir.js";
import { runLin } from "./lin.js";

const dir = tempDir("cx-lin-");
const file = (name: string, lines: string[]): string => {
  const path = join(dir, name);
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
};
const good = file("good.jsonl", ['{"client":0,"call":0,"return":1,"op":"write","value":"a","output":null}', '{"client":1,"call":2,"return":3,"op":"read","value":null,"output":"a"}']);
const bad = file("bad.jsonl", ['{"client":0,"call":0,"return":1,"op":"write","value":"a","output":null}', '{"client":1,"call":2,"return":3,"op":"read","value":null,"output":"b"}']);

describe("cx lin", () => {
  it("checks a history against a model it names: a fenced write under a stale token is caught by the lock model", () => {
    const stale = file("lock-stale.jsonl", [
      '{"client":0,"call":0,"return":1,"op":"acquire","output":1}',
      '{"client":0,"call":4,"return":5,"op":"release","token":1,"ok":true}',
      '{"client":1,"call":6,"return":7,"op":"acquire","output":2}',
      '{"client":0,"call":8,"return":9,"op":"write","token":1,"value":"stale","ok":true}',
    ]);
    const outcome = runLin(stale, { model: "lock" });
    expect(outcome.exitCode).toBe(1);
    expect(outcome.stdout).toContain("lock model, 4 operations");
    const fenced = file("lock-fenced.jsonl", ['{"client":0,"call":0,"return":1,"op":"acquire","output":1}', '{"client":0,"call":2,"return":3,"op":"write","token":1,"value":"v","ok":true}']);
    expect(runLin(fenced, { model: "lock" }).exitCode).toBe(0);
  });

  it("exits 0 and says linearizable for a good history", () => {
    const outcome = runLin(good);
    expect(outcome.exitCode).toBe(0);
    expect(outcome.stdout).toContain("linearizable");
    expect(outcome.stdout).toContain("2 operations");
  });

  it("exits 1 and explains the witness for a bad history", () => {
    const outcome = runLin(bad);
    expect(outcome.exitCode).toBe(1);
    expect(outcome.stdout).toContain('read() -> "b": illegal in this state');
  });

  it("prints one JSON object with verdict, ops, ms and the witness under --json", () => {
    const outcome = runLin(bad, { json: true });
    const body = JSON.parse(outcome.stdout) as { verdict: string; ops: number; ms: number; witness: unknown };
    expect(body.verdict).toBe("illegal");
    expect(body.ops).toBe(2);
    expect(typeof body.ms).toBe("number");
    expect(body.witness).toBeDefined();
  });

  it("exits 3 when the budget runs out", () => {
    const ops = Array.from({ length: 12 }, (_, i) => `{"client":${i},"call":0,"return":100,"op":"write","value":"v${i}","output":null}`);
    const hard = file("hard.jsonl", [...ops, '{"client":99,"call":101,"return":102,"op":"read","value":null,"output":"zz"}']);
    expect(runLin(hard, { budget: 5 }).exitCode).toBe(3);
  });

  it("exits 3 and names the time limit when --timeout runs out first", () => {
    // One key, values drawn from 5, a fifth of the operations never returned: a long search.
    const slow = join(import.meta.dirname, "..", "..", "..", "..", "packages", "check", "test", "hard-fixtures", "kv-pending-slow.jsonl");
    const outcome = runLin(slow, { timeout: 1, json: true });
    expect(outcome.exitCode).toBe(3);
    const body = JSON.parse(outcome.stdout) as { limit: string; reason: string };
    expect(body.limit).toBe("time");
    expect(body.reason).toMatch(/time limit of 1 ms/);
  });

  it("names the corrupted read as the first suspect of an illegal history", () => {
    const history = file("stale.jsonl", [
      '{"client":0,"call":0,"return":1,"op":"write","value":"a","output":null}',
      '{"client":1,"call":2,"return":3,"op":"write","value":"b","output":null}',
      '{"client":2,"call":4,"return":5,"op":"read","value":null,"output":"b"}',
      '{"client":3,"call":6,"return":7,"op":"read","value":null,"output":"a"}',
      '{"client":4,"call":8,"return":9,"op":"read","value":null,"output":"b"}',
    ]);
    const outcome = runLin(history);
    expect(outcome.exitCode).toBe(1);
    expect(outcome.stdout).toMatch(/Suspects[^\n]*\n {2}#3 client 3 \[6, 7\] read\(\) -> "a" {2}<- removing it makes the history linearizable/);
  });

  // 100 operations with one corrupted read each (packages/check/test/corrupted-reads): the output must name it among the first three suspects.
  for (const [name, corrupted] of [
    ["register-rw-c10-p10-distinct-n100-bad-s1.jsonl", 93],
    ["kv-c10-k10-p0-distinct-n100-bad-s1.jsonl", 97],
  ] as const) {
    it(`names the corrupted read #${corrupted} of ${name} among its first three suspects`, () => {
      const outcome = runLin(join(import.meta.dirname, "..", "..", "..", "..", "packages", "check", "test", "corrupted-reads", name));
      expect(outcome.exitCode).toBe(1);
      const lines = outcome.stdout.split("\n");
      const at = lines.findIndex((line) => line.startsWith("Suspects"));
      const named = lines.slice(at + 1, at + 4).map((line) => /^ {2}#(\d+) /.exec(line)?.[1]);
      expect(at).toBeGreaterThan(0);
      expect(named).toContain(String(corrupted));
    });
  }

  it("rejects a missing file and a malformed line with a message naming line and field", () => {
    expect(() => runLin(join(dir, "nope.jsonl"))).toThrow(/nope.jsonl: no such file/);
    const broken = file("broken.jsonl", ['{"client":0,"call":0,"return":1,"op":"write","value":"a","output":null}', '{"client":0,"call":"x","return":1,"op":"read","value":null,"output":null}']);
    expect(() => runLin(broken)).toThrow(/line 2, field "call": expected a number/);
  });

  it("honours --model and reports a mismatching operation", () => {
    expect(() => runLin(good, { model: "kv" })).toThrow(/line 1, field "op"/);
  });

  describe("--html", () => {
    const stale = file("stale-html.jsonl", [
      '{"client":0,"call":0,"return":1,"op":"write","value":"a","output":null}',
      '{"client":1,"call":2,"return":3,"op":"write","value":"b","output":null}',
      '{"client":2,"call":4,"return":5,"op":"read","value":null,"output":"b"}',
      '{"client":3,"call":6,"return":7,"op":"read","value":null,"output":"a"}',
      '{"client":0,"call":8,"return":null,"op":"write","value":"<script>alert(1)</script>","output":null}',
    ]);

    it("writes the history view with the operation that cannot be placed marked, and says where", () => {
      const out = join(dir, "views", "stale.html");
      const outcome = runLin(stale, { html: out });
      expect(outcome.exitCode).toBe(1);
      expect(outcome.stdout).toContain(`history view written to ${out}`);
      const page = readFileSync(out, "utf8");
      expect(page).toMatch(/^<!doctype html>/);
      expect(page).toContain("default-src &#39;none&#39;");
      expect(page).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);
      expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      // One row per client, one bar per operation; the stale read (#3) is the one that cannot be placed.
      expect(page.match(/<g data-operation="\d+" data-role="/g)).toHaveLength(5);
      expect(page).toContain('<g data-operation="3" data-role="stuck">');
      expect(page.match(/data-role="prefix"/g)?.length).toBeGreaterThan(0);
      for (const client of [0, 1, 2, 3]) expect(page).toContain(`>client ${client}</text>`);
      // The call that never returned is open-ended (dashed).
      expect(page).toMatch(/<g data-operation="4" data-role="rest"><title>[^<]*never returned[^<]*<\/title><rect [^>]*stroke-dasharray="4 3"/);
      expect(readdirSync(join(dir, "views"))).toEqual(["stale.html"]);
    });

    it("writes the page for a linearizable history too, and names it in --json", () => {
      const out = join(dir, "good.html");
      const body = JSON.parse(runLin(good, { html: out, json: true }).stdout) as { html: string };
      expect(body.html).toBe(out);
      expect(readFileSync(out, "utf8")).toContain("<strong>Linearizable</strong>");
    });

    it("checks the destination before reading the history: a folder is refused with exit 2", () => {
      const folder = join(dir, "a-folder");
      mkdirSync(folder, { recursive: true });
      expect(() => runLin(join(dir, "missing.jsonl"), { html: folder })).toThrow(/--html: .*a-folder is a directory; expected a file name such as .*history\.html/);
      expect(existsSync(join(dir, "missing.jsonl"))).toBe(false);
    });
  });
});
