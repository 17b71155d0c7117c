import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parseRepro } from "@cx/search";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { runReplay } from "../src/commands/replay.js";
import { ExitCode } from "../src/exit-codes.js";
import type * as Output from "../src/output.js";
import { ReproSaver } from "../src/save-target.js";
import { cxInProcess } from "./run-cli.js";
import { tempDir } from "./temp-dir.js";

const dir = tempDir("cx-save-");
const failing = join(dir, "fails-after-the-check");
mkdirSync(failing);
let failEverything = false;

// The disk fills up (or the folder goes away) after the save path was checked: writes there fail.
vi.mock("../src/output.js", async (importOriginal) => {
  const real = await importOriginal<typeof Output>();
  return {
    ...real,
    writeFileAtomic: (path: string, content: string) => {
      if (failEverything || path.startsWith(failing)) throw Object.assign(new Error(`ENOSPC: no space left on device, write '${path}'`), { code: "ENOSPC" });
      real.writeFileAtomic(path, content);
    },
  };
});

const hunt = ["hunt", "--bugs", "vote_twice_in_term", "--budget", "300", "--shrink-seconds", "1", "--save", join(failing, "repro.json")];

describe("a found failure is never lost", () => {
  it("when the save fails after a find, the reproduction goes to a fallback file, stdout says where, and the exit code is 4", async () => {
    // The fallback goes to the system's temp folder: here this file's own folder, removed with it.
    vi.stubEnv("TMPDIR", dir);
    onTestFinished(() => {
      vi.unstubAllEnvs();
    });
    const result = await cxInProcess(hunt);
    expect(result.status).toBe(ExitCode.saveFailed);
    expect(result.stdout).toContain(`Could not save the reproduction to ${join(failing, "repro.json")} (ENOSPC`);
    const fallback = /saved to (\S+) instead/.exec(result.stdout)?.[1] ?? "";
    expect(dirname(fallback)).toBe(dir);
    expect(parseRepro(readFileSync(fallback, "utf8")).ok).toBe(true);
    expect((await runReplay({ file: fallback })).report.reproduced).toBe(true);
    expect(readdirSync(failing)).toEqual([]);
  });

  it("when no file at all can be written, the reproduction itself is printed (text) or embedded (--json), exit 4", async () => {
    failEverything = true;
    try {
      const text = await cxInProcess(hunt);
      expect(text.status).toBe(ExitCode.saveFailed);
      const printed = text.stdout.slice(text.stdout.indexOf('{\n  "formatVersion"'));
      expect(parseRepro(printed.slice(0, printed.lastIndexOf("}") + 1)).ok).toBe(true);
      const json = await cxInProcess([...hunt, "--json"]);
      expect(json.status).toBe(ExitCode.saveFailed);
      const report = JSON.parse(json.stdout) as { saved: string | null; saveError: string; unsavedRepro: unknown };
      expect(report.saved).toBeNull();
      expect(report.saveError).toContain("ENOSPC");
      expect(parseRepro(JSON.stringify(report.unsavedRepro)).ok).toBe(true);
    } finally {
      failEverything = false;
    }
  });

  it("ReproSaver keeps using the fallback once the requested path failed", () => {
    const written: string[] = [];
    const saver = new ReproSaver(join(dir, "x.json"), (path) => {
      if (path.endsWith("x.json") && !path.includes("unsaved")) throw new Error("EROFS");
      written.push(path);
    });
    saver.save("1");
    saver.save("2");
    expect(written).toHaveLength(2);
    expect(saver.state().failure).toContain("EROFS");
    expect(saver.state().savedTo).toBe(written[1]);
  });
});

describe("atomic writes", () => {
  it("a rename that fails leaves no orphan temp file", async () => {
    const { writeFileAtomic: real } = await vi.importActual<typeof Output>("../src/output.js");
    const target = join(dir, "a-directory");
    mkdirSync(target);
    expect(() => real(target, "x")).toThrow();
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    expect(existsSync(target)).toBe(true);
  });
});
