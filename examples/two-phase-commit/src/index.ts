export { protocolPlugin, twoPhaseCommitVocabulary } from "./two-phase-commit.js";
export { AtomicityMonitor } from "./atomicity-monitor.js";
export { txClient } from "./tx-client.js";
export { KEYS, participantOf, participantsOf, type CommitMessage, type Key, type Outcome, type TxInput, type TxOutput } from "./commit-terms.js";
