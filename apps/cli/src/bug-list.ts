import type { ProtocolPlugin } from "@cx/sim";
import { parseNameList } from "./name-list.js";

/**
 * Parses `--bugs a,b`: defect names of the protocol separated by commas, or
 * `none` for the correct protocol. An empty list or an unknown name is a
 * usage error (with a did-you-mean) that lists the known ones.
 */
export function parseBugList(text: string, plugin: ProtocolPlugin): string[] {
  return parseNameList(text, { flag: "--bugs", known: plugin.defects.map((b) => b.name), noneWord: "none", noun: "defect" });
}
