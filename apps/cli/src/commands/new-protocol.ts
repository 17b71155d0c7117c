import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { makeFolder } from "../atomic-file.js";
import { ExitCode } from "../exit-codes.js";
import { cxCommand } from "../invocation.js";
import { renderTemplate, templateFolder } from "../protocol-template.js";
import { clip, displayPath } from "../terminal-safe.js";
import { UserError } from "../user-error.js";
import { findWorkspaceRoot, insideRoot, isWorkspaceFolder, readWorkspaceLayout } from "../workspace-layout.js";

/** The longest protocol name `cx new protocol` accepts: it becomes a folder, a package name and a plug-in name. */
export const NAME_MAX = 40;
const NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const SCOPE = /^@[a-z0-9][a-z0-9._-]{0,38}$/;
/** What the template needs of the workspace root besides pnpm-workspace.yaml: the configs its files extend. */
const ROOT_CONFIGS = ["tsconfig.base.json", "tsup.shared.ts", "vitest.shared.ts"];

/** What `cx new protocol` was asked. */
export interface NewProtocolOptions {
  readonly name: string;
  /** The folder to create (default `packages/<name>` at the workspace root), relative to `cwd`. */
  readonly dir?: string;
  /** The npm scope of the package (default `@cx`). */
  readonly scope?: string;
  /** The folder relative paths are read from (the user's). */
  readonly cwd: string;
}

/** What `cx new protocol --json` prints. */
export interface NewProtocolReport {
  readonly package: string;
  readonly protocol: string;
  /** The new package's folder, absolute. */
  readonly dir: string;
  /** The files written, relative to `dir`. */
  readonly files: readonly string[];
  /** The commands to run next, in order, from the folder cx was run in. */
  readonly nextSteps: readonly string[];
  /** The edits that make the protocol a built-in, if wanted: file, then the lines to add. */
  readonly builtin: readonly { readonly file: string; readonly add: readonly string[] }[];
}

/** Why `name` is not a protocol name `cx new protocol` accepts, or undefined when it is. */
export function nameProblem(name: string): string | undefined {
  const shown = JSON.stringify(clip(name, 60));
  if (name.length > NAME_MAX) return `the name ${shown} is ${name.length} characters long; at most ${NAME_MAX}`;
  if (!NAME.test(name)) return `the name ${shown} is not lower-case letters, digits and single dashes, starting with a letter (like my-protocol)`;
  return undefined;
}

/** A protocol name as a JavaScript identifier: `my-proto` -> `myProtoProtocol` (never a reserved word). */
export function identifierFor(name: string): string {
  return `${name.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase())}Protocol`;
}

/** The builtin names of the registry, loaded only when needed (it imports every built-in protocol). */
async function builtinNames(): Promise<string[]> {
  const { builtinProtocolNames } = await import("@cx/protocols");
  return builtinProtocolNames();
}

/** A path as the user would type it from `cwd`: `./packages/demo/src/index.ts`. */
function fromUser(cwd: string, path: string): string {
  const rel = relative(cwd, path);
  if (rel === "") return ".";
  return rel.startsWith("..") || resolve(cwd, rel) !== path ? rel : `./${rel}`;
}

/** Where the package goes and what it is called, checked before anything is written. */
async function plan(options: NewProtocolOptions) {
  const problem = nameProblem(options.name);
  if (problem !== undefined) throw new UserError(`cx new protocol: ${problem}`);
  const scope = options.scope ?? "@cx";
  if (!SCOPE.test(scope)) throw new UserError(`--scope: expected an npm scope like @acme (lower-case letters, digits, ".", "_" or "-" after the @), got ${JSON.stringify(clip(scope, 60))}`);
  // The package goes where --dir says, in the workspace that holds that folder; by default in packages/ of the one cx runs in.
  const requested = options.dir === undefined ? undefined : resolve(options.cwd, options.dir);
  const from = requested === undefined ? options.cwd : dirname(requested);
  const root = findWorkspaceRoot(from);
  if (root === undefined) {
    throw new UserError(
      `cx new protocol adds a package to a checkout of cx, and there is no pnpm-workspace.yaml in ${displayPath(from)} or above: run it inside the checkout or give --dir a folder in it (for a protocol in a folder of your own, see docs/new-protocol.md)`,
    );
  }
  const missing = ROOT_CONFIGS.filter((file) => !existsSync(join(root, file)));
  if (missing.length > 0) throw new UserError(`cx new protocol: ${displayPath(root)} is a pnpm workspace but not a cx checkout: it has no ${missing.join(", ")} (the new package's configs extend them)`);
  const layout = readWorkspaceLayout(root);
  const target = requested ?? join(root, "packages", options.name);
  const where = options.dir === undefined ? "" : "--dir: ";
  const dir = insideRoot(root, target);
  if (dir === undefined) throw new UserError(`${where}${displayPath(target)} is not inside the workspace at ${displayPath(root)}: the package's configs extend the workspace's`);
  if (!isWorkspaceFolder(dir, layout.globs)) {
    throw new UserError(`${where}${displayPath(dir)} is not a folder pnpm-workspace.yaml includes (${layout.globs.join(", ")}): pnpm would not see the package; choose a folder those globs match, like packages/${options.name}`);
  }
  if (existsSync(target)) throw new UserError(`${where}${displayPath(target)} already exists; cx new protocol writes a new folder and never overwrites one: remove it or choose another --dir`);
  const pkg = `${scope}/${options.name}`;
  const taken = layout.packages.find((p) => p.name === pkg);
  if (taken !== undefined) throw new UserError(`cx new protocol: the workspace already has a package named ${pkg} (in ${taken.dir}); choose another name or --scope`);
  if ((await builtinNames()).includes(options.name)) throw new UserError(`cx new protocol: "${options.name}" is the name of a built-in protocol (cx protocols lists them); choose another name`);
  return { root, target, dir, pkg };
}

/** Writes every file into a hidden folder beside the target, then renames it into place: the package appears whole or not at all. */
function writeFolder(target: string, files: Readonly<Record<string, string>>): void {
  const parent = dirname(target);
  const temp = join(parent, `.${basename(target)}.cx-tmp-${process.pid}`);
  try {
    makeFolder(parent);
    rmSync(temp, { recursive: true, force: true });
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(temp, path)), { recursive: true });
      writeFileSync(join(temp, path), text);
    }
    // Fails (ENOTEMPTY, EEXIST) if the folder appeared meanwhile: never merged into, never overwritten.
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    if (existsSync(target)) throw new UserError(`${displayPath(target)} appeared while cx new protocol was writing it; nothing was changed there`);
    const code = (error as NodeJS.ErrnoException).code;
    // The folder cannot be written (permissions, a read-only or full disk): the user's to fix, and nothing is left behind.
    if (typeof code === "string") throw new UserError(`cannot write ${displayPath(target)} (${code}); nothing was written`);
    throw error;
  }
}

/**
 * `cx new protocol <name>`: writes a new workspace package from the
 * template that ships with the CLI (`templates/protocol`): a primary-backup
 * protocol with two seeded defects, its plug-in, the contract kit test and
 * a hunt per defect, ready for lint, typecheck and the architecture test.
 * Refuses (UserError, exit 2) a bad name, a taken one, an existing folder or
 * a folder pnpm would not see; writes nothing then.
 *
 * @example
 * ```ts
 * const { report, text } = await runNewProtocol({ name: "demo", cwd: process.cwd() });
 * report.dir; // "<checkout>/packages/demo"
 * ```
 */
export async function runNewProtocol(options: NewProtocolOptions): Promise<{ exitCode: ExitCode; report: NewProtocolReport; text: string }> {
  const { root, target, dir, pkg } = await plan(options);
  const rootFromPackage = relative(target, root).split("\\").join("/");
  const files = renderTemplate(templateFolder("protocol"), { NAME: options.name, PACKAGE: pkg, DIR: dir, ROOT: rootFromPackage });
  // The workspace's licence, so the package's tarball carries it like every other cx package's.
  if (existsSync(join(root, "LICENSE"))) files["LICENSE"] = readFileSync(join(root, "LICENSE"), "utf8");
  writeFolder(target, files);

  const entry = fromUser(options.cwd, join(target, "src", "index.ts"));
  const steps: readonly (readonly [command: string, why: string])[] = [
    ["pnpm install", "link it into the workspace (and record it in pnpm-lock.yaml)"],
    [`pnpm --filter ${pkg} test`, "the contract kit and a short hunt per defect"],
    [cxCommand(["hunt", "--protocol", entry, "--bugs", "sync_lazily"]), "find a defect, shrink it, tell its story"],
  ];
  const nextSteps = steps.map(([command]) => command);
  const id = identifierFor(options.name);
  const builtin = [
    { file: "packages/protocols/package.json", add: [`"${pkg}": "workspace:^"   (in "dependencies")`] },
    { file: "packages/protocols/src/builtin-protocols.ts", add: [`import { protocolPlugin as ${id} } from "${pkg}";`, `{ plugin: ${id}, module: import.meta.resolve("${pkg}") },   (in builtinProtocols)`] },
  ];
  const written = Object.keys(files).sort();
  const width = Math.max(...nextSteps.map((step) => step.length)) + 2;
  const text = [
    `Created ${pkg} in ${displayPath(fromUser(options.cwd, target))} (${written.length} files): a primary that copies each operation to its backups, with two seeded defects (serve_reads_anywhere, sync_lazily).`,
    "",
    "Next steps:",
    ...steps.map(([command, why]) => `  ${command.padEnd(width)}# ${why}`),
    "",
    `To make it a built-in (--protocol ${options.name}), add:`,
    ...builtin.flatMap((b) => [`  ${b.file}:`, ...b.add.map((line) => `    ${line}`)]),
    "  then pnpm install; docs/new-protocol.md says what cx's own tests ask of a built-in.",
    "Before committing it: pnpm changeset (the package's first release), and commit pnpm-lock.yaml with it.",
  ].join("\n");
  return { exitCode: ExitCode.ok, report: { package: pkg, protocol: options.name, dir: target, files: written, nextSteps, builtin }, text };
}
