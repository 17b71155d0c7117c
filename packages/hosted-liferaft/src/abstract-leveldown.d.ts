// The part of abstract-leveldown 7's API the host store uses (the package ships no types).
declare module "abstract-leveldown" {
  export class AbstractLevelDOWN {
    constructor(manifest?: Record<string, unknown>);
    _open(options: unknown, callback: (error?: Error | null) => void): void;
    _serializeKey(key: unknown): unknown;
    _serializeValue(value: unknown): unknown;
    _get(key: unknown, options: unknown, callback: (error: Error | null | undefined, value?: unknown) => void): void;
    _put(key: unknown, value: unknown, options: unknown, callback: (error?: Error | null) => void): void;
    _del(key: unknown, options: unknown, callback: (error?: Error | null) => void): void;
    _batch(ops: readonly unknown[], options: unknown, callback: (error?: Error | null) => void): void;
    _iterator(options: Record<string, unknown>): AbstractIterator;
  }
  export class AbstractIterator {
    constructor(db: AbstractLevelDOWN);
    readonly db: AbstractLevelDOWN;
    _next(callback: (error?: Error | null, key?: unknown, value?: unknown) => void): void;
  }
}
declare module "@markwylde/liferaft" {
  const Raft: new (address: string, options: Record<string, unknown>) => LiferaftNode;
  export = Raft;
  interface LiferaftNode {
    readonly address: string;
    state: number;
    term: number;
    leader: string;
    readonly log: { committedIndex: number } | null;
    on(event: string, listener: (...args: never[]) => void): void;
    emit(event: string, ...args: unknown[]): boolean;
    join(address: string, write: (packet: unknown, callback?: (error?: unknown, data?: unknown) => void) => void): unknown;
    command(command: unknown): Promise<void>;
  }
}
declare module "@markwylde/liferaft/log.js" {
  const Log: new (...args: unknown[]) => unknown;
  export = Log;
}
