import { existsSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { makeFolder, removeStaleTempFiles } from "./atomic-file.js";
import { cxCommand } from "./invocation.js";
import { writeFileAtomic } from "./output.js";
import { displayPath } from "./terminal-safe.js";
import { UserError } from "./user-error.js";

/**
 * Checks, before any work starts, that `path` can be written: not empty, not
 * a directory, not under a file; then creates its folder (with any missing
 * parents) and proves the folder accepts a new file with a probe file,
 * created and removed at once (permission bits alone do not tell, e.g. for
 * root or a read-only mount). Temp files that interrupted writes left in the
 * folder are removed on the way.
 *
 * When to use: for every output path a command takes (`--save`, `--svg`,
 * `--html`, `--out`, the file `cx shrink` rewrites), so that a long search
 * never ends in a failed write, and every flag treats a missing folder the
 * same way. Throws a UserError (exit 2) naming the flag; `example` is the
 * file name its message suggests (default `repro.json`).
 *
 * @example
 * ```ts
 * checkSaveTarget(options.save, "--save");
 * ```
 */
export function checkSaveTarget(path: string, flag: string, example = "repro.json"): void {
  if (path.trim() === "") throw new UserError(`${flag}: expected a file name, got an empty string`);
  const shown = displayPath(path);
  const target = resolve(path);
  if (existsSync(target)) {
    const stat = statSync(target);
    if (stat.isDirectory()) throw new UserError(`${flag}: ${shown} is a directory; expected a file name such as ${displayPath(join(path, example))}`);
    // Saving renames a temp file over the target: never over a device, a pipe or a socket.
    if (!stat.isFile()) throw new UserError(`${flag}: ${shown} is not a regular file; expected a file name such as ${example}`);
  }
  const folder = dirname(target);
  let nearest = folder;
  while (!existsSync(nearest) && dirname(nearest) !== nearest) nearest = dirname(nearest);
  if (!statSync(nearest).isDirectory()) throw new UserError(`${flag}: cannot write ${shown}: ${displayPath(nearest)} is a file, not a folder`);
  try {
    makeFolder(folder);
  } catch (error) {
    throw new UserError(`${flag}: cannot write ${shown}: the folder ${displayPath(folder)} cannot be created (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  removeStaleTempFiles(folder);
  const probe = join(folder, `.${basename(target)}.${process.pid}.probe`);
  try {
    writeFileSync(probe, "");
  } catch (error) {
    throw new UserError(`${flag}: cannot write ${shown}: the folder ${displayPath(folder)} does not accept new files (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  try {
    unlinkSync(probe);
  } catch {
    // The probe is empty and hidden; failing to remove it must not stop the command.
  }
}

/** Where a {@link ReproSaver}'s latest write went. */
export interface SaveState {
  /** The file holding the latest reproduction: the requested path, the fallback, or null when neither could be written. */
  readonly savedTo: string | null;
  /** Why the requested path could not be written, or null when it could. */
  readonly failure: string | null;
}

/**
 * Saves successive versions of a found failure so that it is never lost:
 * each write goes to the requested path atomically; if that fails once, this
 * and every later version go to a fallback file in the system's temp folder;
 * if that fails too, `state().savedTo` is null and the caller must print the
 * reproduction. Never throws.
 *
 * @example
 * ```ts
 * const saver = new ReproSaver("repro.json");
 * saver.save(serializeRepro(repro));
 * if (saver.state().failure !== null) process.exitCode = ExitCode.saveFailed;
 * ```
 */
export class ReproSaver {
  private failure: string | null = null;
  private savedTo: string | null = null;
  private readonly fallback: string;

  constructor(
    private readonly path: string,
    private readonly write: (path: string, text: string) => void = writeFileAtomic,
  ) {
    this.fallback = join(tmpdir(), `cx-unsaved-${process.pid}-${basename(path).replace(/[^A-Za-z0-9._-]/g, "_") || "repro.json"}`);
  }

  /** Writes one version; returns where it went (null: nowhere). */
  save(text: string): string | null {
    if (this.failure === null) {
      try {
        this.write(this.path, text);
        this.savedTo = this.path;
        return this.path;
      } catch (error) {
        this.failure = `${(error as NodeJS.ErrnoException).code ?? "error"}: ${(error as Error).message}`;
      }
    }
    try {
      this.write(this.fallback, text);
      this.savedTo = this.fallback;
    } catch {
      this.savedTo = null;
    }
    return this.savedTo;
  }

  state(): SaveState {
    return { savedTo: this.savedTo, failure: this.failure };
  }
}

/**
 * What a command says and exits with once its saves are done: nothing extra
 * when the requested path was written; otherwise the exit code
 * `saveFailed` and lines saying where the reproduction is (or the
 * reproduction itself, when even the fallback failed).
 *
 * @example
 * ```ts
 * const outcome = describeSave(saver.state(), "repro.json", latestText);
 * ```
 */
export function describeSave(state: SaveState, requested: string, latest: string): { readonly failed: boolean; readonly lines: readonly string[] } {
  if (state.failure === null) return { failed: false, lines: [] };
  const head = `Could not save the reproduction to ${displayPath(requested)} (${displayPath(state.failure)}).`;
  if (state.savedTo !== null) return { failed: true, lines: [head, `It was saved to ${displayPath(state.savedTo)} instead; replay with: ${cxCommand(["replay", state.savedTo])}`] };
  return { failed: true, lines: [head, "No fallback file could be written either; here is the reproduction (save it as a .json file):", latest.trimEnd()] };
}
