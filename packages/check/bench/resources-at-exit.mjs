// Preloaded with --import by cx-lin-run.ts: prints this process's CPU time and peak resident memory at exit, on stderr.
import { writeSync } from "node:fs";

process.on("exit", () => {
  const used = process.resourceUsage();
  writeSync(2, `\n{"resourcesAtExit":{"maxRssMiB":${Math.round(used.maxRSS / 1024)},"cpuMs":${Math.round((used.userCPUTime + used.systemCPUTime) / 1000)}}}\n`);
});
