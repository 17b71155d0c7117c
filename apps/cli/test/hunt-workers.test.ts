import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cx } from "./run-cli.js";

const dir = mkdtempSync(join(tmpdir(), "cx-workers-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A hunt on `workers` threads, as JSON, without the fields that are about the machine (times, thread count, paths). */
function huntOn(workers: number): Record<string, unknown> {
  const run = cx(["hunt", "--bugs", "no_client_dedup", "--strategy", "portfolio", "--budget", "64", "--seed", "2", "--workers", String(workers), "--shrink-runs", "200", "--save", join(dir, `w${workers}.json`), "--json"]);
  expect(run.status, run.stderr).toBe(1);
  const report = JSON.parse(run.stdout) as Record<string, unknown>;
  expect(report["workers"]).toBe(workers);
  const { elapsedMs: _e, shrinkMs: _s, saved: _p, workers: _w, ...answer } = report;
  return answer;
}

describe("cx hunt --workers", () => {
  it("gives the same violation, trials, choices and story on 1 and 3 worker threads", () => {
    const one = huntOn(1);
    const three = huntOn(3);
    expect(one["found"]).toBe(true);
    expect(three).toEqual(one);
  });

  it("refuses a worker count that is not a positive integer, naming the flag", () => {
    const run = cx(["hunt", "--workers", "0"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("--workers");
  });
});
