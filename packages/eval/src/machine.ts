import { arch, availableParallelism, cpus, loadavg, platform, release, totalmem } from "node:os";
import type { MachineInfo } from "./results.js";

/**
 * The machine and Node version this process runs on, for a results file.
 *
 * @example
 * ```ts
 * describeMachine().cores; // 2
 * ```
 */
export function describeMachine(): MachineInfo {
  return {
    platform: platform(),
    release: release(),
    arch: arch(),
    cpuModel: cpus()[0]?.model.trim() ?? "unknown",
    cores: availableParallelism(),
    memoryBytes: totalmem(),
    nodeVersion: process.version,
    loadAverage: loadavg().map((n) => Math.round(n * 100) / 100),
  };
}
