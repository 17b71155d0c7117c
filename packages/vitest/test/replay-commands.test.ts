import { execFileSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { TestContext } from "vitest";
import { replayCommands, reproPathFor, sanitiseTestName } from "../src/index.js";
import { testIdentity } from "../src/schedule-property.js";
import { escapeRegExp, shellWord } from "../src/replay-commands.js";

describe("the replay commands", () => {
  it("are the env-var form of a vitest run and npx cx replay", () => {
    expect(replayCommands({ reproPath: "test/__cx__/a.repro.json", testFile: "test/raft.test.ts", testName: "raft holds", protocol: "raft" })).toEqual({
      vitest: 'CX_REPLAY=test/__cx__/a.repro.json npx vitest run test/raft.test.ts -t "raft holds"',
      cli: "npx cx replay test/__cx__/a.repro.json --protocol raft",
    });
  });

  it("escape what -t would read as a regular expression", () => {
    expect(replayCommands({ reproPath: "a.json", testFile: "t.ts", testName: "survives (seed 1)", protocol: "raft" }).vitest).toBe("CX_REPLAY=a.json npx vitest run t.ts -t 'survives \\(seed 1\\)'");
    expect(new RegExp(escapeRegExp("a.b*c (d) [e] $f")).test("x a.b*c (d) [e] $f y")).toBe(true);
  });

  it("law: a shell reads every quoted word back as the text it came from", () => {
    const words = fc.sample(fc.string({ unit: fc.constantFrom("a", " ", "'", '"', "$", "`", "\\", "!", "(", "*", "é", "-"), maxLength: 12 }), { numRuns: 40, seed: 7 });
    const script = words.map((w) => `printf '%s\\n' ${shellWord(w)}`).join("\n");
    expect(execFileSync("sh", ["-c", script], { encoding: "utf8" }).split("\n").slice(0, -1)).toEqual(words);
  });
});

describe("the test a property runs in", () => {
  it("is named as vitest's -t matches it: describe blocks first, the file left out", () => {
    const file = { name: "test/raft.test.ts", filepath: "/repo/test/raft.test.ts" };
    const outer = { name: "Raft", suite: file };
    const inner = { name: "under partitions", suite: outer };
    const task = { name: "keeps one leader", file, suite: inner } as unknown as TestContext["task"];
    expect(testIdentity({ task })).toEqual({ file: "/repo/test/raft.test.ts", name: "Raft under partitions keeps one leader" });
  });
});

describe("the reproduction's file name", () => {
  it("is the test name in lower case with every other run of characters one dash", () => {
    expect(sanitiseTestName("Raft > survives 200 schedules (seed 1)")).toBe("raft-survives-200-schedules-seed-1");
    expect(sanitiseTestName("!!!")).toBe("schedule");
    expect(reproPathFor({ testDir: "/p/test", saveTo: "__cx__", testName: "A b" })).toBe("/p/test/__cx__/a-b.repro.json");
    expect(reproPathFor({ testDir: "/p/test", saveTo: "/elsewhere", testName: "A b" })).toBe("/elsewhere/a-b.repro.json");
  });

  it("law: is always a short, safe file name", () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), (name) => /^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/.test(sanitiseTestName(name))), { numRuns: 300 });
  });
});
