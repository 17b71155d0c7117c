import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, onTestFinished } from "vitest";

const remove = (dir: string) => () => rmSync(dir, { recursive: true, force: true });

/**
 * A new folder in the system's temp folder (its name starts with `prefix`),
 * removed with everything in it after the last test of the file or `describe`
 * this is called in. Call it at the top of a test file or in a `describe`
 * body, never inside a test (use {@link testTempDir} there).
 */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(remove(dir));
  return dir;
}

/** A new folder in the system's temp folder, removed with everything in it when the calling test finishes, passed or failed. */
export function testTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onTestFinished(remove(dir));
  return dir;
}
