// A whole protocol in 20 lines: every node serves reads and writes from its
// own copy (not replicated at all), run under a hostile generated schedule.
import { GeneratedChoices, registerWorkload, runScenario, type Protocol, type RegisterInput, type RegisterOutput } from "@cx/sim";

const local: Protocol<never, RegisterInput, RegisterOutput, string | null> = {
  name: "local register",
  start(ctx) {
    let value = ctx.restore() ?? null;
    return {
      onMessage() {},
      onTimer() {},
      onClientRequest(request) {
        if (request.input.op === "write") ctx.persist((value = request.input.value));
        ctx.reply(request, { kind: "ok", output: request.input.op === "read" ? value : null });
      },
    };
  },
};

const result = runScenario({ protocol: local, workload: registerWorkload, choices: new GeneratedChoices(7) });
console.log(`${result.clusterSize} nodes, ${result.counters.events} events, ${result.counters.decisions} decisions`);
console.log(result.history.slice(0, 4));
// Replaying result.choices with new ReplayedChoices(result.choices) gives exactly this run again.
