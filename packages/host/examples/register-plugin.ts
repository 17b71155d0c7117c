import { checkLinearizability, registerModel } from "@cx/check";
import { defineHostedPlugin } from "@cx/host";
import { registerWorkload } from "@cx/sim";

export const protocolPlugin = defineHostedPlugin({
  name: "my-register",
  version: "1.0.0",
  summary: "our register service, unmodified",
  module: new URL("./register-node.ts", import.meta.url),
  workload: registerWorkload,
  monitors: () => [
    {
      finish: (run) => {
        const result = checkLinearizability(registerModel, run.history, { budgetSteps: 1_000_000 });
        return result.verdict === "illegal" ? { invariant: "Linearizability", message: "no order explains the history" } : undefined;
      },
    },
  ],
});
