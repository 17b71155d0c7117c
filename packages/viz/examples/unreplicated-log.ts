// The README's example, runnable as written: a protocol that does not
// replicate at all (each node appends writes to its own log), a monitor
// that notices two nodes disagreeing about an entry, and the story and
// diagram of the first run that breaks it.
//   node --conditions=@cx/source --import tsx packages/viz/examples/unreplicated-log.ts [out.svg]
import { writeFileSync } from "node:fs";
import { GeneratedChoices, registerWorkload, runScenario, type Monitor, type Observation, type Protocol, type RegisterInput, type RegisterOutput } from "@cx/sim";
import { formatChoices, renderDiagram, renderStory, tellStory } from "@cx/viz";

// Observations in @cx/check's replica vocabulary get sentences in the story.
const unreplicated: Protocol<never, RegisterInput, RegisterOutput, string[]> = {
  name: "unreplicated log",
  start(ctx) {
    const log = ctx.restore() ?? [];
    return {
      onMessage() {},
      onTimer() {},
      onClientRequest(request) {
        const { client, seq, input } = request;
        const id = `c${client}#${seq} ${input.op === "write" ? `write ${input.value}` : "read"}`;
        log.push(id);
        ctx.persist([...log]); // the world keeps the reference: never mutate what was persisted
        const index = log.length;
        ctx.emit({ kind: "appended", index, term: 1, id });
        ctx.emit({ kind: "committed", index, term: 1 });
        ctx.emit({ kind: "applied", index, id, client, seq, effect: true });
        ctx.reply(request, { kind: "ok", output: null });
      },
    };
  },
};

// Committed entries must agree across nodes: the first disagreement is a violation.
// Its subjects (nodes, entries, operations) are what the story follows; the message is for people.
// (A monitor holds state, so a real test would build a fresh one per run.)
const appliedAt = new Map<number, { node: number; id: string; client: number; seq: number }>();
const agreement: Monitor<unknown, RegisterInput, RegisterOutput> = {
  onObservation(node, observation: Observation) {
    if (observation.kind !== "applied") return undefined;
    const index = observation["index"] as number;
    const id = observation["id"] as string;
    const op = { client: observation["client"] as number, seq: observation["seq"] as number };
    const first = appliedAt.get(index);
    if (first === undefined) appliedAt.set(index, { node, id, ...op });
    else if (first.id !== id) {
      return {
        invariant: "State Machine Safety",
        message: `s${node} applied ${id} at entry ${index}, but s${first.node} applied ${first.id} there`,
        subjects: { nodes: [first.node, node], entries: [index], operations: [{ client: first.client, seq: first.seq }, op] },
      };
    }
    return undefined;
  },
};

const run = runScenario({ protocol: unreplicated, workload: registerWorkload, choices: new GeneratedChoices(42), monitors: [agreement], recordTrace: true });

if (run.violation !== null) {
  const story = tellStory(run);
  console.log(renderStory(story));
  console.log(`reproduce with: ${formatChoices(run.choices)}`);
  writeFileSync(process.argv[2] ?? "failure.svg", renderDiagram(run, { story }));
}
