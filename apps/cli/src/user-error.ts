/**
 * A mistake in what the user gave us (a flag, a file). The CLI prints its
 * message, without a stack trace, and exits with code 2. Recognised by its
 * tag, not by `instanceof`.
 */
export class UserError extends Error {
  readonly _tag = "UserError";
  constructor(message: string) {
    super(message);
    this.name = "UserError";
  }
}

export function isUserError(error: unknown): error is UserError {
  return typeof error === "object" && error !== null && (error as { _tag?: unknown })._tag === "UserError";
}
