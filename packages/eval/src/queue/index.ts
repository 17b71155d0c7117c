/**
 * @cx/eval/queue: the experiment as a campaign on a BullMQ queue in Redis.
 * A coordinator (`createCampaignPool`, passed to `runExperiment`) cuts
 * the experiment's hunts and shrinks into jobs keyed by their content;
 * workers on any number of machines (`startQueueWorker`) run them with the
 * same `runTask` as a local run. A separate entry point, so that loading
 * `@cx/eval` never loads BullMQ.
 */
export { createCampaignPool, type CampaignPool, type CampaignPoolOptions, type CampaignStats } from "./campaign-pool.js";
export { startQueueWorker, type QueueWorker, type QueueWorkerEvent, type QueueWorkerOptions } from "./queue-worker.js";
export { connectRedis, type ConnectRedisOptions, type RedisLink, type RedisLinkEvent } from "./redis-link.js";
export { parseQueueUrl, type QueueUrl } from "./queue-url.js";
export { QueueError, isQueueError } from "./queue-error.js";
export { CAMPAIGN_QUEUE, REFUSED_PREFIX, campaignJobId, isCampaignTask, type CampaignJobData, type CampaignTask } from "./campaign-job.js";
export { hasRedisServer, startLocalRedis, type LocalRedis, type LocalRedisOptions } from "./local-redis.js";
export { inspectCampaignJob, type CampaignJobView } from "./inspect-job.js";
