import { protocolPlugin } from "@cx/raft";
import { scheduleProperty } from "@cx/vitest";
import { describe, test } from "vitest";

describe("Raft under hostile schedules", () => {
  // Correct Raft: 50 runs of delays, drops, crashes and partitions break nothing, so the test passes.
  test("keeps every property", scheduleProperty(protocolPlugin, { budget: 50, seed: 1 }), 120_000);

  // A seeded defect: the hunt finds a schedule that elects two leaders in one term, shrinks it,
  // saves it to __cx__/ beside this file and fails with its story and the commands that replay it.
  test("keeps one leader per term with vote_twice_in_term", scheduleProperty(protocolPlugin, { defects: ["vote_twice_in_term"], budget: 100 }), 120_000);
});
