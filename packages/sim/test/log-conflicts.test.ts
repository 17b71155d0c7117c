import { describe, expect, it } from "vitest";
import { logConflicts } from "../src/index.js";

const log = (...terms: number[]) => terms.map((term) => ({ term }));

describe("logConflicts", () => {
  it("counts each index where some two logs hold different terms once, and says whether one lies below the commit index", () => {
    const logs = [log(1, 1, 2, 2), log(1, 1, 3), log(1, 2, 3, 4, 4)];
    expect(logConflicts(logs, 1)).toEqual({ longest: 5, conflicts: 3, belowCommit: false });
    expect(logConflicts(logs, 2)).toEqual({ longest: 5, conflicts: 3, belowCommit: true });
  });

  it("finds no conflict where logs only differ in length, nor among no logs", () => {
    expect(logConflicts([log(1, 2), log(1, 2, 2, 3), log()], 4)).toEqual({ longest: 4, conflicts: 0, belowCommit: false });
    expect(logConflicts([], 0)).toEqual({ longest: 0, conflicts: 0, belowCommit: false });
  });
});
