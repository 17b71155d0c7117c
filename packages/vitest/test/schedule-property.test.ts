import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { protocolPlugin } from "@cx/raft";
import { parseRepro, serializeRepro, type Repro } from "@cx/search";
import type { TestContext } from "vitest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { OptionsError, REPLAY_ENV, ReproFileError, resolveScheduleOptions, runScheduleProperty, ScheduleFailure, scheduleProperty, type ScheduleVerdict } from "../src/index.js";

const dir = mkdtempSync(join(tmpdir(), "cx-vitest-"));
const testFile = join(dir, "raft.test.ts");
const testName = "raft with vote_twice_in_term keeps one leader per term";
const env = { cwd: dir };
const defective = resolveScheduleOptions(protocolPlugin, { defects: ["vote_twice_in_term"], budget: 50, seed: 1 });

/** The message with the one figure that depends on the machine (the shrink's seconds) normalised. */
const normalised = (message: string): string => message.replace(/ in \d+\.\d s:/, " in <seconds> s:");

/** A vitest context for a test in `file`, recording its annotations. */
function fakeContext(file: string, name: string): { context: TestContext; notes: string[] } {
  const notes: string[] = [];
  const context = { task: { name, file: { filepath: file }, suite: undefined }, annotate: async (note: string) => void notes.push(note) } as unknown as TestContext;
  return { context, notes };
}

function failureOf(verdict: ScheduleVerdict): ScheduleFailure {
  if (verdict.passed) throw new Error(`expected a failure, got: ${verdict.note}`);
  return verdict.failure;
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a schedule property against a defective protocol", () => {
  let failure: ScheduleFailure;
  const saved = join(dir, "__cx__", "raft-with-vote-twice-in-term-keeps-one-leader-per-term.repro.json");

  beforeAll(() => {
    failure = failureOf(runScheduleProperty(protocolPlugin, { options: defective, test: { file: testFile, name: testName }, env }));
  }, 120_000);

  it("fails with the violation, how it was found and shrunk, the story, the choices and the commands that replay it", () => {
    expect(failure).toBeInstanceOf(ScheduleFailure);
    expect(normalised(failure.message)).toMatchSnapshot();
  });

  it("saves the reproduction beside the test file, in the repro format, with the plug-in's name and resolved scenario", () => {
    const parsed = parseRepro(readFileSync(saved, "utf8"));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(parsed.value).toMatchObject({ formatVersion: 1, protocol: "raft", bugs: ["vote_twice_in_term"], scenario: { ...protocolPlugin.scenario }, choices: [...failure.choices], violation: { invariant: "ElectionSafety" } });
    expect(parsed.value.metadata?.found).toEqual({ strategy: "bandit", seed: 1, trials: expect.any(Number) });
    expect(failure.reproPath).toBe("__cx__/raft-with-vote-twice-in-term-keeps-one-leader-per-term.repro.json");
  });

  it("replays the saved file instead of searching, and fails the same way (even where the test's own options name no defect)", () => {
    const correct = resolveScheduleOptions(protocolPlugin, { budget: 1 });
    const again = failureOf(runScheduleProperty(protocolPlugin, { options: correct, test: { file: testFile, name: testName }, env: { ...env, replay: saved } }));
    expect(again.violation).toEqual(failure.violation);
    expect(again.choices).toEqual(failure.choices);
    expect(again.message).toContain("it still fails");
    // The same story, told from the same replayed run.
    const story = (m: string) => m.slice(m.indexOf("ElectionSafety violated at"), m.indexOf("Choices:"));
    expect(story(again.message)).toBe(story(failure.message));
  });

  it("honours CX_REPLAY through the vitest test function", async () => {
    vi.stubEnv(REPLAY_ENV, saved);
    try {
      const { context } = fakeContext(testFile, testName);
      const error = await scheduleProperty(protocolPlugin, { budget: 1 })(context).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ScheduleFailure);
      expect((error as ScheduleFailure).message).toMatch(/^ElectionSafety: /);
      expect((error as ScheduleFailure).message).toContain("it still fails");
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("passes with a note when the saved schedule no longer fails", async () => {
    const parsed = parseRepro(readFileSync(saved, "utf8"));
    if (!parsed.ok) throw new Error("the saved file does not parse");
    const fixed = join(dir, "fixed.repro.json");
    writeFileSync(fixed, serializeRepro({ ...parsed.value, bugs: [] }));
    const { context, notes } = fakeContext(testFile, testName);
    await scheduleProperty(protocolPlugin, { replay: "fixed.repro.json" })(context);
    // The path is shown relative to the working directory, as the person typed it.
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/^\S*fixed\.repro\.json no longer fails: replayed, no violation \(it broke ElectionSafety when saved\)$/);
  });
});

describe("a schedule property against a correct protocol", () => {
  it("passes, noting how many runs it made", async () => {
    const { context, notes } = fakeContext(join(dir, "correct.test.ts"), "correct raft");
    await scheduleProperty(protocolPlugin, { budget: 20, seed: 3 })(context);
    expect(notes).toEqual(["no violation in 20 runs of raft (bandit, seed 3)"]);
  });
});

describe("mistakes", () => {
  it("in the options fail where the test is declared, naming the field", () => {
    expect(() => scheduleProperty(protocolPlugin, { defects: ["vote_twice"] })).toThrow(OptionsError);
    expect(() => scheduleProperty(protocolPlugin, { defects: ["vote_twice"] })).toThrow(/defects: unknown defect "vote_twice" \(expected some of no_log_up_to_date_check, /);
    expect(() => scheduleProperty(protocolPlugin, { budget: 0 })).toThrow(/budget: expected an integer of at least 1, got 0/);
    expect(() => scheduleProperty(protocolPlugin, { shrinkBudget: 1.5 })).toThrow(/shrinkBudget: /);
    expect(() => scheduleProperty(protocolPlugin, { strategy: "greedy" as "bandit" })).toThrow(/strategy: expected one of random, coverage, bandit/);
  });

  it("in a reproduction file name the file and the field", () => {
    const options = resolveScheduleOptions(protocolPlugin, {});
    const replay = (text: string | null) => {
      const path = join(dir, "bad.repro.json");
      rmSync(path, { force: true });
      if (text !== null) writeFileSync(path, text);
      return () => runScheduleProperty(protocolPlugin, { options, test: { file: testFile, name: testName }, env: { ...env, replay: path } });
    };
    const valid: Repro = { formatVersion: 1, cxVersion: "0.1.0", protocol: "raft", bugs: [], scenario: {}, choices: [], violation: { invariant: "x", message: "y" } };
    expect(replay(null)).toThrow(ReproFileError);
    expect(replay(null)).toThrow(/bad\.repro\.json: no such file/);
    expect(replay("{")).toThrow(/is not a valid reproduction file/);
    expect(replay(serializeRepro({ ...valid, protocol: "paxos" }))).toThrow(/protocol: this test replays with the "raft" plug-in, but the file is for "paxos"/);
    expect(replay(serializeRepro({ ...valid, bugs: ["nope"] }))).toThrow(/bugs: raft has no defect "nope"/);
    expect(replay(serializeRepro({ ...valid, scenario: { warp: 9 } }))).toThrow(/scenario\.warp: unknown scenario option/);
    expect(replay(serializeRepro({ ...valid, scenario: { clusterSize: 4 } }))).toThrow(/scenario\.clusterSize: expected 3 or 5, got 4/);
  });
});
