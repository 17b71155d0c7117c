import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, statSync, unlinkSync, writeSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

/**
 * The marker in the name of a temp file cx writes beside a target before
 * renaming it into place: `.repro.json.cx-tmp-<pid>`. The pid tells a later
 * run whether the writer is still alive, so what an interrupted write left
 * behind is recognisably stale and is removed.
 */
const TEMP_MARK = ".cx-tmp-";
const TEMP_NAME = /^\..+\.cx-tmp-(\d+)$/;

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes the temp files that interrupted writes (kill -9, a power cut) left
 * in `folder`: those whose writer is no longer running. Never throws: a
 * folder that cannot be listed has nothing cx can clean.
 */
export function removeStaleTempFiles(folder: string): number {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const pid = TEMP_NAME.exec(name)?.[1];
    if (pid === undefined || alive(Number(pid))) continue;
    try {
      unlinkSync(join(folder, name));
      removed++;
    } catch {
      // Someone else removed it, or it is not ours to remove: either way not this command's failure.
    }
  }
  return removed;
}

/**
 * Creates a folder and its missing parents one level at a time. Node's
 * `mkdirSync(..., { recursive: true })` never returns on some paths under
 * /proc (it retries a parent that keeps "not existing"), so cx walks up to
 * the nearest folder that exists and creates each level itself.
 */
export function makeFolder(folder: string): void {
  const missing: string[] = [];
  let current = resolve(folder);
  while (!existsSync(current)) {
    missing.push(current);
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const level of missing.reverse()) {
    try {
      mkdirSync(level);
    } catch (error) {
      // Another process may have created it meanwhile; anything else is the caller's to report.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || !statSync(level).isDirectory()) throw error;
    }
  }
}

/**
 * Writes a file atomically: a temp file beside it (named so that a later
 * run recognises it as stale if this one is killed), flushed to disk, then
 * renamed over the target, so an interrupted command leaves either the old
 * file or the complete new one. Creates the folder if needed, and removes
 * the temp files earlier interrupted writes left there.
 *
 * @example
 * ```ts
 * writeFileAtomic("out/repro.json", text);
 * ```
 */
export function writeFileAtomic(path: string, content: string): void {
  const target = resolve(path);
  const folder = dirname(target);
  makeFolder(folder);
  removeStaleTempFiles(folder);
  const temp = join(folder, `.${basename(target)}${TEMP_MARK}${process.pid}`);
  let fd: number | undefined;
  try {
    fd = openSync(temp, "w", 0o644);
    const bytes = Buffer.from(content, "utf8");
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(temp, target);
  } catch (error) {
    if (fd !== undefined) {
      try {
        closeSync(fd);
      } catch {
        // Closing after a failed write: the write's own error is the one to report.
      }
    }
    try {
      unlinkSync(temp);
    } catch {
      // Never created, or already gone.
    }
    throw error;
  }
}
