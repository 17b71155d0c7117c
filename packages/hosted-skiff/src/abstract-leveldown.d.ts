// The part of abstract-leveldown 2's API the host store uses (the package ships no types).
declare module "abstract-leveldown" {
  export class AbstractLevelDOWN {
    constructor(location: string);
    _open(options: unknown, callback: (error?: Error | null) => void): void;
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
declare module "skiff" {
  function Skiff(id: string, options: Record<string, unknown>): SkiffShell;
  export = Skiff;
  interface SkiffShell {
    readonly _node: { readonly _leaderId?: string; readonly _log: { readonly _commitIndex: number; readonly _lastApplied: number } };
    on(event: string, listener: (...args: never[]) => void): void;
    start(callback: (error?: Error | null) => void): void;
    command(command: unknown, options: Record<string, unknown>, callback: (error?: Error | null, result?: unknown) => void): void;
    is(state: string): boolean;
    term(): number;
    logEntries(): readonly { readonly t: number; readonly i: number; readonly c: unknown }[];
  }
}
declare module "skiff/lib/network/network-node.js" {
  import type { Duplex, Writable } from "node:stream";
  const NetworkNode: new (address: string, out: Writable, options: Record<string, unknown>) => Duplex;
  export = NetworkNode;
}
