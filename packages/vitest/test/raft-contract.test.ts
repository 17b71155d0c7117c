import { protocolPlugin } from "@cx/raft";
import { describeProtocolContract } from "../src/index.js";

// The contract kit run against a real protocol. The worker loads Raft by its package name. Raft's contract lives
// here, not in @cx/raft (which would need @cx/vitest, a dependency cycle), so this is also where Raft is pinned
// at every cluster size from 1 to 9.
describeProtocolContract(protocolPlugin, { runs: 60, mirrorRuns: 20, module: "@cx/raft", clusterSizes: true });
