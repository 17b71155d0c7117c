import { QueueError } from "./queue-error.js";

/** A checked Redis URL: what to connect to, and how to show it without its password. */
export interface QueueUrl {
  /** The URL as given, for the Redis client. */
  readonly href: string;
  /** The same URL with any password replaced by `***`, for messages and logs. */
  readonly display: string;
}

const EXAMPLE = "redis://host:6379 (or rediss:// for TLS, redis://:password@host:6379/0 with a password and a database number)";

/**
 * Checks a queue URL before anything connects: `redis://` or `rediss://`,
 * a host, an optional port and an optional database number, nothing else.
 *
 * When to use: on the `--queue` value of the coordinator and of every
 * worker, so a typo is one clear message instead of a connection error.
 *
 * Gotchas: throws a {@link QueueError} naming what was expected; it does
 * not connect (see `connectRedis`).
 *
 * @example
 * ```ts
 * parseQueueUrl("redis://:secret@10.0.0.5:6379").display; // "redis://:***@10.0.0.5:6379"
 * parseQueueUrl("localhost:6379"); // throws: expected redis://host:6379 ...
 * ```
 */
export function parseQueueUrl(text: string): QueueUrl {
  const wrong = (why: string): QueueError => new QueueError(`expected a Redis URL such as ${EXAMPLE}; got "${text}": ${why}`);
  if (!text.includes("://")) throw wrong(`it has no scheme: write redis://${text}`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw wrong("not a URL");
  }
  if (url.protocol !== "redis:" && url.protocol !== "rediss:") throw wrong(`the scheme is "${url.protocol.replace(/:$/, "")}", not redis or rediss`);
  if (url.hostname === "") throw wrong("it names no host");
  if (url.pathname !== "" && url.pathname !== "/" && !/^\/\d{1,2}$/.test(url.pathname)) throw wrong(`the path "${url.pathname}" is not a database number`);
  if (url.search !== "" || url.hash !== "") throw wrong("it has a query or a fragment, which cx does not read");
  const shown = new URL(url.href);
  if (shown.password !== "") shown.password = "***";
  return { href: url.href, display: shown.href.replace(/\/$/, "") };
}
