export { protocolPlugin, vrDefectFlags, vrDefects, vrVocabulary, type VrDefectName } from "./viewstamped-replication.js";
export { NO_DEFECTS, VrReplica, type VrDefects } from "./replica.js";
export { vrClusterViews, vrReplicaView } from "./replica-view.js";
export { chooseLog, sharedPrefix, type ViewChangeVote } from "./log-choice.js";
export { PrepareOks } from "./prepare-oks.js";
export { describeVrMessage, majorityOf, primaryOf, type VrEntry, type VrMessage, type VrStatus, type VrStored } from "./vr-terms.js";
