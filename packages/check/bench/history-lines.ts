import type { KvInput, KvOutput, Operation, RegisterInput, RegisterOutput } from "../src/index.js";

/** One operation as a line of the JSON-lines history format that `parseHistory` reads. */
export function historyLine(op: Operation<KvInput, KvOutput> | Operation<RegisterInput, RegisterOutput>): string {
  const input = op.input;
  const base = { client: op.client, call: op.call, return: op.return };
  switch (input.op) {
    case "get":
      return JSON.stringify({ ...base, op: "get", key: input.key, value: null, output: op.return === null ? null : op.output });
    case "put":
    case "append":
      return JSON.stringify({ ...base, op: input.op, key: input.key, value: input.value, output: null });
    case "read":
      return JSON.stringify({ ...base, op: "read", value: null, output: op.return === null ? null : op.output });
    case "write":
      return JSON.stringify({ ...base, op: "write", value: input.value, output: null });
    case "cas":
      return JSON.stringify({ ...base, op: "cas", expected: input.expected, value: input.value, output: null, ok: op.return === null ? null : op.output });
  }
}

/** A whole history as JSON-lines text. */
export function historyText(operations: readonly (Operation<KvInput, KvOutput> | Operation<RegisterInput, RegisterOutput>)[]): string {
  return `${operations.map(historyLine).join("\n")}\n`;
}
