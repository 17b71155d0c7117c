import { describe, expect, it } from "vitest";
import { findAndReplay } from "../examples/find-a-defect.js";

describe("the README example", () => {
  it("hunts a defect, shrinks its schedule and replays it from the shrunk choices", () => {
    const lines = findAndReplay("ignore_promised_values");
    expect(lines[0]).toMatch(/^paxos\+ignore_promised_values, run \d+: LeaderCompleteness at \d+ ms$/);
    expect(lines[2]).toMatch(/same invariant$/);
  });
});
