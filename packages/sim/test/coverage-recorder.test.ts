import { describe, expect, it } from "vitest";
import { createCoverageRecorder, defineProtocolPlugin, GeneratedChoices, registerWorkload, type ClusterView } from "../src/index.js";
import { primaryBackup } from "./fixtures/primary-backup.js";

const cluster = { size: 3 } as ClusterView<number>;

/** A source whose position the test moves by hand. */
function at(): { position: number } {
  return { position: 0 };
}

describe("createCoverageRecorder", () => {
  it("hands the world no probe when the protocol gives neither coverage nor an abstract state", () => {
    expect(createCoverageRecorder(undefined, undefined, new GeneratedChoices(1)).probe).toBeUndefined();
  });

  it("notes the choice position at which each feature was first reached, in first-seen order", () => {
    const source = at();
    let next: number[] = [];
    const recorder = createCoverageRecorder<number>(() => next, undefined, source as unknown as GeneratedChoices);
    const probe = recorder.probe as (c: ClusterView<number>) => readonly number[];
    next = [7, 8];
    source.position = 3;
    probe(cluster);
    next = [8, 9];
    source.position = 10;
    probe(cluster);
    expect(recorder.positions).toEqual([3, 3, 10]);
  });

  it("makes each distinct abstract state one feature, the same tuple always the same feature", () => {
    let state = [0, 1];
    const recorder = createCoverageRecorder<number>(undefined, () => state, new GeneratedChoices(1));
    const probe = recorder.probe as (c: ClusterView<number>) => readonly number[];
    const first = [...probe(cluster)];
    state = [1, 0];
    const second = [...probe(cluster)];
    state = [0, 1];
    const third = [...probe(cluster)];
    const again = createCoverageRecorder<number>(undefined, () => [0, 1], new GeneratedChoices(1));
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
    expect(second).not.toEqual(first);
    expect(third).toEqual([]);
    expect([...(again.probe as (c: ClusterView<number>) => readonly number[])(cluster)]).toEqual(first);
    expect(recorder.positions).toHaveLength(2);
  });

  it("hands the world only the features the run had not reached before", () => {
    let next: number[] = [];
    const recorder = createCoverageRecorder<number>(() => next, undefined, new GeneratedChoices(1));
    const probe = recorder.probe as (c: ClusterView<number>) => readonly number[];
    next = [7, 8, 7];
    expect([...probe(cluster)]).toEqual([7, 8]);
    next = [8, 9];
    expect([...probe(cluster)]).toEqual([9]);
    expect([...probe(cluster)]).toEqual([]);
  });
});

describe("a plug-in's abstract state", () => {
  const parts = { name: "primary-backup", version: "0.0.1", summary: "a test protocol", defects: [], protocol: () => primaryBackup, workload: registerWorkload, monitors: () => [] };

  it("is optional: a plug-in without it runs and reports no coverage", () => {
    const plain = defineProtocolPlugin(parts);
    const run = plain.run({ choices: new GeneratedChoices(3) });
    expect(plain.abstractState).toBeUndefined();
    expect(run.coverage).toEqual([]);
    expect(run.coverageAt).toEqual([]);
  });

  it("becomes coverage features with their first positions when given", () => {
    const withState = defineProtocolPlugin({ ...parts, abstractState: (c) => [c.blockedLinks > 0 ? 1 : 0, c.phase === "calm" ? 1 : 0] });
    const run = withState.run({ choices: new GeneratedChoices(3) });
    expect(run.coverage.length).toBeGreaterThan(0);
    expect(run.coverageAt).toHaveLength(run.coverage.length);
  });

  it("defaults to the protocol-neutral one read from the replica views, and a plug-in's own wins over it", () => {
    const views = (c: ClusterView<unknown>) =>
      Array.from({ length: c.size }, (_, node) => ({ node, role: c.isUp(node) ? ("follower" as const) : ("down" as const), term: 0, log: [], commitIndex: 0, appliedIndex: 0 }));
    const neutral = defineProtocolPlugin({ ...parts, replicaViews: views });
    const cluster3 = { size: 3, isUp: () => true } as unknown as ClusterView<unknown>;
    expect(neutral.abstractState?.(cluster3)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(neutral.run({ choices: new GeneratedChoices(3) }).coverage.length).toBeGreaterThan(0);
    const own = defineProtocolPlugin({ ...parts, replicaViews: views, abstractState: () => [7] });
    expect(own.abstractState?.(cluster3)).toEqual([7]);
    expect(neutral.run({ choices: new GeneratedChoices(3), coverage: false }).coverage).toEqual([]);
  });
});
