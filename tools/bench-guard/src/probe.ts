/**
 * One build's speed at one protocol in one scenario, in a process of its
 * own: imports @cx/sim and the protocol's package from the checkout at
 * --root (this one or the baseline's), warms up, times a few passes over
 * the fixed seeds with every check on, and prints one JSON line
 * (`ProbeReport`) with the fastest pass's speed.
 * Speeds are per CPU second of this process: on a shared machine the wall
 * clock also counts the time another job held the core (the same build's
 * wall-clock runs/s spread by half again as much as its CPU-time runs/s).
 *
 *   node --conditions=@cx/source --import tsx src/probe.ts --root DIR \
 *     --protocol raft --scenario hunt --runs 500 --passes 3 --warmup 2000
 *
 * Runs go through the plug-in contract (`protocolPlugin.createTarget`, what
 * `cx hunt` drives), which every build since the contract exists has; the
 * types below are the part of it the probe relies on, written out so they
 * hold for whichever build is loaded.
 */
import { createHash } from "node:crypto";
import { resolve } from "node:path";
import { PROTOCOL_PACKAGES, SCENARIOS, type ProbeReport, type ProtocolName, type ScenarioName } from "./cells.js";
import { importWorkspacePackage } from "./workspace-import.js";

interface RunLike {
  readonly violation: { readonly invariant: string } | null;
  readonly counters: { readonly events: number; readonly messages: number; readonly decisions: number };
  readonly endTime: number;
}
interface SimModule {
  readonly GeneratedChoices: new (seed: number) => unknown;
  readonly huntScenarioOverrides: Readonly<Record<string, unknown>>;
}
interface ProtocolModule {
  readonly protocolPlugin: {
    createTarget(spec?: { readonly options?: Readonly<Record<string, unknown>> }): { run(source: unknown): RunLike };
  };
}

/** Seeds of the warm-up: far from the timed ones, so the JIT sees the same kind of runs but not the same runs. */
const WARMUP_FIRST_SEED = 1_000_001;

const args = process.argv.slice(2);
const flag = (name: string): string => {
  const at = args.indexOf(name);
  const value = at >= 0 ? args[at + 1] : undefined;
  if (value === undefined) throw new Error(`probe: missing ${name} (usage: probe --root DIR --protocol raft|paxos --scenario default|hunt --runs N --passes N --warmup N)`);
  return value;
};
const root = resolve(flag("--root"));
const protocol = flag("--protocol") as ProtocolName;
const scenario = flag("--scenario") as ScenarioName;
const runs = Number(flag("--runs"));
const warmup = Number(flag("--warmup"));
const passes = Number(flag("--passes"));
if (!(protocol in PROTOCOL_PACKAGES) || !SCENARIOS.includes(scenario) || !(runs > 0) || !(warmup >= 0) || !(passes >= 1)) throw new Error(`probe: bad arguments ${args.join(" ")}`);

const sim = (await importWorkspacePackage(root, "@cx/sim")) as SimModule;
const { protocolPlugin } = (await importWorkspacePackage(root, PROTOCOL_PACKAGES[protocol])) as ProtocolModule;
// Every check on: the plug-in's monitors and coverage are on unless switched off.
const target = protocolPlugin.createTarget(scenario === "hunt" ? { options: sim.huntScenarioOverrides } : {});

for (let seed = WARMUP_FIRST_SEED; seed < WARMUP_FIRST_SEED + warmup; seed++) target.run(new sim.GeneratedChoices(seed));

interface Pass {
  readonly seconds: number;
  readonly cpuSeconds: number;
  readonly events: number;
  readonly violations: number;
  readonly outcomes: readonly string[];
}

function timedPass(): Pass {
  // Outcomes go into flat arrays during the pass and are formatted after it.
  const events = new Float64Array(runs);
  const messages = new Float64Array(runs);
  const decisions = new Float64Array(runs);
  const endTimes = new Float64Array(runs);
  const violations: (string | null)[] = new Array<string | null>(runs).fill(null);
  const start = process.hrtime.bigint();
  const cpuStart = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const result = target.run(new sim.GeneratedChoices(i + 1));
    events[i] = result.counters.events;
    messages[i] = result.counters.messages;
    decisions[i] = result.counters.decisions;
    endTimes[i] = result.endTime;
    violations[i] = result.violation === null ? null : result.violation.invariant;
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const cpu = process.cpuUsage(cpuStart);
  return {
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    events: events.reduce((sum, e) => sum + e, 0),
    violations: violations.filter((v) => v !== null).length,
    outcomes: Array.from({ length: runs }, (_, i) => `${i + 1} ${violations[i] ?? "-"} ${events[i]} ${messages[i]} ${decisions[i]} ${endTimes[i]}`),
  };
}

const timed = Array.from({ length: passes }, timedPass);
const digests = timed.map((pass) => createHash("sha256").update(pass.outcomes.join("\n")).digest("hex"));
if (new Set(digests).size > 1) throw new Error(`probe: the same seeds ran differently in passes of one process (digests ${digests.join(", ")}): ${root} is not deterministic`);
const first = timed[0] as Pass;
// The fastest pass: another job on the machine can only slow a pass down.
const fastest = timed.reduce((best, pass) => (pass.cpuSeconds < best.cpuSeconds ? pass : best));
const report: ProbeReport = {
  protocol,
  scenario,
  runs,
  passes,
  events: first.events,
  seconds: fastest.seconds,
  cpuSeconds: fastest.cpuSeconds,
  runsPerSecond: runs / fastest.cpuSeconds,
  eventsPerSecond: first.events / fastest.cpuSeconds,
  wallRunsPerSecond: runs / fastest.seconds,
  passRunsPerSecond: timed.map((pass) => runs / pass.cpuSeconds),
  violations: first.violations,
  digest: digests[0] as string,
  outcomes: first.outcomes,
};
process.stdout.write(`${JSON.stringify(report)}\n`);
