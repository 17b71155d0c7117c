import { parentPort, workerData } from "node:worker_threads";
import { importProtocolModule } from "@cx/protocols";
import { choicesFromSpec, type ChoicesSpec } from "@cx/search";
import type { ScenarioOptions } from "@cx/sim";
import { packOutcomes, workerOutcome, type WorkerOutcome } from "./packed-outcomes.js";

/** What the parent hands a hunt worker once: the protocol module, its defects and the hunt's scenario. */
export interface HuntWorkerSetup {
  readonly module: string;
  readonly protocolName: string;
  readonly defects: readonly string[];
  readonly scenario: ScenarioOptions;
}

/** One batch slice for a worker: the runs to make, by their index in the batch. */
export interface HuntWorkerRequest {
  readonly id: number;
  /** `coverage`: whether the strategy reads the run's coverage (if not, the run leaves the probes out). */
  readonly runs: readonly { readonly index: number; readonly spec: ChoicesSpec; readonly coverage: boolean }[];
}

/** What the parent hands a worker that only proves a protocol module loads in time (see `probeProtocolModule`). */
export interface ProtocolProbeSetup {
  readonly probe: true;
  readonly module: string;
  readonly protocolName: string;
}

const setup = workerData as HuntWorkerSetup | ProtocolProbeSetup;
const plugin = await importProtocolModule(setup.module, setup.protocolName);
if ("probe" in setup) {
  parentPort?.postMessage({ loaded: true });
  // The parent terminates the probe; nothing else to do here.
  await new Promise<never>(() => undefined);
}
const hunt = setup as HuntWorkerSetup;
const target = plugin.createTarget({ defects: hunt.defects, options: hunt.scenario });
const bareTarget = plugin.createTarget({ defects: hunt.defects, options: hunt.scenario, coverage: false });

parentPort?.on("message", (request: HuntWorkerRequest) => {
  const outcomes: WorkerOutcome[] = request.runs.map(({ index, spec, coverage }) => workerOutcome(index, (coverage ? target : bareTarget).run(choicesFromSpec(spec)), coverage));
  const { packed, transfer } = packOutcomes(outcomes);
  parentPort?.postMessage({ id: request.id, packed }, transfer);
});
