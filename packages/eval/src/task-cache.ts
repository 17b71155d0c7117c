import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import writeFileAtomic from "write-file-atomic";
import { hashText } from "@cx/sim";
import { taskKey, type EvalOutput, type EvalTask } from "./tasks.js";

/** Finished tasks on disk, so an interrupted experiment resumes where it stopped. */
export interface TaskCache {
  get(task: EvalTask): EvalOutput | undefined;
  put(task: EvalTask, output: EvalOutput): void;
  /** Removes every cached task (after a finished experiment, or to start afresh). */
  clear(): void;
}

interface CacheFile {
  readonly key: string;
  readonly output: EvalOutput;
}

/**
 * A cache of finished tasks under `dir`, one small JSON file per task,
 * each written atomically (write-file-atomic: temp file, flush, rename), keyed by the task and the
 * cx version. `dir: null` caches nothing.
 *
 * When to use: by `runExperiment` (under `results/.cells/`).
 *
 * Gotchas: the key does not cover the code itself: after changing Raft or
 * search mid-experiment, clear the cache (`cx bench --fresh`).
 *
 * @example
 * ```ts
 * const cache = createTaskCache("results/.cells", "0.1.0");
 * cache.get(task) ?? cache.put(task, runTask(task));
 * ```
 */
export function createTaskCache(dir: string | null, version: string): TaskCache {
  if (dir === null) return { get: () => undefined, put: () => {}, clear: () => {} };
  const keyOf = (task: EvalTask): string => `${version}|${taskKey(task)}`;
  const pathOf = (key: string): string => join(dir, `${hashText(key)}-${hashText(`${key}#`)}.json`);
  return {
    get(task) {
      const key = keyOf(task);
      const path = pathOf(key);
      if (!existsSync(path)) return undefined;
      try {
        const file = JSON.parse(readFileSync(path, "utf8")) as CacheFile;
        return file.key === key ? file.output : undefined;
      } catch {
        // A damaged cache file is a task not yet done.
        return undefined;
      }
    },
    put(task, output) {
      const key = keyOf(task);
      mkdirSync(dir, { recursive: true });
      writeFileAtomic.sync(pathOf(key), JSON.stringify({ key, output } satisfies CacheFile));
    },
    clear() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
