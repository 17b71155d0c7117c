import { describe, expect, it } from "vitest";
import { atLowestLevels, huntScenarioOptions, reencodeFaults, registerWorkload, ReplayedChoices, runScenario, type ChoiceSource, type FaultReencoding, type Span, type TraceEvent } from "../src/index.js";
import { primaryBackup } from "./fixtures/primary-backup.js";

/** Replays `values` and notes the kind of every draw (its span's label and its own), as a shrinker would. */
class LabelledReplay implements ChoiceSource {
  readonly keys: string[] = [];
  private readonly open: string[] = [];
  private readonly inner: ReplayedChoices;
  constructor(values: readonly number[]) {
    this.inner = new ReplayedChoices(values);
  }
  draw(n: number, label?: string): number {
    this.keys.push(`${this.open.at(-1) ?? ""}/${label ?? ""}`);
    return this.inner.draw(n, label);
  }
  drawBool(percent: number, label?: string): boolean {
    return this.draw(100, label) >= 100 - percent;
  }
  startSpan(label: string): void {
    this.open.push(label);
    this.inner.startSpan(label);
  }
  endSpan(): void {
    this.open.pop();
    this.inner.endSpan();
  }
  get position(): number {
    return this.inner.position;
  }
  record(): number[] {
    return this.inner.record();
  }
  spans(): Span[] {
    return this.inner.spans();
  }
}

const run = (values: readonly number[]) => {
  const choices = new LabelledReplay(values);
  const result = runScenario({ protocol: primaryBackup, workload: registerWorkload, choices, recordTrace: true, options: huntScenarioOptions });
  return { result, keys: choices.keys };
};

/** The index of the setting drawn as `span`/`label` in a run's keys. */
const settingAt = (keys: readonly string[], span: string, label: string): number => keys.indexOf(`${span}/${label}`);

/** A run's settings by label, as a shrinker reads them from its record (undefined: not drawn). */
const settingsOf = (r: { readonly result: { readonly choices: readonly number[] }; readonly keys: readonly string[] }) => (span: string, label: string) => {
  const at = settingAt(r.keys, span, label);
  return at < 0 ? undefined : (r.result.choices[at] ?? 0);
};

/** `values` with `content` written from `at` on (zeros up to there). */
const written = (values: readonly number[], at: number, content: readonly number[]): number[] => {
  const out = values.slice();
  while (out.length < at + content.length) out.push(0);
  content.forEach((v, k) => (out[at + k] = v));
  return out;
};

/** `values` with each setting of `edits` written where `keys` (a run's) draws it. */
const withSettings = (values: readonly number[], keys: readonly string[], edits: readonly { span: string; label: string; value: number }[]): number[] =>
  edits.reduce((out, e) => written(out, settingAt(keys, e.span, e.label), [e.value]), values.slice());

/** A calm run's choices with a fault phase of 3 extra periods and the given settings. */
const calmWith = (...edits: readonly (readonly [span: string, label: string, value: number])[]): number[] =>
  withSettings([], run([]).keys, [["horizon", "fault periods", 3] as const, ...edits].map(([span, label, value]) => ({ span, label, value })));

const partitions = (trace: readonly TraceEvent[]) => {
  const out: { time: number; healedAt: number | null; blocked: string }[] = [];
  for (const e of trace) {
    if (e.kind === "partition") out.push({ time: e.time, healedAt: null, blocked: JSON.stringify(e.blocked) });
    const last = out.at(-1);
    if (e.kind === "heal" && last !== undefined && last.healedAt === null) last.healedAt = e.time;
  }
  return out;
};

describe("reencodeFaults", () => {
  const strikesOn = (span: string, label: string) => (span === "swarm profile" && label === "nemesis strikes" ? 1 : 0);

  it("has nothing to offer without a nemesis strike that struck, or without the nemesis", () => {
    expect(reencodeFaults([{ span: "fault tick", content: [0, 0, 0, 95, 0, 1, 2] }], strikesOn)).toBeNull();
    // 10% strikes: 89 is below the trigger (90).
    expect(reencodeFaults([{ span: "nemesis strike", content: [89, 0, 2] }], strikesOn)).toBeNull();
    expect(reencodeFaults([{ span: "nemesis strike", content: [90, 0, 2] }], () => 0)).toBeNull();
    // A setting it needs is not drawn in this run.
    expect(reencodeFaults([{ span: "nemesis strike", content: [90, 0, 2] }], (span, label) => (label === "fault grain" ? undefined : strikesOn(span, label)))).toBeNull();
  });

  it("writes an isolating strike as a fault tick's partition of each node for as long, the nemesis off and partitions on at their lowest level", () => {
    const re = reencodeFaults(
      [
        { span: "message", content: [97, 0] },
        { span: "nemesis strike", content: [90, 0, 2] },
      ],
      strikesOn,
    ) as FaultReencoding;
    expect(re.decisions[0]).toBeNull();
    expect(re.decisions[1]?.span).toBe("fault tick");
    expect(re.decisions[1]?.contents).toEqual([0, 1, 2, 3, 4].map((node) => [0, 0, 0, 95, 0, node, 2]));
    expect(re.settings).toEqual(
      expect.arrayContaining([
        { span: "swarm profile", label: "nemesis strikes", value: 0 },
        { span: "swarm profile", label: "fault grain", value: 0 },
        { span: "fault profile", label: "partition level", value: 1 },
        { span: "swarm profile", label: "partitions cut in flight", value: 1 },
      ]),
    );
    expect(re.settings.some((s) => s.label === "crash level")).toBe(false);
  });

  it("writes a crashing strike as a fault tick's crash, keeps a higher crash level and clears only the left-out bit the crash needs", () => {
    const settings = new Map([
      ["swarm profile/nemesis strikes", 3],
      ["fault profile/crash level", 2],
      ["swarm profile/omitted faults", 8 + 16 + 1],
    ]);
    const re = reencodeFaults([{ span: "nemesis strike", content: [50, 1, 4] }], (span, label) => settings.get(`${span}/${label}`) ?? 0) as FaultReencoding;
    expect(re.decisions[0]?.contents[2]).toEqual([85, 2, 4, 0, 0, 0, 0]);
    expect(re.settings).toEqual(
      expect.arrayContaining([
        { span: "fault profile", label: "crash level", value: 2 },
        { span: "swarm profile", label: "omitted faults", value: 16 + 1 },
        { span: "swarm profile", label: "crash loses sends", value: 1 },
      ]),
    );
  });

  it("names the world's own draws: written at a fault tick, one of its contents cuts off the node the strike did, for as long", () => {
    // A calm run of the hunt's world with the nemesis at 10%: find a strike and make it strike (isolate, 1 tick).
    const withNemesis = calmWith(["swarm profile", "nemesis strikes", 1]);
    const strikeRun = run(withNemesis);
    // The first strike whose cut heals by itself (a later one may be healed early by the calm phase).
    const struckRuns = strikeRun.result.spans.filter((s) => s.label === "nemesis strike").map((strike) => run(written(withNemesis, strike.start, [90, 0, 0])));
    const struck = struckRuns.find((r) => {
      const first = partitions(r.result.trace)[0];
      return first !== undefined && (first.healedAt ?? 0) - first.time === huntScenarioOptions.faultTickMs;
    });
    expect(struck).toBeDefined();
    if (struck === undefined) return;
    const cut = partitions(struck.result.trace)[0];

    const re = reencodeFaults([{ span: "nemesis strike", content: [90, 0, 0] }], settingsOf(struck)) as FaultReencoding;
    const head = withSettings(struck.result.choices.slice(0, 20), struck.keys, re.settings);
    const frame = run(head);
    const tick = frame.result.spans.find((s) => s.label === "fault tick");
    expect(tick).toBeDefined();
    const labels = frame.keys.slice(tick?.start ?? 0, tick?.end ?? 0);
    expect(labels).toEqual(re.decisions[0]?.labels.map((l) => `fault tick/${l}`));
    const cuts = (re.decisions[0]?.contents ?? []).map((content) => partitions(run(written(head, tick?.start ?? 0, content)).result.trace)[0]);
    for (const c of cuts) expect((c?.healedAt ?? 0) - (c?.time ?? 0)).toBe(huntScenarioOptions.faultTickMs);
    expect(cuts.some((c) => c?.blocked === cut?.blocked)).toBe(true);
  });

  describe("a delayed message", () => {
    const levels = (entries: readonly (readonly [string, number])[]) => {
      const settings = new Map(entries);
      return (span: string, label: string) => settings.get(`${span}/${label}`) ?? 0;
    };

    it("has nothing to offer without a delay spread, with delays left out, or for a message delivered on time, dropped or already held", () => {
      expect(reencodeFaults([{ span: "message", content: [0, 2] }], levels([]))).toBeNull();
      expect(reencodeFaults([{ span: "message", content: [0, 2] }], levels([["fault profile/delay level", 1], ["swarm profile/omitted faults", 4]]))).toBeNull();
      // Drops at 3%: fate 97 is a drop, whatever its delay; holds at 3% below that: fate 94 is held.
      const on = levels([["fault profile/delay level", 1], ["fault profile/drop level", 1], ["swarm profile/hold level", 1]]);
      expect(reencodeFaults([{ span: "message", content: [0, 0] }], on)).toBeNull();
      expect(reencodeFaults([{ span: "message", content: [97, 3] }], on)).toBeNull();
      expect(reencodeFaults([{ span: "message", content: [94, 3] }], on)).toBeNull();
      // A setting it needs is not drawn in this run (no swarm profile).
      expect(reencodeFaults([{ span: "message", content: [0, 2] }], (span, label) => (span === "swarm profile" ? undefined : label === "delay level" ? 1 : 0))).toBeNull();
    });

    it("writes each message the delay spread made late as held for the shortest hold, the delay level off and holds on at their lowest", () => {
      // Drops at 10% and duplicates at 3%: a hold at the lowest level (3%) starts at fate 84.
      const re = reencodeFaults(
        [
          { span: "message", content: [0, 2] },
          { span: "client request", content: [5, 7] },
          { span: "fault tick", content: [0, 0, 0, 95, 0, 1, 2] },
        ],
        levels([["fault profile/delay level", 2], ["fault profile/drop level", 2], ["fault profile/duplicate level", 1]]),
      ) as FaultReencoding;
      expect(re.decisions[0]).toEqual({ span: "message", labels: ["fate", "delay"], contents: [[84, 0]] });
      expect(re.decisions[1]).toEqual({ span: "client request", labels: ["fate", "delay"], contents: [[84, 0]] });
      expect(re.decisions[2]).toBeNull();
      expect(re.settings).toEqual([
        { span: "fault profile", label: "delay level", value: 0 },
        { span: "swarm profile", label: "hold level", value: 1 },
      ]);
    });

    it("names the world's own draws: written where a delayed message was, the re-encoded content holds that message past every ordinary delay", () => {
      const delaying = calmWith(["fault profile", "delay level", 1]);
      const base = run(delaying);
      // The run's first message (the first election's, in the fault phase: holds happen only there), delayed by 5 ms.
      const message = base.result.spans.find((s) => s.label === "message");
      expect(message).toBeDefined();
      if (message === undefined) return;
      const late = run(written(delaying, message.start, [0, 5]));
      const re = reencodeFaults([{ span: "message", content: [0, 5] }], settingsOf(late)) as FaultReencoding;
      const values = written(withSettings(late.result.choices, late.keys, re.settings), message.start, re.decisions[0]?.contents[0] ?? []);
      const held = run(values);
      expect(held.keys.slice(message.start, message.end)).toEqual(re.decisions[0]?.labels.map((l) => `message/${l}`));
      const sends = (trace: readonly TraceEvent[]) => trace.filter((e): e is Extract<TraceEvent, { kind: "send" }> => e.kind === "send");
      // The same message (the n-th send of the run) is now held: delivered 100 ms or more after it was sent, where every ordinary delay is shorter.
      const n = late.result.spans.filter((s) => s.label === "message" && s.start < message.start).length;
      const before = sends(late.result.trace)[n];
      const after = sends(held.result.trace)[n];
      expect(after?.id).toBe(before?.id);
      expect((before?.deliverAt ?? 0) - (before?.time ?? 0)).toBeLessThan(100);
      expect((after?.deliverAt ?? 0) - (after?.time ?? 0)).toBeGreaterThanOrEqual(100);
    });
  });
});

describe("atLowestLevels", () => {
  const levels = (entries: readonly (readonly [string, number])[]) => {
    const settings = new Map(entries);
    return (span: string, label: string) => settings.get(`${span}/${label}`) ?? 0;
  };

  it("brings a used level to its first and an unused one to 0, each trigger to the lowest value of its band there", () => {
    // Drops at 25% (75 and up), duplicates at 10% (65-74), holds at 15% (50-64); crashes at 15% (85 and up), partitions at 5%, strikes at 50%.
    const low = atLowestLevels(
      [
        { span: "message", content: [80, 0] },
        { span: "client request", content: [55, 4] },
        { span: "message", content: [30, 6] },
        { span: "fault tick", content: [90, 1, 3, 0, 0, 0, 0] },
        { span: "nemesis strike", content: [60, 1, 2] },
      ],
      levels([
        ["fault profile/drop level", 3],
        ["fault profile/duplicate level", 2],
        ["swarm profile/hold level", 3],
        ["fault profile/crash level", 2],
        ["fault profile/partition level", 1],
        ["swarm profile/nemesis strikes", 3],
      ]),
    );
    expect(low?.settings).toEqual([
      { span: "fault profile", label: "drop level", value: 1 },
      { span: "fault profile", label: "duplicate level", value: 0 },
      { span: "swarm profile", label: "hold level", value: 1 },
      { span: "fault profile", label: "crash level", value: 1 },
      { span: "fault profile", label: "partition level", value: 0 },
      { span: "swarm profile", label: "nemesis strikes", value: 1 },
    ]);
    // Dropped at 3% is 97; held at 3% below that is 94; a message delivered on time keeps its fate; the crash at 5% is 95, the strike at 10% 90.
    expect(low?.contents).toEqual([[97, 0], [94, 4], null, [95, 1, 3, 0, 0, 0, 0], [90, 1, 2]]);
  });

  it("has nothing to offer at the lowest levels already, or when a level the failure needs is not drawn", () => {
    const lowest = levels([["fault profile/drop level", 1]]);
    expect(atLowestLevels([{ span: "message", content: [97, 0] }], lowest)).toBeNull();
    const noSwarm = (span: string, label: string) => (span === "swarm profile" ? undefined : label === "drop level" ? 3 : 0);
    expect(atLowestLevels([{ span: "nemesis strike", content: [60, 1, 2] }], noSwarm)?.settings).toEqual([{ span: "fault profile", label: "drop level", value: 0 }]);
    // The nemesis unused stays on at its first level: off, it would take its draws out of the run.
    expect(atLowestLevels([{ span: "message", content: [0, 0] }], levels([["swarm profile/nemesis strikes", 3]]))?.settings).toEqual([{ span: "swarm profile", label: "nemesis strikes", value: 1 }]);
    expect(atLowestLevels([{ span: "message", content: [80, 0] }], (span, label) => (label === "drop level" ? undefined : 0))).toBeNull();
  });

  it("keeps a kind the swarm profile leaves out at its level: it draws nothing either way", () => {
    const low = atLowestLevels([{ span: "message", content: [80, 0] }], levels([["fault profile/drop level", 3], ["fault profile/crash level", 2], ["swarm profile/omitted faults", 8]]));
    expect(low?.settings).toEqual([{ span: "fault profile", label: "drop level", value: 1 }]);
  });

  it("names the world's own draws: the rewritten run is the same run, drop, hold, crash and strike alike", () => {
    const values = calmWith(
      ["fault profile", "drop level", 3],
      ["fault profile", "duplicate level", 2],
      ["fault profile", "crash level", 3],
      ["fault profile", "partition level", 2],
      ["swarm profile", "hold level", 3],
      ["swarm profile", "nemesis strikes", 3],
    );
    // Write each fault into the run as it stands after the ones before, each after the last (a fault moves
    // every later draw, never an earlier one): a message dropped (25%: 80), the next one held (drops 25%,
    // duplicates 10%, holds 15%: 55), a strike (50%: 60) and a crash at a later tick (30%: 75).
    let faulty = values;
    let last = -1;
    for (const [label, content] of [
      ["message", [80]],
      ["message", [55]],
      ["nemesis strike", [60]],
      ["fault tick", [75]],
    ] as const) {
      const next = run(faulty).result.spans.find((s) => s.label === label && s.start > last);
      expect(next).toBeDefined();
      if (next === undefined) return;
      faulty = written(faulty, next.start, content);
      last = next.start;
    }
    const before = run(faulty);
    // The decisions as a shrinker sees them: the spans of the run's events that hold something unusual.
    const unusual = before.result.spans.filter((s) => ["message", "client request", "client response", "fault tick", "nemesis strike"].includes(s.label) && before.result.choices.slice(s.start, s.end).some((v) => v !== 0));
    expect(new Set(unusual.map((s) => s.label))).toEqual(new Set(["message", "nemesis strike", "fault tick"]));
    const decisions = unusual.map((s) => ({ span: s.label, content: before.result.choices.slice(s.start, s.end) }));
    const low = atLowestLevels(decisions, settingsOf(before));
    expect(low).not.toBeNull();
    if (low === null) return;
    let rewritten = withSettings(before.result.choices, before.keys, low.settings);
    unusual.forEach((s, i) => (rewritten = written(rewritten, s.start, low.contents[i] ?? [])));
    const after = run(rewritten);
    expect(rewritten).not.toEqual(before.result.choices);
    expect(before.result.trace.some((e) => e.kind === "send" && e.fate === "dropped")).toBe(true);
    expect(before.result.trace.some((e) => e.kind === "send" && e.fate === "delivered" && e.deliverAt - e.time >= 100)).toBe(true);
    expect(before.result.trace.filter((e) => e.kind === "crash" || e.kind === "partition").length).toBeGreaterThanOrEqual(2);
    expect(after.result.trace).toEqual(before.result.trace);
  });
});
