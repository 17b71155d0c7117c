import { readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createTaskCache, findCorpusDir, formatMs, formatStorySteps, median, medianTimeToFindMs, protocolRef, runTask, selectDefects, taskKey, type HuntTask, type TrialsCell } from "../src/index.js";
import { protocolPlugin as primaryBackup } from "./fixtures/primary-backup-plugin.js";
import { testTempDir } from "./temp-dir.js";
import { testProtocols } from "./tiny-config.js";

const plugins = testProtocols.map((p) => p.plugin);
const raftRef = protocolRef(testProtocols[0] as (typeof testProtocols)[number]);
const task: HuntTask = { kind: "hunt", ...raftRef, bugs: ["vote_twice_in_term"], strategy: "random", seed: 1, budget: 50 };

describe("median", () => {
  it("takes the middle value, or the mean of the middle two", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([1, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY])).toBe(Number.POSITIVE_INFINITY);
  });
});

describe("medianTimeToFindMs", () => {
  const hunt = (trials: number, ms: number) => ({ seed: 1, budget: 1000, found: true, trials, violation: null, decisions: 1, events: 1, ms });
  const cell = (medianTrials: number | null, hunts: ReturnType<typeof hunt>[]): TrialsCell =>
    ({ bug: "b", strategy: "random", rounds: [{ budget: 1000, hunts, found: hunts.length, seeds: hunts.length }], budget: 1000, found: hunts.length, seeds: hunts.length, trials: hunts.map((h) => h.trials), medianTrials, invariants: {} }) as TrialsCell;

  it("is the median trials at the cell's own time per run, over every hunt of every round", () => {
    // 300 runs in 600 ms: 2 ms a run.
    expect(medianTimeToFindMs(cell(100, [hunt(100, 100), hunt(200, 500)]))).toBe(200);
  });

  it("is null without a median or without time", () => {
    expect(medianTimeToFindMs(cell(null, [hunt(100, 100)]))).toBeNull();
    expect(medianTimeToFindMs(cell(100, [hunt(100, 0)]))).toBeNull();
  });
});

describe("runTask", () => {
  it("a hunt is a pure function of its task, apart from its wall time", () => {
    const a = runTask(task, plugins);
    const b = runTask(task, plugins);
    expect({ ...a, ms: 0 }).toEqual({ ...b, ms: 0 });
    expect(a.found).toBe(true);
    expect(a.choices?.length).toBe(a.decisions);
  });

  it("a hunt with feedback counts the distinct behaviours its runs reached, the same every time; one without records none", () => {
    const correct: HuntTask = { ...task, bugs: [], strategy: "coverage", budget: 40 };
    const guided = runTask({ ...correct, feedback: "behaviours" }, plugins);
    expect(guided.behaviours).toBeGreaterThan(0);
    expect({ ...runTask({ ...correct, feedback: "behaviours" }, plugins), ms: 0 }).toEqual({ ...guided, ms: 0 });
    expect(runTask({ ...correct, feedback: "protocol" }, plugins).behaviours).toBeGreaterThan(0);
    expect(runTask(correct, plugins).behaviours).toBeUndefined();
  });

  it("runs a task on the protocol it names, and refuses one whose protocol is not loaded", () => {
    const other: HuntTask = { ...task, protocol: "primary-backup", module: "file:///unused.ts", bugs: ["forget_on_restart"] };
    expect(runTask(other, plugins).violation?.invariant).toBe("Linearizability");
    expect(() => runTask(other, [plugins[0] as (typeof plugins)[number]])).toThrow(/protocol "primary-backup".*not loaded here/);
  });
});

describe("createTaskCache", () => {
  it("returns what was put under the same task and version, and nothing for another", () => {
    const dir = testTempDir("cx-cache-");
    const cache = createTaskCache(dir, "1.0.0");
    const output = runTask(task, plugins);
    cache.put(task, output);
    expect(cache.get(task)).toEqual(output);
    expect(cache.get({ ...task, seed: 2 })).toBeUndefined();
    expect(createTaskCache(dir, "2.0.0").get(task)).toBeUndefined();
    expect(readdirSync(dir).some((f) => f.endsWith(".tmp"))).toBe(false);
  });

  it("treats a damaged cache file as a task not yet done", () => {
    const dir = testTempDir("cx-cache-");
    const cache = createTaskCache(dir, "1.0.0");
    cache.put(task, runTask(task, plugins));
    for (const file of readdirSync(dir)) writeFileSync(join(dir, file), "{ half a fi");
    expect(cache.get(task)).toBeUndefined();
  });

  it("keys differ for different tasks of every kind", () => {
    const keys = [
      taskKey(task),
      taskKey({ ...task, budget: 51 }),
      taskKey({ ...task, bugs: [] }),
      taskKey({ ...task, protocol: "primary-backup" }),
      taskKey({ kind: "batch", ...raftRef, firstSeed: 1, runs: 2 }),
      taskKey({ kind: "corpus", path: "a", model: "kv", budgetSteps: 1 }),
      taskKey({ kind: "shrink", ...raftRef, bug: "x", choices: [1, 2], invariant: "I", candidatesMax: 5, storyStepsMax: 15, cxVersion: "0" }),
      taskKey({ kind: "shrink", ...raftRef, bug: "x", choices: [1, 3], invariant: "I", candidatesMax: 5, storyStepsMax: 15, cxVersion: "0" }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("selectDefects", () => {
  it("applies one name filter to each protocol's defects, in the plug-in's order", () => {
    expect(selectDefects(primaryBackup, "all").map((d) => d.name)).toEqual(["forget_on_restart"]);
    expect(selectDefects(primaryBackup, ["vote_twice_in_term"])).toEqual([]);
    const raft = plugins[0] as (typeof plugins)[number];
    expect(selectDefects(raft, ["no_client_dedup", "forget_on_restart", "vote_twice_in_term"]).map((d) => d.name)).toEqual(
      raft.defects.map((d) => d.name).filter((n) => n === "no_client_dedup" || n === "vote_twice_in_term"),
    );
  });
});

describe("formatMs and findCorpusDir", () => {
  it("shows a story's full length, and how many steps were shown when some were left out", () => {
    expect(formatStorySteps(12, 12)).toBe("12");
    expect(formatStorySteps(31, 15)).toBe("31 (15 shown)");
    expect(formatStorySteps(null, null)).toBe("—");
  });

  it("formats times for people", () => {
    expect(formatMs(850)).toBe("850 ms");
    expect(formatMs(12_345)).toBe("12.3 s");
    expect(formatMs(245_000)).toBe("4 min 5 s");
    expect(formatMs(null)).toBe("—");
  });

  it("finds no corpus outside a checkout", () => {
    expect(findCorpusDir(tmpdir())).toBeNull();
  });
});
