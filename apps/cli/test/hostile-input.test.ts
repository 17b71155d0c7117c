import { RESULTS_SCHEMA_VERSION } from "@cx/eval";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { ExitCode } from "../src/exit-codes.js";
import { reportInternalError } from "../src/internal-error.js";
import { closestName, parseNameList } from "../src/name-list.js";
import { seedValue } from "../src/parse-flags.js";
import { createProgress, rateAndEta } from "../src/progress.js";
import { terminalSafe } from "../src/terminal-safe.js";
import { baseRepros, STACK_LINE } from "./hostile-inputs.js";
import { cxInProcess } from "./run-cli.js";
import { tempDir } from "./temp-dir.js";

const dir = tempDir("cx-hostile-");
const file = (name: string, content: string | Uint8Array): string => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const repro = baseRepros.find((r) => r.bugs[0] === "vote_twice_in_term") ?? (baseRepros[0] as (typeof baseRepros)[number]);

// Refused before any run starts: the bound only tells that from running the scenario (which would take minutes
// or forever), with room for a loaded machine.
const REFUSED_WITHIN_MS = 10_000;

describe("bounded scenarios", () => {
  // The first in-process run loads every module; the time limits are about the command, not the import.
  beforeAll(async () => {
    await cxInProcess(["bugs"]);
  });

  it("cx replay of a repro with faultTickMs 0 exits 2 at once, naming the field and its range", async () => {
    const path = file("tick0.json", JSON.stringify({ ...repro, scenario: { ...repro.scenario, faultTickMs: 0 } }));
    const started = performance.now();
    const result = await cxInProcess(["replay", path]);
    expect(performance.now() - started).toBeLessThan(REFUSED_WITHIN_MS);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("scenario.faultTickMs: expected an integer from 1 to 60000");
  });

  it("cx replay of a repro with huge durations or a million clients exits 2 at once", async () => {
    const path = file("huge.json", JSON.stringify({ ...repro, scenario: { ...repro.scenario, faultPhaseMs: 1e15, calmMinMs: 1e15, calmMaxMs: 1e15, clients: 1_000_000 } }));
    const started = performance.now();
    const result = await cxInProcess(["replay", path, "--json"]);
    expect(performance.now() - started).toBeLessThan(REFUSED_WITHIN_MS);
    expect(result.status).toBe(2);
    for (const field of ["faultPhaseMs", "calmMinMs", "calmMaxMs", "clients"]) expect(result.stderr).toContain(`scenario.${field}`);
    expect(JSON.parse(result.stdout)).toMatchObject({ error: { kind: "usage", exitCode: 2 } });
  });
});

describe("save paths", () => {
  it("cx hunt --save <a directory>, <empty>, <a path under a file> exits 2 before searching and leaves no temp file", async () => {
    const under = file("plain-file", "x");
    for (const save of [dir, "", join(under, "repro.json")]) {
      // A budget no test could wait for: the refusal must come before any search (the correct protocol finds nothing to stop it).
      const result = await cxInProcess(["hunt", "--bugs", "none", "--budget", "1000000000", "--save", save]);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(/--save: /);
    }
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp") || f.endsWith(".probe"))).toEqual([]);
  });

  it("an empty --out or --results is refused instead of writing into the working folder", async () => {
    expect((await cxInProcess(["report", "--out", ""])).status).toBe(2);
    expect((await cxInProcess(["report", "--results", ""])).status).toBe(2);
    expect((await cxInProcess(["bench", "--quick", "--out", ""])).status).toBe(2);
  });

  it("cx hunt --svg <a directory> exits 2 before searching", async () => {
    const result = await cxInProcess(["hunt", "--bugs", "vote_twice_in_term", "--save", join(dir, "r.json"), "--svg", dir]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--svg: ");
  });
});

describe("exit codes", () => {
  it("every command's --help shows the exit-code table", async () => {
    for (const command of ["bugs", "run", "hunt", "replay", "shrink", "lin", "bench", "campaign", "worker", "report"]) {
      const result = await cxInProcess([command, "--help"]);
      expect(result.status).toBe(0);
      expect(result.stdout).toContain("Exit codes:");
      expect(result.stdout).toContain("70  internal error");
    }
  });

  it("an internal error is one line naming where the full trace went, and exit 70", () => {
    // The trace goes to the system's temp folder: here this file's own folder, removed with it.
    vi.stubEnv("TMPDIR", dir);
    onTestFinished(() => {
      vi.unstubAllEnvs();
    });
    let written = "";
    const code = reportInternalError(new TypeError("boom"), ["run"], (text) => (written += text));
    expect(code).toBe(ExitCode.internal);
    expect(written.trim().split("\n")).toHaveLength(1);
    const trace = /the full trace is in (\S+)/.exec(written)?.[1] ?? "";
    expect(dirname(trace)).toBe(dir);
    expect(readFileSync(trace, "utf8")).toMatch(STACK_LINE);
  });

  it("a directory, invalid UTF-8 or an array nested 10,000 deep is exit 2 without a stack trace", async () => {
    const deep = file("deep.json", `${"[".repeat(10_000)}${"]".repeat(10_000)}`);
    const deepHistory = file("deep.jsonl", `{"client":0,"call":0,"return":1,"op":"write","value":${"[".repeat(10_000)}${"]".repeat(10_000)},"output":null}`);
    const invalid = file("invalid.json", new Uint8Array([0x5b, 0x31, 0x0a, 0xc3, 0x28, 0x5d]));
    for (const args of [["replay", dir], ["run", "--choices", deep], ["lin", deepHistory], ["run", "--choices", invalid]]) {
      const result = await cxInProcess(args);
      expect(result.status, args.join(" ")).toBe(2);
      expect(result.stderr).not.toMatch(STACK_LINE);
    }
    expect((await cxInProcess(["run", "--choices", invalid])).stderr).toContain("invalid UTF-8 at line 2 (byte offset 3)");
  });

  it("a results.json missing fields is exit 2 with a message naming them", async () => {
    const results = JSON.parse(readFileSync(join(import.meta.dirname, "../../../results/results.json"), "utf8")) as Record<string, unknown>;
    results["schemaVersion"] = RESULTS_SCHEMA_VERSION;
    delete results["protocols"];
    const path = file("results.json", JSON.stringify(results));
    const out = join(dir, "report-out");
    const result = await cxInProcess(["report", "--results", path, "--out", out]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/\(top level\): must have required property .*'protocols'/);
    expect(existsSync(join(out, "report.html"))).toBe(false);
  });
});

describe("seeds", () => {
  it("refuses seeds outside 0..4294967295 at parse time instead of aliasing them", async () => {
    expect(seedValue("--seed")("4294967295")).toBe(4294967295);
    expect(() => seedValue("--seed")("4294967297")).toThrow(/at most 4294967295/);
    for (const seed of ["4294967297", "99999999999999999999", "-1", "1e3"]) {
      const result = await cxInProcess(["run", "--seed", seed]);
      expect(result.status, seed).toBe(2);
    }
  });
});

describe("odd encodings and terminal safety", () => {
  it("a BOM-prefixed repro is accepted like a BOM-prefixed history", async () => {
    const path = file("bom.json", `\uFEFF${JSON.stringify(repro)}`);
    expect((await cxInProcess(["replay", path])).status).toBe(0);
    const history = file("bom.jsonl", '\uFEFF{"client":0,"call":0,"return":1,"op":"read","value":null,"output":null}');
    expect((await cxInProcess(["lin", history])).status).toBe(0);
  });

  it("cx replay prints a violation message with escape sequences harmlessly, and --json keeps it exact", async () => {
    const message = "boom\u001b]0;pwned\u0007\u001b[2J";
    const path = file("escape.json", JSON.stringify({ ...repro, violation: { ...repro.violation, message } }));
    const text = await cxInProcess(["replay", path]);
    expect(text.stdout).not.toContain("\u001b");
    expect(text.stdout).toContain("boom\\u{1b}]0;pwned\\u{7}");
    const json = await cxInProcess(["replay", path, "--json"]);
    expect((JSON.parse(json.stdout) as { expected: { message: string } }).expected.message).toBe(message);
  });

  it("terminalSafe escapes C0, C1 and bidi controls but keeps tabs, newlines and ordinary Unicode", () => {
    expect(terminalSafe("a\tb\nc é €")).toBe("a\tb\nc é €");
    expect(terminalSafe("\u009b31m\u202e")).toBe("\\u{9b}31m\\u{202e}");
  });
});

describe("defect names", () => {
  const spec = { flag: "--bugs", known: ["vote_twice_in_term", "commit_any_term", "stale_local_read"], noneWord: "none", noun: "defect" };

  it("suggests the closest known name", () => {
    expect(closestName("vote_twice", spec.known)).toBe("vote_twice_in_term");
    expect(closestName("comit_any_term", spec.known)).toBe("commit_any_term");
    expect(closestName("zzz", spec.known)).toBeUndefined();
    expect(() => parseNameList("vote_twice", spec)).toThrow(/did you mean "vote_twice_in_term"\?/);
  });

  it("an empty list or only commas is an error; none asks for the correct protocol", () => {
    expect(parseNameList("none", spec)).toEqual([]);
    expect(() => parseNameList("", spec)).toThrow(/no defect name at all/);
    expect(() => parseNameList(",,", spec)).toThrow(/no defect name at all/);
  });

  it("cx hunt --bugs '' is a usage error, and with --json stdout holds a JSON error object", async () => {
    const result = await cxInProcess(["hunt", "--bugs", "", "--json"]);
    expect(result.status).toBe(2);
    expect(JSON.parse(result.stdout)).toMatchObject({ error: { kind: "usage", exitCode: 2 } });
    const unknownFlag = await cxInProcess(["run", "--frobnicate", "--json"]);
    expect(unknownFlag.status).toBe(2);
    expect(JSON.parse(unknownFlag.stdout)).toMatchObject({ error: { kind: "usage", message: expect.stringContaining("--frobnicate") as unknown as string } });
  });
});

describe("progress", () => {
  it("on a non-terminal stderr writes a line every few seconds with done/total, rate and ETA", () => {
    let now = 0;
    const lines: string[] = [];
    const progress = createProgress(true, { tty: false, write: (t) => lines.push(t), now: () => now });
    progress.start(1000, "hunting raft");
    for (let done = 1; done <= 1000; done++) {
      now = done * 20;
      progress.update(done, "coverage 3");
    }
    progress.stop();
    expect(lines.length).toBe(4);
    expect(lines[0]).toBe("hunting raft: 250/1000 (25%), 50/s, ETA 15 s, coverage 3\n");
  });

  it("rate and ETA read well for fast, slow and open-ended work", () => {
    expect(rateAndEta(500, 1000, 1000)).toBe("500/s, ETA 1 s");
    expect(rateAndEta(1, 100_000, 2000)).toBe("0.5/s, ETA 55.6 h");
    expect(rateAndEta(10, 1, 1000)).toBe("10/s");
    expect(rateAndEta(0, 10, 0)).toBe("");
  });
});
