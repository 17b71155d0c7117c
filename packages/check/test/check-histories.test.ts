import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkHistories, checkLinearizability, historyVerdict, kvModel, parseHistory, registerModel, tallyHistories } from "../src/index.js";
import type { HistoryInput } from "../src/index.js";

const fixture = (name: string): HistoryInput => ({ name, source: readFileSync(join(import.meta.dirname, "fixtures", name)) });

describe("checkHistories", () => {
  it("gives each history the verdict checkLinearizability gives it alone, in order, with the model it is for", () => {
    const names = ["register-ok-concurrent.jsonl", "register-bad-stale-read.jsonl", "kv-ok-appends.jsonl", "kv-bad-lost-append.jsonl"];
    const checked = [...checkHistories(names.map(fixture))];
    expect(checked.map((c) => c.name)).toEqual(names);
    const alone = names.map((name) => {
      const parsed = parseHistory(fixture(name).source);
      if (!parsed.ok) throw new Error(`${name} does not parse`);
      return parsed.model === "register" ? checkLinearizability(registerModel, parsed.operations).verdict : checkLinearizability(kvModel, parsed.operations).verdict;
    });
    expect(checked.map(historyVerdict)).toEqual(alone);
    expect(checked.map((c) => (c.ok ? c.model : "none"))).toEqual(["register", "register", "kv", "kv"]);
  });

  it("reports a history that does not parse with its errors and goes on with the next", () => {
    const checked = [...checkHistories([{ name: "broken", source: '{"client":0,"call":5,"return":1,"op":"read","value":null,"output":null}\n' }, fixture("register-ok-concurrent.jsonl")])];
    expect(checked[0]).toMatchObject({ ok: false, name: "broken", errors: [{ line: 1, field: "return" }] });
    expect(historyVerdict(checked[1] as (typeof checked)[number])).toBe("ok");
  });

  it("applies the step budget to each history alone, not to the batch", () => {
    const bad = fixture("register-bad-stale-read.jsonl");
    const alone = parseHistory(bad.source);
    if (!alone.ok || alone.model !== "register") throw new Error("fixture");
    const steps = checkLinearizability(registerModel, alone.operations).steps;
    // Three copies, each within the budget alone but not all three together.
    const checked = [...checkHistories([bad, bad, bad], { budgetSteps: steps + 1 })];
    expect(checked.map(historyVerdict)).toEqual(["illegal", "illegal", "illegal"]);
  });

  it("takes its inputs one at a time, so a lazy iterable reads each when its turn comes", () => {
    const read: string[] = [];
    function* lazily(): Generator<HistoryInput> {
      for (const name of ["register-ok-concurrent.jsonl", "register-bad-stale-read.jsonl"]) {
        read.push(name);
        yield fixture(name);
      }
    }
    const batch = checkHistories(lazily());
    batch.next();
    expect(read).toEqual(["register-ok-concurrent.jsonl"]);
  });

  it("insists on the model it is given", () => {
    const [checked] = [...checkHistories([fixture("register-ok-concurrent.jsonl")], { model: "kv" })];
    expect(checked?.ok).toBe(false);
  });
});

describe("tallyHistories", () => {
  it("counts each verdict and ranks invalid over illegal over unknown over ok", () => {
    expect(tallyHistories(["ok", "unknown", "ok"])).toEqual({ counts: { ok: 2, illegal: 0, unknown: 1, invalid: 0 }, worst: "unknown" });
    expect(tallyHistories(["unknown", "illegal", "ok"]).worst).toBe("illegal");
    expect(tallyHistories(["illegal", "invalid"]).worst).toBe("invalid");
    expect(tallyHistories([]).worst).toBe("ok");
  });
});
