import { GeneratedChoices, ReplayedChoices } from "@cx/sim";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatReproErrors, parseRepro, serializeRepro, type Repro } from "../src/index.js";
import { createToyTarget } from "./fixtures/toy-target.js";

const target = createToyTarget({ termBound: 3 });

function reproOf(choices: number[], violation: { invariant: string; message: string }): Repro {
  return {
    formatVersion: 1,
    cxVersion: "0.1.0",
    protocol: "toy",
    bugs: ["lease"],
    scenario: { ticks: 20, mode: "default", strict: true },
    choices,
    violation,
    metadata: {
      found: { strategy: "random", seed: 7, trials: 12 },
      shrink: { decisionsBefore: 60, decisionsAfter: choices.length, nonZeroAfter: 3, candidateRuns: 100, ms: 1.5, converged: true, rounds: 2 },
      createdAt: "2025-01-31T12:00:00Z",
    },
  };
}

const valid = serializeRepro(reproOf([1, 0, 96], { invariant: "lease-safety", message: "two leases" }));

function errorsOf(text: string): { path: string; message: string }[] {
  const parsed = parseRepro(text);
  if (parsed.ok) throw new Error("expected the file to be rejected");
  return parsed.errors;
}

function edit(change: (data: Record<string, unknown>) => void): string {
  const data = JSON.parse(valid) as Record<string, unknown>;
  change(data);
  return JSON.stringify(data);
}

describe("reproduction files", () => {
  it("replays a saved reproduction to the same outcome (serialize, parse, replay)", () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const original = target.run(new GeneratedChoices(seed));
        const violation = original.violation ?? { invariant: "none", message: "no violation" };
        const parsed = parseRepro(serializeRepro(reproOf([...original.choices], violation)));
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        const replayed = target.run(new ReplayedChoices(parsed.value.choices));
        expect(replayed.choices).toEqual(original.choices);
        expect(replayed.violation).toEqual(original.violation);
        expect(replayed.coverage).toEqual(original.coverage);
        expect(parsed.value.violation).toEqual(violation);
      }),
      { numRuns: 100 },
    );
  });

  it("round-trips every field, metadata included, and keeps the choices on one line", () => {
    const parsed = parseRepro(valid);
    expect(parsed.ok && parsed.value).toEqual(reproOf([1, 0, 96], { invariant: "lease-safety", message: "two leases" }));
    expect(valid).toContain('"choices": [1,0,96]');
    expect(valid.endsWith("\n")).toBe(true);
  });

  it("accepts a file without metadata", () => {
    expect(parseRepro(edit((d) => delete d["metadata"])).ok).toBe(true);
  });

  it("rejects invalid JSON with a clear message and no stack trace", () => {
    const [error] = errorsOf('{"formatVersion": 1,\n  "choices": [1, 2,');
    expect(error?.path).toBe("");
    expect(error?.message).toMatch(/^the file is not valid JSON: /);
    expect(error?.message).not.toMatch(/\bat .*\(/);
  });

  it("rejects a wrong formatVersion, naming the field and the version expected", () => {
    expect(errorsOf(edit((d) => (d["formatVersion"] = 2)))).toEqual([{ path: "formatVersion", message: "expected formatVersion 1 (the only format this cx reads), got 2" }]);
  });

  it("rejects a negative choice, naming its index", () => {
    expect(errorsOf(edit((d) => (d["choices"] = [1, -3, 0])))).toEqual([{ path: "choices[1]", message: "expected a non-negative integer, got -3" }]);
  });

  it("rejects a fractional choice", () => {
    expect(errorsOf(edit((d) => (d["choices"] = [1.5])))[0]?.path).toBe("choices[0]");
  });

  it("rejects a field of the wrong type, saying what was found", () => {
    expect(errorsOf(edit((d) => (d["bugs"] = "lease")))).toEqual([{ path: "bugs", message: 'expected an array of defect names (strings), got "lease"' }]);
    expect(errorsOf(edit((d) => (d["choices"] = { 0: 1 })))[0]?.path).toBe("choices");
  });

  it("rejects a missing field, saying it is missing", () => {
    expect(errorsOf(edit((d) => delete d["violation"]))).toEqual([{ path: "violation", message: "expected an object { invariant, message }, got nothing (the field is missing)" }]);
    expect(errorsOf(edit((d) => (d["violation"] = { message: "x" })))[0]?.path).toBe("violation.invariant");
  });

  it("rejects a createdAt that is not an ISO date-time and a scenario value that is not a scalar", () => {
    const errors = errorsOf(edit((d) => {
      (d["metadata"] as Record<string, unknown>)["createdAt"] = "yesterday";
      d["scenario"] = { clients: [3] };
    }));
    expect(errors.map((e) => e.path).sort()).toEqual(["metadata.createdAt", "scenario.clients"]);
  });

  it("rejects a document that is not an object", () => {
    expect(errorsOf("[1, 2, 3]")[0]?.message).toMatch(/^expected a JSON object/);
  });

  it("formats errors one per line, naming the field", () => {
    expect(formatReproErrors([{ path: "choices[1]", message: "expected a non-negative integer, got -3" }, { path: "", message: "bad" }])).toBe(
      "field choices[1]: expected a non-negative integer, got -3\nbad",
    );
  });

  it("refuses to serialize an invalid value (a programmer error)", () => {
    expect(() => serializeRepro({ ...reproOf([1], { invariant: "x", message: "y" }), choices: [-1] })).toThrow();
  });
});
