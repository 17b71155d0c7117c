/**
 * A node did something its environment cannot allow, so the run cannot go
 * on and its outcome would mean nothing: for instance hosted code reaching
 * for a real socket or the real clock, which would make the run depend on
 * the machine. Not a finding about the protocol (never reported as a
 * violation, never shrunk) and not a bug in cx: the code under test or its
 * adapter must change. The world rethrows it from a node's handler; the CLI
 * reports it as bad input (exit 2).
 *
 * @example
 * ```ts
 * throw new NodeEnvironmentError("s1 used fs.writeFile, which the host does not own");
 * ```
 */
export class NodeEnvironmentError extends Error {
  /** The tag {@link isNodeEnvironmentError} recognises (two copies of @cx/sim still agree). */
  readonly _tag = "NodeEnvironmentError";
  constructor(message: string) {
    super(message);
    this.name = "NodeEnvironmentError";
  }
}

/**
 * Whether `error` is a {@link NodeEnvironmentError}, recognised by its tag.
 *
 * @example
 * ```ts
 * if (isNodeEnvironmentError(error)) process.exitCode = 2;
 * ```
 */
export function isNodeEnvironmentError(error: unknown): error is NodeEnvironmentError {
  return typeof error === "object" && error !== null && (error as { _tag?: unknown })._tag === "NodeEnvironmentError";
}
