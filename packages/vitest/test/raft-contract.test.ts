import { protocolPlugin } from "@cx/raft";
import { describeProtocolContract } from "../src/index.js";

// The contract kit run against a real protocol. The worker loads Raft by its package name.
describeProtocolContract(protocolPlugin, { runs: 60, mirrorRuns: 20, module: "@cx/raft" });
