/**
 * Something wrong with the queue a campaign runs on, not with cx: a URL
 * that is no Redis URL, a Redis that cannot be reached or stayed away too
 * long, no worker for too long, a worker that cannot run a job (another cx
 * version, a protocol it does not have). Recognised by its tag, not by
 * `instanceof`, so a copy of this package loaded twice still agrees.
 *
 * When to use: a front end (the CLI) turns it into a message without a
 * stack trace and its exit code for bad input or environment (2).
 *
 * @example
 * ```ts
 * try { await connectRedis(parseQueueUrl("redis://nowhere:6379")); }
 * catch (error) { if (isQueueError(error)) console.error(error.message); }
 * ```
 */
export class QueueError extends Error {
  readonly _tag = "QueueError";
  constructor(message: string, options?: { readonly cause?: unknown }) {
    super(message, options);
    this.name = "QueueError";
  }
}

/**
 * Whether `error` is a {@link QueueError}.
 *
 * @example
 * ```ts
 * if (isQueueError(error)) process.exitCode = 2;
 * ```
 */
export function isQueueError(error: unknown): error is QueueError {
  return typeof error === "object" && error !== null && (error as { _tag?: unknown })._tag === "QueueError";
}
