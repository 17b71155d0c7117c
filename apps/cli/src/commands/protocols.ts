import { builtinProtocols } from "@cx/protocols";
import { ExitCode } from "../exit-codes.js";
import { colors } from "../output.js";

/** What `cx protocols --json` prints. */
export interface ProtocolsReport {
  readonly protocols: readonly { readonly name: string; readonly version: string; readonly summary: string; readonly defects: number }[];
}

/** Lists the built-in protocols; any other is named with `--protocol <module file or package>`. */
export function runProtocols(): { exitCode: ExitCode; report: ProtocolsReport; text: string } {
  const protocols = builtinProtocols.map(({ plugin }) => ({ name: plugin.name, version: plugin.version, summary: plugin.summary, defects: plugin.defects.length }));
  const width = Math.max(0, ...protocols.map((p) => p.name.length));
  const text = [
    "Built-in protocols (use with --protocol NAME; see cx bugs --protocol NAME):",
    "",
    ...protocols.map((p) => `${colors.bold(p.name.padEnd(width))}  ${p.version}  ${p.defects} defects  ${p.summary}`),
    "",
    "Any module exporting a plug-in made with @cx/sim's defineProtocolPlugin works too: --protocol ./my-protocol.ts or --protocol @acme/cx-proto.",
  ].join("\n");
  return { exitCode: ExitCode.ok, report: { protocols }, text };
}
