import { UserError } from "./user-error.js";

/** What the history rules need of an operation: who called, when, and when it returned. */
export interface TimedOperation {
  readonly client: number;
  readonly call: number;
  readonly return: number | null;
}

const BOM = "\uFEFF";

/**
 * The line number of each operation, in file order: the history parser
 * makes one operation of each non-blank line (trimmed as it trims them).
 */
function operationLines(text: string): number[] {
  const lines: number[] = [];
  text.split("\n").forEach((line, index) => {
    if (line.trim() !== "") lines.push(index + 1);
  });
  return lines;
}

/**
 * Refuses a byte-order mark anywhere but the very start of a history (which
 * `readInputText` drops): a doubled one, or one at the start or end of a
 * later line, means files were pasted together wrongly, and JavaScript's
 * trim would otherwise hide it. A U+FEFF inside a JSON string is data and
 * stays.
 */
export function checkHistoryText(file: string, text: string): void {
  const lines = text.split("\n");
  for (let index = 0; index < lines.length; index++) {
    const line = (lines[index] as string).replace(/^[ \t\r]+|[ \t\r]+$/g, "");
    if (line.startsWith(BOM) || line.endsWith(BOM)) {
      throw new UserError(`${file}: line ${index + 1}: a byte-order mark (U+FEFF) ${index === 0 ? "after the first one" : "in the middle of the file"}; expected at most one, at the very start (were two files joined?)`);
    }
  }
}

/**
 * Refuses a history in which one client has two answered operations
 * overlapping in time: a client waits for each answer before it calls again
 * (Porcupine and Jepsen assume it too). A call that never returned does not
 * count: the client gave up waiting on it (the etcd histories of the
 * corpus do this). Names the line of the operation that starts too early.
 */
export function checkOneOperationPerClient(file: string, text: string, operations: readonly TimedOperation[]): void {
  const lines = operationLines(text);
  const byClient = new Map<number, number[]>();
  operations.forEach((operation, index) => {
    // Pending calls are left out: a client may give up on one and go on.
    if (operation.return === null) return;
    const list = byClient.get(operation.client);
    if (list === undefined) byClient.set(operation.client, [index]);
    else list.push(index);
  });
  const at = (index: number): TimedOperation => operations[index] as TimedOperation;
  for (const [client, indices] of byClient) {
    const ordered = [...indices].sort((a, b) => at(a).call - at(b).call || a - b);
    for (let k = 1; k < ordered.length; k++) {
      const before = ordered[k - 1] as number;
      const after = ordered[k] as number;
      const returned = at(before).return as number;
      if (at(after).call < returned) {
        throw new UserError(
          `${file}: line ${lines[after] ?? 0}: client ${client} calls at ${at(after).call} while its operation at line ${lines[before] ?? 0} is still in flight (it returns at ${returned}); expected one operation at a time per client (use another client id for concurrent calls)`,
        );
      }
    }
  }
}
