import { Job, Queue } from "bullmq";
import { CAMPAIGN_QUEUE, type CampaignJobData } from "./campaign-job.js";
import type { RedisLink } from "./redis-link.js";

/** Where one job of the campaign queue stands. */
export interface CampaignJobView {
  /** BullMQ's state: waiting, active, completed, failed, ... */
  readonly state: string;
  /** The worker that took it last (host/pid), if any did. */
  readonly processedBy: string | null;
  /** Times it was taken back from a worker that stopped renewing its lock. */
  readonly stalledCounter: number;
  /** Times a worker started it. */
  readonly attemptsStarted: number;
  readonly key: string;
}

/**
 * Looks up one job of the campaign queue by id (`campaignJobId`), or null
 * when Redis has no such job.
 *
 * When to use: to see who holds a job and whether it was taken over (tests
 * kill a worker only while it holds one; an operator checks a stuck job).
 *
 * @example
 * ```ts
 * const view = await inspectCampaignJob(link, "hunt-5f0c…");
 * view?.state; // "active"
 * ```
 */
export async function inspectCampaignJob(link: RedisLink, id: string): Promise<CampaignJobView | null> {
  const connection = link.connection();
  const queue = new Queue<CampaignJobData>(CAMPAIGN_QUEUE, { connection });
  queue.on("error", () => {});
  try {
    const job = await Job.fromId<CampaignJobData>(queue, id);
    if (job === undefined) return null;
    return { state: await job.getState(), processedBy: job.processedBy ?? null, stalledCounter: job.stalledCounter, attemptsStarted: job.attemptsStarted, key: job.data.key };
  } finally {
    await queue.close();
    connection.disconnect();
  }
}
