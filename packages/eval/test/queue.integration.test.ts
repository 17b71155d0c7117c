import { builtinProtocol } from "@cx/protocols";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTaskPool, evalVersion, runTask, type HuntTask } from "../src/index.js";
import {
  campaignJobId,
  connectRedis,
  createCampaignPool,
  hasRedisServer,
  isCampaignTask,
  isQueueError,
  parseQueueUrl,
  startLocalRedis,
  startQueueWorker,
  type LocalRedis,
  type QueueWorker,
  type RedisLink,
} from "../src/queue/index.js";

const raft = builtinProtocol("raft");
if (raft === undefined) throw new Error("@cx/protocols has no built-in raft");
const hunt = (seed: number, budget = 5): HuntTask => ({ kind: "hunt", protocol: "raft", module: raft.module, bugs: ["vote_twice_in_term"], strategy: "random", seed, budget });
const messageOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    expect(isQueueError(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error("expected a QueueError");
};

describe("parseQueueUrl", () => {
  it("takes redis:// and rediss:// URLs with a host, a port, a password and a database number, and shows them without the password", () => {
    expect(parseQueueUrl("redis://127.0.0.1:6379")).toEqual({ href: "redis://127.0.0.1:6379", display: "redis://127.0.0.1:6379" });
    expect(parseQueueUrl("rediss://queue.example:6380/2").display).toBe("rediss://queue.example:6380/2");
    const secret = parseQueueUrl("redis://:s3cret@10.0.0.5:6379/0");
    expect(secret.href).toContain("s3cret");
    expect(secret.display).toBe("redis://:***@10.0.0.5:6379/0");
  });

  it("refuses anything else, saying what was expected and what is wrong", () => {
    expect(messageOf(() => parseQueueUrl("localhost:6379"))).toContain("it has no scheme: write redis://localhost:6379");
    expect(messageOf(() => parseQueueUrl("http://localhost:6379"))).toContain('the scheme is "http"');
    expect(messageOf(() => parseQueueUrl("redis://h:6379/queue"))).toContain('the path "/queue" is not a database number');
    expect(messageOf(() => parseQueueUrl("redis://h:6379?db=1"))).toContain("query");
    expect(messageOf(() => parseQueueUrl("redis://h:99999"))).toContain("not a URL");
    for (const text of ["", "redis://", "6379"]) expect(messageOf(() => parseQueueUrl(text))).toContain("expected a Redis URL such as redis://host:6379");
  });
});

describe("campaignJobId", () => {
  it("is the same for the same task and version on any machine (the module URL is not part of it), and differs for any other task or version", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 2 ** 32 - 1 }), (seed, budget, other) => {
        const task = hunt(seed, budget);
        const id = campaignJobId(task, "1.0.0");
        expect(id).toMatch(/^hunt-[0-9a-f]{32}$/);
        expect(campaignJobId({ ...task, module: "file:///elsewhere/raft.js" }, "1.0.0")).toBe(id);
        expect(campaignJobId(task, "1.0.1")).not.toBe(id);
        if (other !== seed) expect(campaignJobId(hunt(other, budget), "1.0.0")).not.toBe(id);
        expect(campaignJobId({ ...task, budget: budget + 1 }, "1.0.0")).not.toBe(id);
      }),
      { numRuns: 200 },
    );
  });

  it("covers hunts and shrinks; corpus histories and timed batches stay on the coordinator", () => {
    expect(isCampaignTask(hunt(1))).toBe(true);
    expect(isCampaignTask({ kind: "shrink" })).toBe(true);
    expect(isCampaignTask({ kind: "corpus" })).toBe(false);
    expect(isCampaignTask({ kind: "batch" })).toBe(false);
  });
});

// Needs Debian's redis-server; CI installs it, so there a missing server fails the tests instead of skipping them.
describe.skipIf(!hasRedisServer() && process.env["CI"] !== "true")("a campaign pool and a queue worker on a real Redis", () => {
  let redis: LocalRedis;
  let link: RedisLink;
  let worker: QueueWorker | undefined;
  beforeAll(async () => {
    redis = await startLocalRedis();
    link = await connectRedis(parseQueueUrl(redis.url));
  });
  afterAll(async () => {
    await worker?.close({ force: true });
    await link?.close();
    await redis?.stop();
  });

  // Patience covers Redis answering too: long enough that a loaded machine's Redis still answers within it.
  it("gives up with a QueueError naming the command to run when no worker connects within its patience", async () => {
    const pool = await createCampaignPool({ link, cxVersion: evalVersion, local: createTaskPool({ workers: 0 }), patienceMs: 3000, pollMs: 100 });
    try {
      const error = await pool.run(hunt(1)).catch((e: unknown) => e);
      expect(isQueueError(error)).toBe(true);
      expect(String(error)).toContain(`no cx worker has been connected to ${redis.url}`);
      expect(String(error)).toContain(`cx worker --queue ${redis.url}`);
    } finally {
      await pool.destroy();
    }
  });

  it("runs hunts on the worker with the same outputs as runTask here, resolves a task asked twice once, and removes the finished jobs when told", async () => {
    worker = await startQueueWorker({ link, cxVersion: evalVersion, threads: 1, protocols: [raft] });
    const pool = await createCampaignPool({ link, cxVersion: evalVersion, local: createTaskPool({ workers: 0 }), pollMs: 100 });
    try {
      const tasks = [hunt(1), hunt(2), hunt(3), hunt(1)];
      const outputs = await Promise.all(tasks.map((t) => pool.run(t)));
      const here = tasks.map((t) => runTask(t, [raft.plugin]));
      expect(outputs.map(({ ms: _ms, ...rest }) => rest)).toEqual(here.map(({ ms: _ms, ...rest }) => rest));
      expect(pool.stats()).toMatchObject({ jobs: 3, fromQueue: 0, local: 0 });
      expect(Object.values(pool.stats().byWorker)).toEqual([3]);
      expect(await pool.forget()).toBe(3);
    } finally {
      await pool.destroy();
    }
  });

  it("is refused by a worker of another cx version or without the protocol, as a QueueError that says so", async () => {
    const pool = await createCampaignPool({ link, cxVersion: "0.0.0-other", local: createTaskPool({ workers: 0 }), pollMs: 100 });
    try {
      const other = await pool.run(hunt(4)).catch((e: unknown) => e);
      expect(isQueueError(other)).toBe(true);
      expect(String(other)).toContain("but the job was cut by cx 0.0.0-other: run the same cx version on every machine");
    } finally {
      await pool.forget();
      await pool.destroy();
    }
    const same = await createCampaignPool({ link, cxVersion: evalVersion, local: createTaskPool({ workers: 0 }), pollMs: 100 });
    try {
      const missing = await same.run({ ...hunt(5), protocol: "no-such-protocol", module: "file:///nowhere/protocol.js" }).catch((e: unknown) => e);
      expect(isQueueError(missing)).toBe(true);
      expect(String(missing)).toContain('has no protocol "no-such-protocol"');
    } finally {
      await same.forget();
      await same.destroy();
    }
  });
});
