/**
 * One client operation as it appeared from outside the cluster, in the
 * shape `@cx/check`'s linearizability checker consumes.
 *
 * `return: null` means indeterminate: the client gave up, so the operation
 * may or may not have taken effect, at any time after `call`; its `output`
 * is then `null` too.
 */
export interface HistoryOperation<Input, Output> {
  readonly client: number;
  /** The client's operation number, 1 first: the `seq` of its requests and trace events (retries keep it). */
  readonly seq: number;
  readonly call: number;
  readonly return: number | null;
  readonly input: Input;
  readonly output: Output | null;
}
