import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { deterministicView, fullExperiment, readResults, type ExperimentConfig, type ExperimentResults } from "@cx/eval";
import { connectRedis, hasRedisServer, inspectCampaignJob, parseQueueUrl, startLocalRedis, type LocalRedis } from "@cx/eval/queue";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { runBench } from "../src/commands/bench.js";
import { runCampaign, type CampaignReport } from "../src/commands/campaign.js";
import { startScript, startWorker, type CxProcess } from "./campaign-processes.js";
import { cxInProcess, repoRoot } from "./run-cli.js";

/** Node's --import of a module hook that makes loading bullmq or ioredis fail loudly. */
const NO_QUEUE_HOOK = `data:text/javascript,${encodeURIComponent(
  `import { register } from "node:module"; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent('export async function resolve(s, c, next) { if (s === "bullmq" || s === "ioredis") throw new Error("LOADED-" + s); return next(s, c); }')}`)});`,
)}`;

/** Two defects, one seed: about 10 hunts and 2 shrinks, each long enough to be killed in. */
const config: ExperimentConfig = {
  ...fullExperiment,
  bugs: ["vote_twice_in_term", "no_client_dedup"],
  trustSeeds: [101],
  trustBudget: 30,
  trialBudget: 25,
  trialSeeds: [1],
  escalatedBudget: 35,
  escalatedSeeds: [1],
  shrinkCandidatesMax: 60,
  throughputRuns: 3,
  throughputBatches: 1,
  corpusBudgetSteps: null,
  speedupTasks: 0,
};

const folders: string[] = [];
const tmp = (): string => {
  const dir = mkdtempSync(join(tmpdir(), "cx-campaign-"));
  folders.push(dir);
  return dir;
};

// Everything a test starts is stopped after it, passed or failed (the shared Redis and workers after the last).
const started: CxProcess[] = [];
afterEach(async () => {
  const stopping = started.splice(0);
  for (const p of stopping) p.kill("SIGKILL");
  await Promise.all(stopping.map((p) => p.exited));
});
afterAll(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const track = (p: CxProcess): CxProcess => {
  started.push(p);
  return p;
};

let local: ExperimentResults | undefined;
/** The same configuration run locally, inline: what every campaign must reproduce. */
async function localResults(): Promise<ExperimentResults> {
  local ??= (await runBench({ quick: true, config, protocols: ["raft"], workers: 0, out: tmp(), json: true, corpusDir: null })).results;
  return local;
}

const freePortUrl = async (): Promise<string> => {
  const redis = await startLocalRedis();
  await redis.stop();
  return redis.url;
};

describe("cx campaign and cx worker: the commands", () => {
  it("describe themselves in --help: the queue, what resumes, how a dead worker's job is taken over", async () => {
    const campaign = await cxInProcess(["campaign", "--help"]);
    expect(campaign.status).toBe(0);
    expect(campaign.stdout).toContain("--queue <url>");
    expect(campaign.stdout).toContain("--patience <seconds>");
    expect(campaign.stdout).toContain("--quick");
    expect(campaign.stdout).toContain("A restarted coordinator resumes");
    const worker = await cxInProcess(["worker", "--help"]);
    expect(worker.status).toBe(0);
    expect(worker.stdout).toContain("--threads <n>");
    expect(worker.stdout).toContain("--lock-seconds <s>");
    expect(worker.stdout).toContain("the coordinator counts it once");
  });

  it("load BullMQ only when they run: cx --help and a local cx bench never import it", () => {
    // One process: cx --help, then cx bench up to its first check, then (the control) a campaign, which must load it.
    const script = `
      const { runCli } = await import(${JSON.stringify(pathToFileURL(join(repoRoot, "apps/cli/src/cli.ts")).href)});
      const codes = [await runCli(["--help"]), await runCli(["bench", "--quick", "--out", ""])];
      process.stderr.write("\\n=== control ===\\n");
      codes.push(await runCli(["campaign", "--queue", "redis://127.0.0.1:1"]));
      process.stdout.write("\\n" + JSON.stringify(codes) + "\\n");`;
    const run = spawnSync(process.execPath, ["--import", NO_QUEUE_HOOK, "--conditions=@cx/source", "--import", "tsx", "--input-type=module", "-e", script], {
      cwd: repoRoot,
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1", CX_DEBUG: "1" },
    });
    const [before, control] = run.stderr.split("=== control ===");
    expect(JSON.parse(run.stdout.trim().split("\n").at(-1) ?? "null"), run.stderr).toEqual([0, 2, 70]);
    expect(run.stdout).toContain("campaign");
    expect(before).toContain("--out: expected a folder name");
    expect(before).not.toContain("LOADED-");
    // The hook does bite: a campaign loads the queue. Which of its two modules the loader resolves first varies
    // from run to run (the module graph is resolved concurrently), so either name proves it.
    expect(control).toMatch(/LOADED-(bullmq|ioredis)/);
  });

  it("refuse a queue URL that is no Redis URL, naming --queue and what was expected, exit 2 without a stack trace", async () => {
    for (const command of ["campaign", "worker"]) {
      const { status, stderr } = await cxInProcess([command, "--queue", "localhost:6379"]);
      expect(status).toBe(2);
      expect(stderr).toContain("--queue: expected a Redis URL such as redis://host:6379");
      expect(stderr).toContain("write redis://localhost:6379");
      expect(stderr).not.toMatch(/\n\s+at /);
    }
    const { status, stderr } = await cxInProcess(["campaign", "--queue", "http://example.com"]);
    expect(status).toBe(2);
    expect(stderr).toContain('the scheme is "http"');
  });

  it.skipIf(!hasRedisServer() && process.env["CI"] !== "true")("refuse a Redis nobody listens on, with the address and the reason, exit 2 without a stack trace", async () => {
    const url = await freePortUrl();
    for (const command of ["campaign", "worker"]) {
      const { status, stderr } = await cxInProcess([command, "--queue", url]);
      expect(status).toBe(2);
      expect(stderr).toContain(`cannot reach Redis at ${url}`);
      expect(stderr).toContain("ECONNREFUSED");
      expect(stderr).not.toMatch(/\n\s+at /);
    }
  });
});

// Needs Debian's redis-server; CI installs it, so there a missing server fails the test instead of skipping it.
// One persistent Redis and two workers for both tests (starting a worker costs seconds): the first test kills one,
// the second restarts Redis under the other.
describe.skipIf(!hasRedisServer() && process.env["CI"] !== "true")("a campaign on a real Redis", () => {
  let redis: LocalRedis;
  const workers: CxProcess[] = [];
  let expected: Promise<ExperimentResults>;
  beforeAll(async () => {
    redis = await startLocalRedis({ persistent: true });
    workers.push(startWorker(redis.url), startWorker(redis.url));
    expected = localResults();
    // Awaited in the tests; a failure must not also surface as an unhandled rejection before that.
    expected.catch(() => {});
    await Promise.all(workers.map((w) => w.waitForLine(/takes jobs from/)));
  });
  afterAll(async () => {
    for (const w of workers) w.kill("SIGKILL");
    await Promise.all(workers.map((w) => w.exited));
    await redis?.stop();
  });

  it("with two worker processes, one killed with SIGKILL mid-job, merges the same results as a local run: the job is taken over and counted once", async () => {
    const [victim, survivor] = workers as [CxProcess, CxProcess];
    const victimName = `${hostname()}/${victim.pid}`;
    const link = await connectRedis(parseQueueUrl(redis.url));
    // Kill the first worker while Redis says it holds a job.
    const killed = (async (): Promise<string> => {
      let from = 0;
      for (;;) {
        const { line, index } = await victim.waitForLine(/started \S+/, { from });
        from = index + 1;
        const id = /started (\S+)/.exec(line)?.[1] ?? "";
        const view = await inspectCampaignJob(link, id);
        if (view?.state === "active" && view.processedBy === victimName) {
          victim.kill("SIGKILL");
          return id;
        }
      }
    })();
    let report: CampaignReport;
    const out = tmp();
    try {
      ({ report } = await runCampaign({ quick: true, config, protocols: ["raft"], json: true, out, corpusDir: null }, { queue: redis.url, pollMs: 200, onStatus: () => {} }));
      const killedJob = await killed;
      expect(await victim.exited).toBeNull();
      expect(killedJob).toMatch(/^(hunt|shrink)-/);
    } finally {
      await link.close();
    }
    const { campaign } = report;
    // The trust hunts, the trial hunts, the escalated ones, one shrink per defect found.
    expect(campaign.jobs).toBeGreaterThanOrEqual(10);
    expect(campaign.recovered).toBeGreaterThanOrEqual(1);
    expect(campaign.fromQueue).toBe(0);
    expect(Object.keys(campaign.byWorker)).toContain(`${hostname()}/${survivor.pid}`);
    expect(campaign.removedJobs).toBe(campaign.jobs);
    const results = readResults(join(out, "results.json"));
    expect(results.complete).toBe(true);
    expect(deterministicView(results)).toEqual(deterministicView(await expected));
  });

  it("resumes after the coordinator is killed and Redis restarted (twice, with persistence), and still merges the same results as a local run", async () => {
    const worker = workers[1] as CxProcess;
    const out = tmp();
    const cells = (): number => (existsSync(join(out, ".cells")) ? readdirSync(join(out, ".cells")).length : 0);
    const coordinator = (): CxProcess => track(startScript(join(repoRoot, "apps/cli/test/fixtures/campaign-coordinator.ts"), [redis.url, out, JSON.stringify(config)]));
    const until = async (condition: () => boolean, what: string, ms = 60_000): Promise<void> => {
      const deadline = Date.now() + ms;
      while (!condition()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    // The first coordinator merges the trust run (a hunt per strategy and trust seed), cuts the trials, and dies once the worker is on them.
    const first = coordinator();
    await worker.waitForLine(/started \S+ hunt\|raft\|[a-z]/, { from: worker.stderrLines.length });
    const trustHunts = config.strategies.length * config.trustSeeds.length;
    expect(cells()).toBe(trustHunts);
    first.kill("SIGKILL");
    expect(await first.exited).toBeNull();
    await redis.restart();

    // The second finds the merged tasks on disk and the jobs in the queue; Redis restarts under it once more.
    const second = coordinator();
    const merged = cells();
    await until(() => cells() > merged || second.child.exitCode !== null, "the second coordinator to merge a task");
    await redis.restart();
    const code = await second.exited;
    expect(code, second.stderrLines.join("\n")).toBe(0);
    const report = JSON.parse(second.stdout()) as CampaignReport;
    const results = readResults(join(out, "results.json"));
    expect(results.complete).toBe(true);
    expect(results.resumedTasks).toBeGreaterThanOrEqual(trustHunts);
    // The trials the worker finished while no coordinator was alive came from the queue.
    expect(report.campaign.fromQueue).toBeGreaterThanOrEqual(1);
    expect(deterministicView(results)).toEqual(deterministicView(await expected));
  });
});
