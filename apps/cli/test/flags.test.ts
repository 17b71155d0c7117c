import { join } from "node:path";
import { InvalidArgumentError } from "commander";
import { describe, expect, it } from "vitest";
import { builtinProtocol } from "@cx/protocols";
import { parseBugList } from "../src/bug-list.js";
import { nonNegativeInteger, positiveInteger } from "../src/parse-flags.js";
import { isUserError } from "../src/user-error.js";
import { repoRoot } from "./run-cli.js";

const raft = builtinProtocol("raft")?.plugin;
if (raft === undefined) throw new Error("raft is not built in");

describe("flag parsing", () => {
  it("reads a comma-separated defect list, and none as correct Raft", () => {
    expect(parseBugList("commit_any_term, vote_twice_in_term", raft)).toEqual(["commit_any_term", "vote_twice_in_term"]);
    expect(parseBugList("none", raft)).toEqual([]);
  });

  it("names every unknown defect and lists the known ones", () => {
    try {
      parseBugList("commit_any_term,bogus", raft);
      expect.unreachable();
    } catch (error) {
      expect(isUserError(error)).toBe(true);
      expect(String(error)).toContain('"bogus"');
      expect(String(error)).toContain("stale_local_read");
    }
  });

  it("accepts only whole numbers for counts and seeds", () => {
    expect(positiveInteger("--budget")("12")).toBe(12);
    expect(() => positiveInteger("--budget")("0")).toThrow(InvalidArgumentError);
    expect(() => positiveInteger("--budget")("-3")).toThrow(/--budget must be a positive integer/);
    expect(nonNegativeInteger("--seed")("0")).toBe(0);
    expect(() => nonNegativeInteger("--seed")("1.5")).toThrow(InvalidArgumentError);
  });
});

describe("the flag defaults restated to keep start-up light", () => {
  it("are the search's own: the strategy names and the shrinker's run budget", async () => {
    const search = await import("@cx/search");
    const defaults = await import("../src/commands/hunt-defaults.js");
    expect([...defaults.STRATEGY_NAMES]).toEqual([...search.strategyNames]);
    expect(defaults.DEFAULT_SHRINK_RUNS).toBe(search.DEFAULT_CANDIDATE_RUNS_MAX);
  });
});

describe("cx lin --html", () => {
  it("refuses a missing or empty file name with exit 2 and a message naming the flag", async () => {
    const { cxInProcess } = await import("./run-cli.js");
    const history = join(repoRoot, "packages", "check", "test", "hard-fixtures", "kv-pending-slow.jsonl");
    const missing = await cxInProcess(["lin", history, "--html"]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/--html <file>' argument missing/);
    const empty = await cxInProcess(["lin", history, "--html", ""]);
    expect(empty.status).toBe(2);
    expect(empty.stderr).toContain("--html expects the file to write, such as history.html");
  });
});
