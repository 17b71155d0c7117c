import { Redis } from "ioredis";
import { QueueError } from "./queue-error.js";
import type { QueueUrl } from "./queue-url.js";

/** The connection to Redis went away, or came back (every connection of a link reports through one callback). */
export type RedisLinkEvent = { readonly kind: "lost"; readonly error: string } | { readonly kind: "back" };

/** Connections to one Redis, all closed together. */
export interface RedisLink {
  readonly url: QueueUrl;
  /** The Redis server's version, as it reported it when the link was made. */
  readonly serverVersion: string;
  /** A new connection that reconnects forever and queues commands meanwhile (what BullMQ needs); {@link RedisLink.close} closes it. */
  connection(): Redis;
  /** Closes every connection this link made, waiting at most a second for each to say goodbye. */
  close(): Promise<void>;
}

/** How {@link connectRedis} connects. */
export interface ConnectRedisOptions {
  /** How long the first connection may take before cx gives up (default 5 s). */
  readonly timeoutMs?: number;
  /** Told when Redis goes away and when it is back. */
  readonly onEvent?: (event: RedisLinkEvent) => void;
}

const reason = (error: unknown): string => {
  if (typeof error === "object" && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    if (typeof message === "string" && message !== "") return message;
    if (typeof code === "string") return code;
  }
  return String(error);
};

/**
 * Connects to the Redis at `url` once, with a bounded wait, and returns a
 * link that makes the long-lived connections a queue needs. A Redis that
 * cannot be reached (refused, unknown host, timeout, wrong password) is a
 * {@link QueueError} that names the URL and the reason, before any job is
 * cut or taken.
 *
 * When to use: first thing in a coordinator or worker, with the URL from
 * `parseQueueUrl`.
 *
 * Gotchas: only the first connection is bounded. Afterwards connections
 * retry forever (every 0.25 s to 2 s), so a Redis restarted mid-campaign
 * is waited for; how long is the caller's decision (`onEvent` says when it
 * went and came back).
 *
 * @example
 * ```ts
 * const link = await connectRedis(parseQueueUrl("redis://127.0.0.1:6379"));
 * const queue = new Queue("cx-campaign", { connection: link.connection() });
 * // ...
 * await queue.close();
 * await link.close();
 * ```
 */
export async function connectRedis(url: QueueUrl, options: ConnectRedisOptions = {}): Promise<RedisLink> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const probe = new Redis(url.href, { lazyConnect: true, connectTimeout: timeoutMs, retryStrategy: () => null, maxRetriesPerRequest: 0, enableOfflineQueue: false });
  let lastError: unknown;
  probe.on("error", (error: unknown) => {
    lastError = error;
  });
  let serverVersion: string;
  try {
    await probe.connect();
    const info = await probe.info("server");
    serverVersion = /redis_version:([^\r\n]+)/.exec(info)?.[1] ?? "unknown";
  } catch (error) {
    throw new QueueError(`cannot reach Redis at ${url.display}: ${reason(lastError ?? error)} (is redis-server running there and reachable from this machine?)`, { cause: error });
  } finally {
    probe.disconnect();
  }
  const clients: Redis[] = [];
  let down = false;
  const onEvent = options.onEvent ?? (() => {});
  return {
    url,
    serverVersion,
    connection() {
      const client = new Redis(url.href, { maxRetriesPerRequest: null, connectTimeout: timeoutMs, retryStrategy: (times: number) => Math.min(250 * times, 2000) });
      client.on("error", (error: unknown) => {
        if (down) return;
        down = true;
        onEvent({ kind: "lost", error: reason(error) });
      });
      client.on("ready", () => {
        if (!down) return;
        down = false;
        onEvent({ kind: "back" });
      });
      clients.push(client);
      return client;
    },
    async close() {
      await Promise.all(
        clients.splice(0).map(async (client) => {
          let timer: ReturnType<typeof setTimeout> | undefined;
          const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, 1000)));
          await Promise.race([client.quit().catch(() => {}), grace]);
          clearTimeout(timer);
          client.disconnect();
        }),
      );
    },
  };
}
