import { findProtocolPlugin, type ProtocolPlugin } from "@cx/sim";

const loaded = new Map<string, Promise<ProtocolPlugin>>();
const TYPESCRIPT = /\.(?:[cm]?ts|tsx)(?:[?#].*)?$/;

/**
 * The protocol plug-in a module URL exports, imported once per thread (the
 * promise is cached by URL) and checked with @cx/sim's `findProtocolPlugin`.
 *
 * When to use: in a worker thread handed a task's `module`.
 *
 * Gotchas: a TypeScript module needs a loader: workers started from
 * TypeScript sources have tsx registered; the built worker falls back to
 * tsx's `tsImport` when tsx is installed. The plug-in found must carry the
 * name the task expects, or the task would run another protocol.
 *
 * @example
 * ```ts
 * const plugin = await loadPluginModule(task.module, task.protocol);
 * ```
 */
export function loadPluginModule(moduleUrl: string, expectedName: string): Promise<ProtocolPlugin> {
  let plugin = loaded.get(moduleUrl);
  if (plugin === undefined) {
    plugin = importPlugin(moduleUrl);
    loaded.set(moduleUrl, plugin);
  }
  return plugin.then((p) => {
    if (p.name !== expectedName) throw new Error(`${moduleUrl} exports the protocol "${p.name}", but the task expects "${expectedName}"`);
    return p;
  });
}

async function importPlugin(moduleUrl: string): Promise<ProtocolPlugin> {
  let namespace: unknown;
  try {
    namespace = await import(moduleUrl);
  } catch (error) {
    if (!TYPESCRIPT.test(moduleUrl)) throw error;
    namespace = await importTypeScript(moduleUrl, error);
  }
  const found = findProtocolPlugin(namespace);
  if (!found.ok) throw new Error(`${moduleUrl}: ${found.errors.join("; ")}`);
  return found.plugin;
}

async function importTypeScript(moduleUrl: string, cause: unknown): Promise<unknown> {
  // A computed specifier: tsx is optional at run time and must not be bundled.
  const tsxApi = "tsx/esm/api";
  let api: { tsImport: (specifier: string, parent: string) => Promise<unknown> };
  try {
    api = (await import(tsxApi)) as typeof api;
  } catch {
    throw new Error(`${moduleUrl} is TypeScript and this worker has no TypeScript loader: install tsx, or point at the built .js module`, { cause });
  }
  return api.tsImport(moduleUrl, import.meta.url);
}
