import { RESULTS_SCHEMA_VERSION } from "./results.js";

const int = { type: "integer", minimum: 0 } as const;
const num = { type: "number" } as const;
const nullableNum = { type: ["number", "null"] } as const;
const str = { type: "string" } as const;
const violation = {
  type: "object",
  required: ["invariant", "message", "time", "step"],
  properties: { invariant: str, message: str, time: num, step: int },
} as const;
const hunt = {
  type: "object",
  required: ["seed", "budget", "found", "trials", "violation", "decisions", "events", "ms"],
  properties: {
    seed: { type: "integer" },
    budget: int,
    found: { type: "boolean" },
    trials: int,
    violation: { oneOf: [{ type: "null" }, violation] },
    decisions: { type: ["integer", "null"] },
    events: int,
    ms: num,
  },
} as const;
const status = { enum: ["done", "skipped", "pending"] } as const;

/**
 * A JSON Schema (draft 2020-12) of `results.json`, matching
 * {@link ExperimentResults} in its required fields and main shapes (the
 * TypeScript type is the full definition).
 *
 * When to use: validating a results file outside TypeScript; the bench
 * writes it beside the results as `results.schema.json`.
 *
 * @example
 * ```ts
 * writeFileSync("results/results.schema.json", JSON.stringify(resultsJsonSchema, null, 2));
 * ```
 */
export const resultsJsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  title: "cx experiment results",
  type: "object",
  required: [
    "schemaVersion", "kind", "complete", "mode", "cxVersion", "startedAt", "finishedAt", "elapsedMs", "machine", "workers",
    "resumedTasks", "config", "bugs", "headline", "trust", "trials", "shrinks", "throughput", "corpus", "speedup",
  ],
  properties: {
    schemaVersion: { const: RESULTS_SCHEMA_VERSION },
    kind: { const: "cx-experiment" },
    complete: { type: "boolean" },
    mode: { enum: ["full", "quick", "custom"] },
    cxVersion: str,
    startedAt: { type: "string", format: "date-time" },
    finishedAt: { type: "string", format: "date-time" },
    elapsedMs: num,
    machine: {
      type: "object",
      required: ["platform", "release", "arch", "cpuModel", "cores", "memoryBytes", "nodeVersion"],
      properties: { platform: str, release: str, arch: str, cpuModel: str, cores: int, memoryBytes: int, nodeVersion: str, loadAverage: { type: "array", items: num } },
    },
    workers: int,
    resumedTasks: int,
    config: { type: "object" },
    bugs: { type: "array", items: { type: "object", required: ["name", "mistake", "caughtBy"], properties: { name: str, mistake: str, caughtBy: str } } },
    headline: { type: "object" },
    trust: {
      type: "object",
      required: ["passed", "schedules", "violations", "rows", "firstViolation"],
      properties: {
        passed: { type: "boolean" },
        schedules: int,
        violations: int,
        rows: { type: "array", items: { type: "object", required: ["strategy", "hunts", "schedules", "violations"], properties: { strategy: str, hunts: { type: "array", items: hunt } } } },
      },
    },
    trials: {
      type: "object",
      required: ["status", "cells"],
      properties: {
        status,
        cells: {
          type: "array",
          items: {
            type: "object",
            required: ["bug", "strategy", "rounds", "budget", "found", "seeds", "trials", "medianTrials", "invariants"],
            properties: {
              bug: str,
              strategy: str,
              rounds: { type: "array", items: { type: "object", required: ["budget", "hunts", "found", "seeds"], properties: { hunts: { type: "array", items: hunt } } } },
              budget: int,
              found: int,
              seeds: int,
              trials: { type: "array", items: { type: ["integer", "null"] } },
              medianTrials: nullableNum,
              invariants: { type: "object", additionalProperties: int },
            },
          },
        },
      },
    },
    shrinks: {
      type: "object",
      required: ["status", "rows"],
      properties: {
        status,
        rows: {
          type: "array",
          items: {
            type: "object",
            required: ["bug", "source", "status", "decisionsBefore", "decisionsAfter", "nonZeroAfter", "storySteps", "candidateRuns", "converged", "ms", "replaysExactly", "counterexample"],
            properties: {
              bug: str,
              status: { enum: ["shrunk", "not-found", "not-reproduced"] },
              counterexample: {
                oneOf: [
                  { type: "null" },
                  {
                    type: "object",
                    required: ["bugs", "choices", "violation", "storyHeadline", "storySteps", "storyText", "svg", "repro"],
                    properties: { choices: { type: "array", items: int }, violation, svg: str, repro: str, storyText: str },
                  },
                ],
              },
            },
          },
        },
      },
    },
    throughput: { type: ["object", "null"] },
    corpus: { type: ["object", "null"] },
    speedup: { type: ["object", "null"] },
  },
} as const;
