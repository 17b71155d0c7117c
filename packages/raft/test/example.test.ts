import { describe, expect, it } from "vitest";
import { findAndReplay } from "../examples/find-a-defect.js";

describe("the README example", () => {
  it("finds a defect's violation and replays it from the recorded choices", () => {
    const lines = findAndReplay("vote_twice_in_term");
    expect(lines[0]).toMatch(/^raft\+vote_twice_in_term, seed \d+: ElectionSafety at \d+ ms$/);
    expect(lines[2]).toMatch(/same violation$/);
  });
});
