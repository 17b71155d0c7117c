import { describeProtocolContract } from "@cx/vitest";
import { protocolPlugin } from "../src/index.js";

// The laws every cx protocol keeps, from @cx/vitest's contract kit: the all-zeros run is healthy, the same
// choices give the same trace (twice and in a worker thread) and different seeds different ones, a replay
// equals the original, the monitor's mirror of each learned log equals the node's, correct Paxos is clean
// over generated runs, and it survives hostile hunt schedules and answers clients at every cluster size from 1 to 9.
describeProtocolContract(protocolPlugin, { runs: 100, module: new URL("../src/index.ts", import.meta.url), clusterSizes: true });
