import { PROTOCOL_PLUGIN_CONTRACT, PROTOCOL_PLUGIN_KIND, type ProtocolPlugin } from "./protocol-plugin.js";

/** Why a value is not a usable plug-in: one line per problem, each naming the field. */
export type PluginCheck = { readonly ok: true; readonly plugin: ProtocolPlugin } | { readonly ok: false; readonly errors: readonly string[] };

const DEFECTS_MAX = 1_000;
const NAME = /^[a-z][a-z0-9_-]{0,63}$/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/**
 * Checks that a value is a protocol plug-in this @cx/sim can drive, naming
 * each field that is wrong and what was expected.
 *
 * When to use: on anything loaded from a user's module before running it.
 *
 * @example
 * ```ts
 * const checked = checkProtocolPlugin(await import("./my-protocol.js").then((m) => m.protocolPlugin));
 * if (!checked.ok) console.error(checked.errors.join("\n"));
 * ```
 */
export function checkProtocolPlugin(value: unknown): PluginCheck {
  if (!isRecord(value)) return { ok: false, errors: [`expected a protocol plug-in object (made with defineProtocolPlugin), got ${value === null ? "null" : typeof value}`] };
  const errors: string[] = [];
  if (value["kind"] !== PROTOCOL_PLUGIN_KIND) errors.push(`kind: expected "${PROTOCOL_PLUGIN_KIND}" (build the plug-in with @cx/sim's defineProtocolPlugin)`);
  if (value["contract"] !== PROTOCOL_PLUGIN_CONTRACT) errors.push(`contract: expected ${PROTOCOL_PLUGIN_CONTRACT} (this cx speaks plug-in contract ${PROTOCOL_PLUGIN_CONTRACT}), got ${JSON.stringify(value["contract"])}`);
  if (typeof value["name"] !== "string" || !NAME.test(value["name"])) errors.push(`name: expected a short lower-case name (letters, digits, "-" or "_"), got ${JSON.stringify(value["name"])}`);
  for (const field of ["version", "summary"]) if (typeof value[field] !== "string") errors.push(`${field}: expected a string`);
  for (const field of ["run", "createTarget"]) if (typeof value[field] !== "function") errors.push(`${field}: expected a function`);
  for (const field of ["monitors", "replicaViews"]) if (value[field] !== undefined && typeof value[field] !== "function") errors.push(`${field}: expected a function or nothing`);
  if (!isRecord(value["scenario"])) errors.push("scenario: expected the scenario options object");
  const defects = value["defects"];
  if (!Array.isArray(defects) || defects.length > DEFECTS_MAX) {
    errors.push(`defects: expected an array of at most ${DEFECTS_MAX} defects`);
  } else {
    const seen = new Set<string>();
    defects.forEach((defect: unknown, i) => {
      if (!isRecord(defect)) return void errors.push(`defects[${i}]: expected { name, mistake, caughtBy }`);
      const name = defect["name"];
      if (typeof name !== "string" || !NAME.test(name) || name === "none") errors.push(`defects[${i}].name: expected a short lower-case name other than "none", got ${JSON.stringify(name)}`);
      else if (seen.has(name)) errors.push(`defects[${i}].name: "${name}" appears twice`);
      else seen.add(name);
      for (const field of ["mistake", "caughtBy"]) if (typeof defect[field] !== "string" || defect[field] === "") errors.push(`defects[${i}].${field}: expected a non-empty string`);
    });
  }
  return errors.length === 0 ? { ok: true, plugin: value as unknown as ProtocolPlugin } : { ok: false, errors };
}

/**
 * Finds the protocol plug-in a module exports: the export named
 * `protocolPlugin`, else the default export, else the one export that is a
 * plug-in. The answer names what is wrong when there is none.
 *
 * When to use: after `import()` of a module a user named with `--protocol`.
 *
 * @example
 * ```ts
 * const found = findProtocolPlugin(await import("./my-protocol.js"));
 * if (found.ok) found.plugin.name; // "my-protocol"
 * ```
 */
export function findProtocolPlugin(moduleNamespace: unknown): PluginCheck {
  if (!isRecord(moduleNamespace)) return { ok: false, errors: ["the module exports nothing"] };
  for (const key of ["protocolPlugin", "default"]) {
    if (key in moduleNamespace && isRecord(moduleNamespace[key]) && (moduleNamespace[key] as Record<string, unknown>)["kind"] === PROTOCOL_PLUGIN_KIND) {
      const checked = checkProtocolPlugin(moduleNamespace[key]);
      return checked.ok ? checked : { ok: false, errors: checked.errors.map((e) => `${key}.${e}`) };
    }
  }
  const candidates = Object.entries(moduleNamespace).filter(([, value]) => isRecord(value) && value["kind"] === PROTOCOL_PLUGIN_KIND);
  if (candidates.length === 1) {
    const [key, value] = candidates[0] as [string, unknown];
    const checked = checkProtocolPlugin(value);
    return checked.ok ? checked : { ok: false, errors: checked.errors.map((e) => `${key}.${e}`) };
  }
  if (candidates.length > 1) return { ok: false, errors: [`the module exports ${candidates.length} plug-ins (${candidates.map(([k]) => k).join(", ")}); export the one to use as "protocolPlugin"`] };
  return { ok: false, errors: ['the module exports no protocol plug-in: export one as "protocolPlugin" (made with @cx/sim\'s defineProtocolPlugin)'] };
}
