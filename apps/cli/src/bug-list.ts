import { raftBugs, type RaftBugName } from "@cx/raft";
import { parseNameList } from "./name-list.js";

/**
 * Parses `--bugs a,b`: defect names separated by commas, or `none` for
 * correct Raft. An empty list or an unknown name is a usage error (with a
 * did-you-mean) that lists the known ones.
 */
export function parseBugList(text: string): RaftBugName[] {
  return parseNameList(text, { flag: "--bugs", known: raftBugs.map((b) => b.name), noneWord: "none", noun: "defect" }) as RaftBugName[];
}
