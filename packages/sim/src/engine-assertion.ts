/**
 * An engine's own invariant broke: a bug in cx (the world, a protocol
 * node's bookkeeping), never a finding about the protocol under test.
 * Named `AssertionError`, like node's, so a test runner and a reader see at
 * once that the engine, not the protocol, is wrong; the message names the
 * state that broke the invariant.
 *
 * When to use: in engine code, where a value the code itself maintains
 * (the clock, an index it advances) is out of line. Never for a property of
 * the protocol: a seeded defect breaks those, and the monitors report them
 * as violations. An assertion that fires under a defect is the wrong
 * assertion.
 *
 * Gotchas: check with a plain `if` and build the message only on failure;
 * these checks sit on the hot path.
 *
 * @example
 * ```ts
 * if (event.time < now) throw new EngineAssertionError(`the clock went back: t=${event.time} after t=${now}`);
 * ```
 */
export class EngineAssertionError extends Error {
  override readonly name = "AssertionError";
  /** The tag {@link isEngineAssertion} recognises (two copies of @cx/sim still agree). */
  readonly cxEngineAssertion = true;
}

/**
 * Whether `error` is an {@link EngineAssertionError}, recognised by its tag
 * rather than `instanceof`.
 *
 * @example
 * ```ts
 * if (isEngineAssertion(error)) throw error; // a bug in cx: never a finding
 * ```
 */
export function isEngineAssertion(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { cxEngineAssertion?: unknown }).cxEngineAssertion === true;
}
