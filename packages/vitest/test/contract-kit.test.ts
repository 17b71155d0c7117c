import { protocolPlugin } from "@cx/raft";
import { GeneratedChoices, ReplayedChoices, type ProtocolPlugin } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { CLUSTER_SIZE_MIN_ANSWERED, clusterSizeProblems, describeProtocolContract, findSafetyMonitor, healthProblems, mirrorProblems, OptionsError, repeatedTraces, runDifferences } from "../src/index.js";

describe("the contract kit's checks can fail", () => {
  it("a run is unhealthy when it has a violation, never reached the calm phase, or left an operation unanswered", () => {
    const calm = protocolPlugin.run({ choices: new ReplayedChoices([]) });
    expect(healthProblems(calm)).toEqual([]);
    const [first, ...rest] = calm.history;
    if (first === undefined) throw new Error("the calm run has no history");
    const sick = { ...calm, violation: { invariant: "Liveness", message: "nothing committed", time: 900, step: 40 }, calmStartedAt: null, history: [{ ...first, return: null, output: undefined }, ...rest] };
    expect(healthProblems(sick)).toEqual([
      "Liveness violated at t=900: nothing committed",
      "the calm phase was never reached",
      expect.stringMatching(new RegExp(`^1 of ${calm.history.length} client operations were never answered \\(the first: client ${first.client}'s `)),
    ]);
  });

  it("two different runs differ in trace, choices, history and counters", () => {
    const a = protocolPlugin.run({ choices: new GeneratedChoices(1), recordTrace: true });
    const b = protocolPlugin.run({ choices: new GeneratedChoices(2), recordTrace: true });
    expect(runDifferences(a, a)).toEqual([]);
    const differences = runDifferences(a, b);
    expect(differences.some((d) => d.startsWith("the traces differ"))).toBe(true);
    expect(differences.some((d) => d.startsWith("the choices consumed differ"))).toBe(true);
  });

  it("a plug-in that ignores its choices is caught: every seed after the first repeats its trace", () => {
    expect(repeatedTraces(protocolPlugin, [1, 2, 3])).toEqual([]);
    const deaf: ProtocolPlugin = { ...protocolPlugin, run: (spec) => protocolPlugin.run({ ...spec, choices: new ReplayedChoices([]) }) };
    expect(repeatedTraces(deaf, [1, 2, 3])).toEqual([2, 3]);
  });

  it("a plug-in whose replica views disagree with its observations is caught, naming the seed, the step and the replica", () => {
    const views = protocolPlugin.replicaViews;
    if (views === undefined) throw new Error("Raft's plug-in shows its replicas");
    // A lying view: every log loses its last entry.
    const lying: ProtocolPlugin = { ...protocolPlugin, replicaViews: (cluster) => views(cluster).map((v) => ({ ...v, log: v.log.slice(0, -1) })) };
    const problems = mirrorProblems(lying, { seed: 1, stride: 7 });
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatch(/^seed 1, (step \d+|at the end): s\d's log is \[.*\] but the monitor's mirror is \[.+\]$/);
    expect(mirrorProblems(protocolPlugin, { seed: 1, stride: 7 })).toEqual([]);
  });

  it("says what is missing when a plug-in cannot be mirrored", () => {
    const { replicaViews: _views, ...viewless } = protocolPlugin;
    expect(mirrorProblems(viewless, { seed: 1, stride: 7 })).toEqual([expect.stringMatching(/shows no replicas: give defineProtocolPlugin a replicaViews/)]);
    const blind: ProtocolPlugin = { ...protocolPlugin, monitors: () => [{}] };
    expect(mirrorProblems(blind, { seed: 1, stride: 7 })).toEqual([expect.stringMatching(/none of raft's monitors has a safety mirror/)]);
    expect(findSafetyMonitor(protocolPlugin.monitors?.() ?? [])).toBeDefined();
    const deaf: ProtocolPlugin = { ...protocolPlugin, run: (spec) => protocolPlugin.run({ ...spec, monitors: true }) };
    expect(mirrorProblems(deaf, { seed: 1, stride: 7 })).toEqual([expect.stringMatching(/ignored the monitors it was given/)]);
  });

  it("a plug-in that ignores the cluster size it is given, or answers no client at that size, is caught naming the size", () => {
    const seeds = Array.from({ length: 12 }, (_, i) => i + 1);
    expect(clusterSizeProblems(protocolPlugin, { size: 4, seeds })).toEqual([]);
    const fixedSize: ProtocolPlugin = { ...protocolPlugin, run: (spec) => protocolPlugin.run({ ...spec, options: { ...spec.options, clusterSize: 3 } }) };
    expect(clusterSizeProblems(fixedSize, { size: 4, seeds: [1, 2] })).toContain("size 4, seed 1: the run had 3 nodes (the plug-in must honour the clusterSize option)");
    const mute: ProtocolPlugin = { ...protocolPlugin, run: (spec) => ({ ...protocolPlugin.run(spec), history: [] }) };
    expect(clusterSizeProblems(mute, { size: 4, seeds: [1, 2] })).toEqual([`size 4: only 0 client operations answered over 2 runs (more than ${CLUSTER_SIZE_MIN_ANSWERED} expected)`]);
  });

  it("rejects bad options where the contract is declared, naming the field", () => {
    expect(() => describeProtocolContract(protocolPlugin, { runs: 0 })).toThrow(OptionsError);
    expect(() => describeProtocolContract(protocolPlugin, { runs: 0 })).toThrow(/runs: expected an integer of at least 1, got 0/);
    expect(() => describeProtocolContract(protocolPlugin, { seed: 1.5 })).toThrow(/seed: expected an integer/);
    expect(() => describeProtocolContract(protocolPlugin, { clusterSizes: [0, 3] })).toThrow(/clusterSizes: expected true or a non-empty list of integers from 1 to 9, got \[0,3\]/);
    expect(() => describeProtocolContract(protocolPlugin, { clusterSizes: [] })).toThrow(OptionsError);
  });
});
