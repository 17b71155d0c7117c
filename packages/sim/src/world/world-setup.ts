import type { ChoiceSource } from "../choices/choice-source.js";
import type { BehaviourRecorder } from "./behaviours.js";
import type { Workload } from "../clients/workload.js";
import type { Protocol, ProtocolNode } from "../protocol.js";
import type { ScenarioOptions } from "../scenario/options.js";
import type { RunLimits } from "../scenario/run-limits.js";
import type { ClientCadence } from "./client-cadence.js";
import type { ClockProfile } from "./clock-profile.js";
import type { ClusterView } from "./cluster-view.js";
import type { FaultProfile } from "./fault-profile.js";
import type { Monitor } from "./monitor.js";
import type { SwarmProfile } from "./swarm-profile.js";

/** How the world is set up for one run. */
export interface WorldSetup<Message, Input, Output, Persistent, Node extends ProtocolNode<Message, Input>> {
  readonly protocol: Protocol<Message, Input, Output, Persistent, Node>;
  readonly workload: Workload<Input>;
  readonly choices: ChoiceSource;
  /** The run's timing: the scenario's options with the drawn horizon applied. */
  readonly options: ScenarioOptions;
  /** When the clients' operations fall (see `clientCadence`). */
  readonly cadence: ClientCadence;
  readonly clusterSize: number;
  readonly profile: FaultProfile;
  /** The run's swarm profile (`calmSwarm` for the world as it was before swarm profiles). */
  readonly swarm: SwarmProfile;
  /** Each node's clock and how often clocks jump (`perfectClocks` when the scenario draws none). */
  readonly clocks: ClockProfile;
  readonly monitors: readonly Monitor<Node, Input, Output>[];
  /** The coverage probe (@cx/sim's coverage recorder): at each sample, the features the run reaches for the first time. */
  readonly coverage: ((cluster: ClusterView<Node>) => readonly number[]) | undefined;
  /** Records the run's causal behaviours, when the run spec asks for them. */
  readonly behaviours: BehaviourRecorder | undefined;
  readonly recordTrace: boolean;
  /** Caps that end a runaway run with a RunLimitError. */
  readonly limits: RunLimits;
}
