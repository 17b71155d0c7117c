import type { Model } from "../linearizability/model.js";
import { counterModel } from "./counter-model.js";
import type { CounterInput, CounterOutput, CounterState } from "./counter-model.js";
import { kvModel } from "./kv-model.js";
import type { KvInput, KvOutput, KvState } from "./kv-types.js";
import { lockModel } from "./lock-model.js";
import type { LockInput, LockOutput, LockState } from "./lock-model.js";
import { queueModel } from "./queue-model.js";
import type { QueueInput, QueueOutput, QueueState } from "./queue-model.js";
import { registerModel } from "./register-model.js";
import type { RegisterInput, RegisterOutput, RegisterState } from "./register-types.js";
import { setModel } from "./set-model.js";
import type { SetInput, SetOutput, SetState } from "./set-model.js";

/** Each built-in model's types, by the name history files and `checkHistories` know it by. */
export interface BuiltInModelTypes {
  readonly register: { readonly state: RegisterState; readonly input: RegisterInput; readonly output: RegisterOutput };
  readonly kv: { readonly state: KvState; readonly input: KvInput; readonly output: KvOutput };
  readonly set: { readonly state: SetState; readonly input: SetInput; readonly output: SetOutput };
  readonly queue: { readonly state: QueueState; readonly input: QueueInput; readonly output: QueueOutput };
  readonly counter: { readonly state: CounterState; readonly input: CounterInput; readonly output: CounterOutput };
  readonly lock: { readonly state: LockState; readonly input: LockInput; readonly output: LockOutput };
}

/** The name of a built-in model: `register`, `kv`, `set`, `queue`, `counter` or `lock`. */
export type BuiltInModelName = keyof BuiltInModelTypes;

/** The built-in model called `Name`. */
export type BuiltInModel<Name extends BuiltInModelName> = Model<BuiltInModelTypes[Name]["state"], BuiltInModelTypes[Name]["input"], BuiltInModelTypes[Name]["output"]>;

/**
 * The built-in models by name.
 *
 * When to use: to pick a model from a name given at run time (a flag, a
 * file's name), as {@link checkHistories} does with the model a history
 * was parsed for.
 *
 * @example
 * ```ts
 * const parsed = parseHistory(text, { model: "queue" });
 * if (parsed.ok) checkLinearizability(builtInModels[parsed.model], parsed.operations);
 * ```
 */
export const builtInModels: { readonly [Name in BuiltInModelName]: BuiltInModel<Name> } = Object.freeze({
  register: registerModel,
  kv: kvModel,
  set: setModel,
  queue: queueModel,
  counter: counterModel,
  lock: lockModel,
});
