import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cxInProcess } from "./run-cli.js";

const dir = mkdtempSync(join(tmpdir(), "cx-workers-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A hunt on `workers` threads, as JSON, without the fields that are about the machine (times, thread count, paths). */
async function huntOn(workers: number): Promise<Record<string, unknown>> {
  const run = await cxInProcess(["hunt", "--bugs", "no_client_dedup", "--strategy", "portfolio", "--budget", "64", "--seed", "2", "--workers", String(workers), "--shrink-runs", "20", "--save", join(dir, `w${workers}.json`), "--json"]);
  expect(run.status, run.stderr).toBe(1);
  const report = JSON.parse(run.stdout) as Record<string, unknown>;
  expect(report["workers"]).toBe(workers);
  const { elapsedMs: _e, shrinkMs: _s, saved: _p, workers: _w, ...answer } = report;
  return answer;
}

describe("cx hunt --workers", () => {
  it("gives the same violation, trials, choices and story on 1 and 2 worker threads", async () => {
    const one = await huntOn(1);
    const two = await huntOn(2);
    expect(one["found"]).toBe(true);
    expect(two).toEqual(one);
  });

  it("refuses a worker count that is not a positive integer, naming the flag", async () => {
    const run = await cxInProcess(["hunt", "--workers", "0"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("--workers");
  });
});
