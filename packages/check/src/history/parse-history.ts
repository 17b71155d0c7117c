import type { Operation } from "../linearizability/operation.js";
import type { BuiltInModelName, BuiltInModelTypes } from "../models/built-in-models.js";
import type { KvInput, KvOutput } from "../models/kv-model.js";
import type { RegisterInput, RegisterOutput } from "../models/register-model.js";
import { decodeUtf8, stripBom } from "./decode-utf8.js";
import type { HistoryError } from "./history-error.js";
import { NAMED_MODEL_OPS, readNamedModelLine } from "./named-model-lines.js";
import type { NamedModelName } from "./named-model-lines.js";
import { quote, show } from "./show-value.js";

/**
 * A built-in model that {@link parseHistory} can tell from a history's
 * operations alone: `register` or `kv`. The other built-in models (`set`,
 * `queue`, `counter`, `lock`: see {@link BuiltInModelName}) share operation
 * names with these and with each other, so a history of theirs is read only
 * when the model is named.
 */
export type HistoryModelName = "register" | "kv";

/**
 * What {@link parseHistory} returns: typed operations for one model, or
 * every error found. `Name` is the models it may be for: `register` or `kv`
 * unless a model was named.
 */
export type ParsedHistory<Name extends BuiltInModelName = HistoryModelName> =
  | {
      readonly [Model in Name]: {
        readonly ok: true;
        readonly model: Model;
        readonly operations: Operation<BuiltInModelTypes[Model]["input"], BuiltInModelTypes[Model]["output"]>[];
      };
    }[Name]
  | { readonly ok: false; readonly errors: HistoryError[] };

/** Options of {@link parseHistory}. */
export interface ParseHistoryOptions<Name extends BuiltInModelName = HistoryModelName> {
  /**
   * The model the history is for. Without it the model is inferred from the
   * first operation, `register` or `kv` (an empty history defaults to
   * register); `set`, `queue`, `counter` and `lock` histories need it.
   */
  readonly model?: Name;
  /** Stop after this many errors (default 20). */
  readonly errorsMax?: number;
}

const REGISTER_OPS = new Set(["read", "write", "cas"]);
const KV_OPS = new Set(["get", "put", "append"]);

/** The errors of one parse, each naming the line being read (`line`, set before each line). */
class LineErrors {
  readonly list: HistoryError[] = [];
  line = 0;

  fail(field: string, message: string): void {
    this.list.push({ line: this.line, field, message });
  }

  needString(field: string, found: unknown, what: string): void {
    if (typeof found !== "string") this.fail(field, `expected a string (${what}), found ${show(found)}`);
  }

  needNull(field: string, found: unknown, why: string): void {
    if (found !== null && found !== undefined) this.fail(field, `expected null (${why}), found ${show(found)}`);
  }
}

const isNamedModel = (model: BuiltInModelName | undefined): model is NamedModelName => model !== undefined && model !== "register" && model !== "kv";

/** For an op of no inferred model: which named models it belongs to, and how to read their histories. */
function namedModelHint(op: unknown): string {
  if (typeof op !== "string") return "";
  const models = (Object.keys(NAMED_MODEL_OPS) as NamedModelName[]).filter((name) => NAMED_MODEL_OPS[name].includes(op));
  if (models.length === 0) return "";
  return ` (a ${models.join(" or ")} operation: histories of a set, queue, counter or lock are read only with the model named, e.g. { model: ${JSON.stringify(models[0])} })`;
}

/**
 * Parses a history in the JSON-lines format (one operation per line):
 * `{"client":3,"call":12,"return":40,"op":"get","key":"7","value":null,"output":"a1 a5 "}`.
 *
 * When to use: to check a history recorded by another tool with
 * {@link checkLinearizability} and the model it names (see
 * {@link builtInModels}).
 *
 * Details: fields are `client` (integer), `call` (number), `return` (number
 * >= call, or `null` when the call never returned), `op` (`read`, `write`,
 * `cas` for the register; `get`, `put`, `append` for kv; never mixed),
 * `key` (kv only), `value` (argument of put/append/write/cas, else null),
 * `expected` (cas only), `output` (get: string; read: string or null for an
 * empty register; null otherwise and whenever `return` is null), `ok` (cas
 * only: boolean, or null when `return` is null). Blank lines are skipped;
 * unknown fields are ignored.
 *
 * Encodings: give the file's bytes (a `Uint8Array`) and they are decoded
 * as UTF-8 by {@link decodeUtf8}: a leading byte-order mark is dropped,
 * invalid UTF-8 is one error naming the line and byte offset. A string
 * with a leading BOM is accepted the same way.
 *
 * Gotchas: never throws, however deep or large a value is; every error
 * names its 1-based line and the field, what was expected and what was
 * found.
 *
 * Named models (`options.model`; their lines are read with the same
 * `client`, `call`, `return`, `value`, `expected`, `output` and `ok`
 * fields, plus `delta` and `token`):
 * - `set`: `add` and `remove` (`value`: string; `output`: true or false,
 *   did it change the set, or null when not reported), `read` (`output`:
 *   array of distinct strings, in any order).
 * - `queue`: `enqueue` (`value`: string), `dequeue` (`output`: the string
 *   dequeued, or null when the queue was empty).
 * - `counter`: `read` (`output`: integer), `add` (`delta`: integer;
 *   `output`: the value after, or null), `cas` (`expected`, `value`:
 *   integers; `ok`: boolean).
 * - `lock`: `acquire` (`output`: the token granted, an integer >= 1, or
 *   null when refused), `release` (`token`; `ok`), `write` (`token`,
 *   `value`: string; `ok`), `read` (`output`: string, or null before any
 *   accepted write).
 *
 * @example
 * ```ts
 * const parsed = parseHistory('{"client":0,"call":0,"return":1,"op":"read","value":null,"output":null}');
 * if (parsed.ok && parsed.model === "register") checkLinearizability(registerModel, parsed.operations);
 * const queue = parseHistory('{"client":0,"call":0,"return":1,"op":"dequeue","output":null}', { model: "queue" });
 * if (queue.ok) checkLinearizability(queueModel, queue.operations);
 * ```
 */
export function parseHistory<Name extends BuiltInModelName = HistoryModelName>(source: string | Uint8Array, options: ParseHistoryOptions<Name> = {}): ParsedHistory<Name> {
  let text: string;
  if (typeof source === "string") text = stripBom(source);
  else {
    const decoded = decodeUtf8(source);
    if (!decoded.ok) return { ok: false, errors: [{ line: decoded.line, field: "", message: decoded.message }] };
    text = decoded.text;
  }
  const errorsMax = options.errorsMax ?? 20;
  const sink = new LineErrors();
  const errors = sink.list;
  // Bound once: no function is made per line (a history has millions of them).
  const fail = sink.fail.bind(sink);
  const register: Operation<RegisterInput, RegisterOutput>[] = [];
  const kv: Operation<KvInput, KvOutput>[] = [];
  const chosen: BuiltInModelName | undefined = options.model;
  const named = isNamedModel(chosen) ? chosen : undefined;
  const others: { client: number; call: number; return: number | null; input: unknown; output: unknown }[] = [];
  let model: HistoryModelName | undefined = isNamedModel(chosen) ? undefined : chosen;
  const lines = text.split("\n");
  for (let index = 0; index < lines.length && errors.length < errorsMax; index++) {
    const source = (lines[index] as string).trim();
    if (source === "") continue;
    sink.line = index + 1;
    let record: unknown;
    try {
      record = JSON.parse(source);
    } catch (error) {
      fail("", `expected a JSON object, found ${quote(source)} (${(error as Error).message})`);
      continue;
    }
    if (typeof record !== "object" || record === null || Array.isArray(record)) {
      fail("", `expected a JSON object, found ${quote(source)}`);
      continue;
    }
    const fields = record as Record<string, unknown>;
    const before = errors.length;
    const client = fields["client"];
    if (!Number.isInteger(client)) fail("client", `expected an integer client id, found ${show(client)}`);
    const call = fields["call"];
    if (typeof call !== "number" || !Number.isFinite(call)) fail("call", `expected a number (invocation time), found ${show(call)}`);
    const ret = fields["return"];
    if (ret !== null && (typeof ret !== "number" || !Number.isFinite(ret))) {
      fail("return", `expected a number (response time) or null (never returned), found ${show(ret)}`);
    } else if (typeof ret === "number" && typeof call === "number" && ret < call) {
      fail("return", `expected a response time >= call (${call}), found ${ret}`);
    }
    const op = fields["op"];
    if (named !== undefined) {
      const ops = NAMED_MODEL_OPS[named];
      if (typeof op !== "string" || !ops.includes(op)) {
        fail("op", `expected a ${named} operation (${ops.map((name) => JSON.stringify(name)).join(", ")}), found ${show(op)}`);
        continue;
      }
      const reading = readNamedModelLine(named, { fields, op, pending: ret === null, fail });
      if (reading === undefined || errors.length > before) continue;
      others.push({ client: client as number, call: call as number, return: ret as number | null, input: reading.input, output: reading.output });
      continue;
    }
    const opModel: HistoryModelName | undefined = typeof op === "string" ? (REGISTER_OPS.has(op) ? "register" : KV_OPS.has(op) ? "kv" : undefined) : undefined;
    if (opModel === undefined) {
      fail("op", `expected one of "read", "write", "cas" (register) or "get", "put", "append" (kv), found ${show(op)}${namedModelHint(op)}`);
      continue;
    }
    if (model === undefined) model = opModel;
    if (opModel !== model) {
      fail("op", `expected a ${model} operation (${model === "register" ? '"read", "write", "cas"' : '"get", "put", "append"'}) like the rest of the history, found ${show(op)}`);
      continue;
    }
    const pending = ret === null;
    const value = fields["value"];
    const output = fields["output"];
    if (opModel === "register") {
      if (op === "read") {
        sink.needNull("value", value, "a read has no argument");
        if (pending) sink.needNull("output", output, "the call never returned");
        else if (output !== null && typeof output !== "string") fail("output", `expected the value read (a string) or null (empty register), found ${show(output)}`);
      } else {
        sink.needString("value", value, op === "write" ? "the value written" : "the new value");
        sink.needNull("output", output, op === "write" ? "a write answers nothing" : "a cas answers in \"ok\"");
        if (op === "cas") {
          sink.needString("expected", fields["expected"], "the compare value");
          const ok = fields["ok"];
          if (pending) sink.needNull("ok", ok, "the call never returned");
          else if (typeof ok !== "boolean") fail("ok", `expected true or false (did the cas succeed?), found ${show(ok)}`);
        }
      }
      if (errors.length > before) continue;
      const input: RegisterInput =
        op === "read" ? { op } : op === "write" ? { op, value: value as string } : { op: "cas", expected: fields["expected"] as string, value: value as string };
      const answer: RegisterOutput = pending ? null : op === "read" ? (output as string | null) : op === "cas" ? (fields["ok"] as boolean) : null;
      register.push({ client: client as number, call: call as number, return: ret as number | null, input, output: answer });
    } else {
      const key = fields["key"];
      sink.needString("key", key, "the key");
      if (op === "get") {
        sink.needNull("value", value, "a get has no argument");
        if (pending) sink.needNull("output", output, "the call never returned");
        else sink.needString("output", output, 'the value read, "" for a key never written');
      } else {
        sink.needString("value", value, `the value to ${op as string}`);
        sink.needNull("output", output, `${op as string} answers nothing`);
      }
      if (errors.length > before) continue;
      const input: KvInput = op === "get" ? { op, key: key as string } : { op: op as "put" | "append", key: key as string, value: value as string };
      kv.push({ client: client as number, call: call as number, return: ret as number | null, input, output: pending || op !== "get" ? null : (output as string) });
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  // Each array holds the operations of the model it is returned with: the casts only say so to the compiler.
  if (named !== undefined) return { ok: true, model: named, operations: others } as unknown as ParsedHistory<Name>;
  const parsed = (model ?? "register") === "register" ? { ok: true, model: "register", operations: register } : { ok: true, model: "kv", operations: kv };
  return parsed as ParsedHistory<Name>;
}
