import type { ProtocolDefect } from "@cx/sim";
import type { LoadedProtocol } from "@cx/protocols";
import { ExitCode } from "../exit-codes.js";
import { colors } from "../output.js";

/** What `cx bugs --json` prints: the protocol and its seeded defects. */
export interface BugsReport {
  readonly protocol: string;
  readonly version: string;
  readonly bugs: readonly ProtocolDefect[];
}

/** Lists a protocol's seeded defects: for `--json`, the report; for people, a short text per defect. */
export function runBugs(loaded: LoadedProtocol): { exitCode: ExitCode; report: BugsReport; text: string } {
  const { plugin } = loaded;
  const width = Math.max(0, ...plugin.defects.map((b) => b.name.length));
  const lines = plugin.defects.flatMap((bug) => [`${colors.bold(bug.name.padEnd(width))}  caught by ${colors.cyan(bug.caughtBy)}`, `${" ".repeat(width + 2)}${bug.mistake}`]);
  const count = plugin.defects.length;
  const text = [`${count} seeded defect${count === 1 ? "" : "s"} in ${plugin.name} ${plugin.version} (enable with --bugs a,b):`, "", ...lines].join("\n");
  return { exitCode: ExitCode.ok, report: { protocol: plugin.name, version: plugin.version, bugs: plugin.defects }, text };
}
