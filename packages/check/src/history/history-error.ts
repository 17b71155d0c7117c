/**
 * One problem found in a history file: where (1-based line, field name),
 * and in `message` what was expected and what was found.
 */
export interface HistoryError {
  readonly line: number;
  /** The JSON field at fault, or `""` when the whole line is (e.g. not JSON). */
  readonly field: string;
  readonly message: string;
}

/** Formats an error the way people expect to read it: `line 14, field "return": ...`. */
export function formatHistoryError(error: HistoryError): string {
  return error.field === "" ? `line ${error.line}: ${error.message}` : `line ${error.line}, field "${error.field}": ${error.message}`;
}
