import { checkLinearizability, describeResult, lockModel } from "@cx/check";
import type { LockInput, LockOutput, Operation } from "@cx/check";

const history: Operation<LockInput, LockOutput>[] = [
  { client: 1, call: 0, return: 1, input: { op: "acquire" }, output: 1 },
  { client: 9, call: 2, return: 3, input: { op: "release", token: 1 }, output: true }, // the lease expired
  { client: 2, call: 4, return: 5, input: { op: "acquire" }, output: 2 },
  { client: 1, call: 6, return: 7, input: { op: "write", token: 1, value: "late" }, output: true }, // accepted: a bug
];
const result = checkLinearizability(lockModel, history);
console.log(result.verdict); // "illegal" ("ok" had the write answered false)
console.log(describeResult(result, lockModel)); // ... #3 client 1 [6, 7] write(1, "late") -> ok: illegal in this state
