import { loadPluginModule } from "./load-plugin-module.js";
import { runTask } from "./run-task.js";
import type { EvalOutput, EvalTask } from "./tasks.js";

/**
 * The function a pool worker runs for each task (tinypool calls it by name):
 * it imports the task's protocol module once per thread, then runs the task.
 *
 * @example
 * ```ts
 * await pool.run(task); // calls runEvalTask(task) in a worker thread
 * ```
 */
export async function runEvalTask(task: EvalTask): Promise<EvalOutput> {
  const plugins = task.kind === "corpus" ? [] : [await loadPluginModule(task.module, task.protocol)];
  return runTask(task, plugins);
}
