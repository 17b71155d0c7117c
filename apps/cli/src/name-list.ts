import { clip } from "./terminal-safe.js";
import { UserError } from "./user-error.js";

/** How many unknown names a message spells out before counting the rest. */
const UNKNOWN_SHOWN = 5;

/** How {@link parseNameList} reads one flag. */
export interface NameListSpec {
  /** The flag, for messages (`--bugs`). */
  readonly flag: string;
  /** Every name the flag accepts (a protocol's defects). */
  readonly known: readonly string[];
  /** The word that asks for an empty list (`none`: the correct protocol). */
  readonly noneWord: string;
  /** What one name is, for messages (`defect`). */
  readonly noun: string;
}

/**
 * Parses a comma-separated list of names against the known ones: the
 * `noneWord` gives the empty list; an empty value (or only commas) is a
 * usage error, never a silent empty list; an unknown name is a usage error
 * with a did-you-mean. Duplicates are dropped, order kept.
 *
 * @example
 * ```ts
 * parseNameList("vote_twice", { flag: "--bugs", known: ["vote_twice_in_term"], noneWord: "none", noun: "defect" });
 * // throws: --bugs: unknown defect "vote_twice" (did you mean "vote_twice_in_term"?) ...
 * ```
 */
export function parseNameList(text: string, spec: NameListSpec): string[] {
  const trimmed = text.trim();
  if (trimmed === spec.noneWord) return [];
  const names = trimmed.split(",").map((n) => n.trim()).filter((n) => n !== "");
  const expected = `expected "${spec.noneWord}" or a comma-separated list of: ${spec.known.join(", ")}`;
  if (names.length === 0) throw new UserError(`${spec.flag}: got ${JSON.stringify(clip(text))}, no ${spec.noun} name at all; ${expected}`);
  const unknown = names.filter((n) => !spec.known.includes(n));
  if (unknown.length > 0) {
    // A few named, the rest counted: 100,000 unknown names must not come back as half a megabyte.
    const described = unknown.slice(0, UNKNOWN_SHOWN).map((n) => {
      const near = closestName(n, spec.known);
      return near === undefined ? JSON.stringify(clip(n)) : `${JSON.stringify(clip(n))} (did you mean "${near}"?)`;
    });
    const more = unknown.length > UNKNOWN_SHOWN ? ` and ${unknown.length - UNKNOWN_SHOWN} more` : "";
    throw new UserError(`${spec.flag}: unknown ${spec.noun} ${described.join(", ")}${more}; ${expected}`);
  }
  return [...new Set(names)];
}

/**
 * The known name closest to `name`, if one is close enough to be what was
 * meant: a known name that starts with or contains it, or one within a
 * third of its length in edit distance.
 *
 * @example
 * ```ts
 * closestName("comit_any_term", ["commit_any_term", "stale_local_read"]); // "commit_any_term"
 * ```
 */
export function closestName(name: string, known: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  if (lower.length >= 3) {
    const containing = known.filter((k) => k.toLowerCase().includes(lower));
    if (containing.length === 1) return containing[0];
  }
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = editDistance(lower, candidate.toLowerCase());
    if (d < bestDistance) {
      bestDistance = d;
      best = candidate;
    }
  }
  return bestDistance <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

/** Levenshtein distance, two rows; names are short. */
function editDistance(a: string, b: string): number {
  if (a.length > 200 || b.length > 200) return Math.abs(a.length - b.length) + 200;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length] as number;
}
