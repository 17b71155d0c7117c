import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { builtinProtocol } from "@cx/protocols";
import { runBugs } from "../src/commands/bugs.js";
import { runRun, type RunOptions } from "../src/commands/run.js";
import { isUserError } from "../src/user-error.js";
import { tempDir } from "./temp-dir.js";

const raftEntry = builtinProtocol("raft");
if (raftEntry === undefined) throw new Error("raft is not built in");
const raft = { ...raftEntry, builtin: true };
const runRaft = (options: Omit<RunOptions, "protocol">) => runRun({ protocol: raft, ...options });

const dir = tempDir("cx-run-");
function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

function userErrorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (isUserError(error)) return error.message;
    throw error;
  }
  throw new Error("expected a UserError");
}

describe("cx bugs", () => {
  it("lists the eight defects with their mistake and the property that catches them", () => {
    const { exitCode, report, text } = runBugs(raft);
    expect(exitCode).toBe(0);
    expect(report.bugs).toHaveLength(9);
    expect(report.bugs.map((b) => b.name)).toContain("commit_any_term");
    expect(text).toContain("no_client_dedup");
    expect(text).toContain("DuplicateApply");
  });
});

describe("cx run", () => {
  it("the all-zeros choice file is a healthy run: exit 0, no violation, every operation answered", () => {
    const { exitCode, report, text } = runRaft({ choices: file("zeros.json", "[]") });
    expect(exitCode).toBe(0);
    expect(report.violation).toBeNull();
    expect(report.seed).toBeNull();
    expect(report.nodes).toBe(3);
    expect(report.operations.answered).toBe(report.operations.total);
    expect(report.commitIndex).toBe(report.operations.total);
    expect(report.leaderChanges).toBe(1);
    expect(text).toContain("violation: none");
  });

  it("generates from --seed, and replaying the reported choices gives the same run", () => {
    const first = runRaft({ seed: 9 }).report;
    const again = runRaft({ choices: file("seed9.json", JSON.stringify(first.choices)) }).report;
    expect(again.events).toBe(first.events);
    expect(again.commitIndex).toBe(first.commitIndex);
    expect(again.violation).toEqual(first.violation);
  });

  it("exits 1 with the violation's invariant, message, time and step when a defect breaks a property", () => {
    const { exitCode, report } = runRaft({ bugs: "vote_twice_in_term", seed: 4 });
    expect(exitCode).toBe(1);
    expect(report.violation?.invariant).toBe("ElectionSafety");
    expect(report.violation?.step).toBeGreaterThan(0);
    expect(report.bugs).toEqual(["vote_twice_in_term"]);
  });

  it("rejects an unknown defect name, naming the known ones", () => {
    expect(userErrorOf(() => runRaft({ bugs: "commit_any_term,typo" }))).toMatch(/unknown defect "typo".*commit_any_term/);
  });

  it("rejects malformed choice files, saying what was expected", () => {
    expect(userErrorOf(() => runRaft({ choices: file("bad.json", "{nope") }))).toMatch(/not JSON; expected an array of non-negative integers/);
    expect(userErrorOf(() => runRaft({ choices: file("obj.json", '{"a":1}') }))).toMatch(/must hold a JSON array/);
    expect(userErrorOf(() => runRaft({ choices: file("neg.json", "[0, -1]") }))).toMatch(/element 1 must be a non-negative integer, found -1/);
    expect(userErrorOf(() => runRaft({ choices: join(dir, "missing.json") }))).toMatch(/missing.json: no such file/);
  });
});
