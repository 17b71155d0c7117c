import { isRaftBugName, raftBugs, type RaftBugName } from "@cx/raft";
import { UserError } from "./user-error.js";

/**
 * Parses `--bugs a,b`: defect names separated by commas, or `none` for
 * correct Raft. An unknown name is a usage error that lists the known ones.
 */
export function parseBugList(text: string): RaftBugName[] {
  const trimmed = text.trim();
  if (trimmed === "" || trimmed === "none") return [];
  const names = trimmed.split(",").map((n) => n.trim()).filter((n) => n !== "");
  const unknown = names.filter((n) => !isRaftBugName(n));
  if (unknown.length > 0) {
    throw new UserError(`--bugs: unknown defect ${unknown.map((n) => `"${n}"`).join(", ")}; expected "none" or a comma-separated list of: ${raftBugs.map((b) => b.name).join(", ")}`);
  }
  return [...new Set(names)] as RaftBugName[];
}
