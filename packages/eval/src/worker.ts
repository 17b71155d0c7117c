import { runTask } from "./run-task.js";
import type { EvalOutput, EvalTask } from "./tasks.js";

/**
 * The function a pool worker runs for each task (tinypool calls it by name).
 *
 * @example
 * ```ts
 * await pool.run(task); // calls runEvalTask(task) in a worker thread
 * ```
 */
export function runEvalTask(task: EvalTask): EvalOutput {
  return runTask(task);
}
