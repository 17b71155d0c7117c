import type { ProtocolPlugin } from "@cx/sim";
import { UserError } from "./user-error.js";

/**
 * Parses `--bugs a,b`: defect names of the protocol separated by commas, or
 * `none` for the correct protocol. An unknown name is a usage error that
 * lists the known ones.
 */
export function parseBugList(text: string, plugin: ProtocolPlugin): string[] {
  const trimmed = text.trim();
  if (trimmed === "" || trimmed === "none") return [];
  const names = trimmed.split(",").map((n) => n.trim()).filter((n) => n !== "");
  const known = new Set(plugin.defects.map((d) => d.name));
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length > 0) {
    throw new UserError(
      `--bugs: unknown defect ${unknown.map((n) => `"${n}"`).join(", ")} of ${plugin.name}; expected "none" or a comma-separated list of: ${plugin.defects.map((b) => b.name).join(", ")}`,
    );
  }
  return [...new Set(names)];
}
