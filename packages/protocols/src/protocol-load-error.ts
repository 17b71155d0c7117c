/**
 * A protocol reference that could not be turned into a plug-in: no such
 * built-in, no such file or package, or a module without a valid plug-in.
 * A user error (the CLI exits 2 with its message), recognised by its tag.
 */
export class ProtocolLoadError extends Error {
  readonly tag = "ProtocolLoadError";
  constructor(
    /** What the user wrote (`--protocol` or a repro's `protocol`). */
    readonly ref: string,
    /** Why, one line per problem. */
    readonly problems: readonly string[],
  ) {
    super(`--protocol ${JSON.stringify(ref)}: ${problems.join("; ")}`);
  }
}

/** Whether a value is a {@link ProtocolLoadError}, by tag (two copies of this package still agree). */
export function isProtocolLoadError(value: unknown): value is ProtocolLoadError {
  return typeof value === "object" && value !== null && (value as { tag?: unknown }).tag === "ProtocolLoadError";
}
