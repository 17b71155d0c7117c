/** An operation on a string key/value store. */
export type KvInput =
  | { readonly op: "get"; readonly key: string }
  | { readonly op: "put"; readonly key: string; readonly value: string }
  | { readonly op: "append"; readonly key: string; readonly value: string };

/** A store's answer: the value for `get` (`""` for a key never written), `null` otherwise. */
export type KvOutput = string | null;

/** The store's state: the keys written so far and their values (never mutated). */
export type KvState = Readonly<Record<string, string>>;
