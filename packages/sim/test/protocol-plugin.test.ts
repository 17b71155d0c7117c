import { describe, expect, it } from "vitest";
import {
  checkProtocolPlugin,
  defineProtocolPlugin,
  findProtocolPlugin,
  GeneratedChoices,
  hashTrace,
  PROTOCOL_PLUGIN_KIND,
  registerWorkload,
  ReplayedChoices,
  runScenario,
  UnknownDefectError,
  type Monitor,
} from "../src/index.js";
import { primaryBackup, type PrimaryBackupNode } from "./fixtures/primary-backup.js";

const neverHappy: Monitor<PrimaryBackupNode, unknown, unknown> = { finish: () => ({ invariant: "Grumpy", message: "this monitor always complains" }) };

const parts = {
  name: "primary-backup",
  version: "0.0.1",
  summary: "a test protocol",
  defects: [{ name: "grumpy", mistake: "complains at the end of every run", caughtBy: "Grumpy" }],
  protocol: () => primaryBackup,
  workload: registerWorkload,
  monitors: () => [],
  scenario: { opsPerClient: 2 },
};
const plugin = defineProtocolPlugin(parts);

describe("defineProtocolPlugin", () => {
  it("runs exactly what runScenario runs with the same protocol, workload and resolved options", () => {
    const viaPlugin = plugin.run({ choices: new GeneratedChoices(11), recordTrace: true });
    const direct = runScenario({ protocol: primaryBackup, workload: registerWorkload, choices: new GeneratedChoices(11), options: { opsPerClient: 2 }, recordTrace: true });
    expect(hashTrace(viaPlugin.trace)).toBe(hashTrace(direct.trace));
    expect(viaPlugin.options.opsPerClient).toBe(2);
    expect(plugin.scenario.opsPerClient).toBe(2);
  });

  it("a run's options override the plug-in's scenario", () => {
    const result = plugin.run({ choices: new ReplayedChoices([]), options: { opsPerClient: 3 } });
    expect(result.options.opsPerClient).toBe(3);
  });

  it("a target replays the same run for the same choices", () => {
    const target = plugin.createTarget({ defects: [] });
    const first = target.run(new GeneratedChoices(5));
    const again = target.run(new ReplayedChoices(first.choices));
    expect(again.choices).toEqual(first.choices);
    expect(again.counters).toEqual(first.counters);
  });

  it("a target without coverage runs the same run and samples no probe", () => {
    const probed = defineProtocolPlugin({ ...parts, coverage: (cluster) => cluster.time, abstractState: (cluster) => [cluster.size] });
    const withProbes = probed.createTarget({}).run(new GeneratedChoices(7));
    const without = probed.createTarget({ coverage: false }).run(new ReplayedChoices(withProbes.choices));
    expect(without.choices).toEqual(withProbes.choices);
    expect(without.counters).toEqual(withProbes.counters);
    expect(withProbes.coverage.length).toBeGreaterThan(1);
    expect(without.coverage).toEqual([]);
  });

  it("refuses a defect the plug-in does not have, naming it", () => {
    expect(() => plugin.createTarget({ defects: ["nonsense"] })).toThrow(UnknownDefectError);
    expect(() => plugin.run({ defects: ["nonsense"], choices: new ReplayedChoices([]) })).toThrow(/unknown defect "nonsense"/);
  });

  it("wires the monitors the parts return, fresh for every run", () => {
    let made = 0;
    const grumpy = defineProtocolPlugin({
      name: "grumpy",
      version: "0",
      summary: "",
      defects: [],
      protocol: () => primaryBackup,
      workload: registerWorkload,
      monitors: () => {
        made++;
        return [neverHappy];
      },
    });
    expect(grumpy.run({ choices: new ReplayedChoices([]) }).violation?.invariant).toBe("Grumpy");
    expect(grumpy.run({ choices: new ReplayedChoices([]), monitors: false }).violation).toBeNull();
    expect(made).toBe(1);
  });
});

describe("a plug-in's monitors and replica views", () => {
  it("runs the monitors a caller hands back, so the caller can look at them after the run", () => {
    const seen: string[] = [];
    const watcher: Monitor<unknown, unknown, unknown> = {
      onObservation: (_node, observation) => void seen.push(observation.kind),
    };
    const grumpy = defineProtocolPlugin({
      name: "grumpy",
      version: "0",
      summary: "",
      defects: [],
      protocol: () => primaryBackup,
      workload: registerWorkload,
      monitors: () => [neverHappy],
    });
    const own = grumpy.monitors?.() ?? [];
    expect(own).toEqual([neverHappy]);
    const result = grumpy.run({ choices: new ReplayedChoices([]), monitors: [watcher] });
    // Only the monitors given ran: the watcher saw the boots, and the grumpy monitor did not complain.
    expect(result.violation).toBeNull();
    expect(seen).toContain("booted");
    expect(grumpy.run({ choices: new ReplayedChoices([]), monitors: [...own, watcher] }).violation?.invariant).toBe("Grumpy");
  });

  it("passes the replica views through, and has none when the parts give none", () => {
    expect(plugin.replicaViews).toBeUndefined();
    const withViews = defineProtocolPlugin({
      name: "viewed",
      version: "0",
      summary: "",
      defects: [],
      protocol: () => primaryBackup,
      workload: registerWorkload,
      monitors: () => [],
      replicaViews: (cluster) => Array.from({ length: cluster.size }, (_, node) => ({ node, role: "follower" as const, term: 0, log: [], commitIndex: 0, appliedIndex: 0 })),
    });
    let views = 0;
    const probe: Monitor<unknown, unknown, unknown> = { finish: (run) => void (views = withViews.replicaViews?.(run.cluster).length ?? -1) };
    withViews.run({ choices: new ReplayedChoices([]), monitors: [probe] });
    expect(views).toBe(3);
    expect(checkProtocolPlugin(withViews).ok).toBe(true);
    expect(checkProtocolPlugin({ ...withViews, replicaViews: 3 }).ok).toBe(false);
  });
});

describe("checkProtocolPlugin and findProtocolPlugin", () => {
  it("accept a plug-in made by defineProtocolPlugin", () => {
    expect(checkProtocolPlugin(plugin).ok).toBe(true);
    const found = findProtocolPlugin({ protocolPlugin: plugin, other: 3 });
    expect(found.ok && found.plugin.name).toBe("primary-backup");
  });

  it("find a plug-in exported under another name when it is the only one, or as the default export", () => {
    expect(findProtocolPlugin({ pb: plugin }).ok).toBe(true);
    expect(findProtocolPlugin({ default: plugin }).ok).toBe(true);
  });

  it("name every wrong field of a hand-made object", () => {
    const checked = checkProtocolPlugin({ kind: PROTOCOL_PLUGIN_KIND, contract: 99, name: "Bad Name", version: 1, defects: [{ name: "none", mistake: "" }, 4], run: 1 });
    expect(checked.ok).toBe(false);
    const errors = checked.ok ? [] : checked.errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^contract: expected 1/),
        expect.stringMatching(/^name: /),
        expect.stringMatching(/^version: expected a string/),
        expect.stringMatching(/^run: expected a function/),
        expect.stringMatching(/^createTarget: expected a function/),
        expect.stringMatching(/^scenario: /),
        expect.stringMatching(/^defects\[0\]\.name: .*other than "none"/),
        expect.stringMatching(/^defects\[0\]\.mistake: /),
        expect.stringMatching(/^defects\[0\]\.caughtBy: /),
        expect.stringMatching(/^defects\[1\]: /),
      ]),
    );
  });

  it("say what to export when a module has no plug-in or several", () => {
    const none = findProtocolPlugin({ something: {} });
    expect(none.ok ? "" : none.errors[0]).toMatch(/export one as "protocolPlugin"/);
    const two = findProtocolPlugin({ a: plugin, b: plugin });
    expect(two.ok ? "" : two.errors[0]).toMatch(/2 plug-ins \(a, b\)/);
  });
});
