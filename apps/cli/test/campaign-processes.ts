import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { repoRoot } from "./run-cli.js";

const tsxLoader = pathToFileURL(join(repoRoot, "node_modules", "tsx", "dist", "loader.mjs")).href;

/** A process started from sources under tsx, with its stderr kept line by line. */
export interface CxProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  readonly stderrLines: string[];
  readonly stdout: () => string;
  /** Resolves with the first stderr line (from now or already seen after `from`) matching `pattern`; rejects after `ms` or when the process exits first. */
  waitForLine(pattern: RegExp, options?: { readonly from?: number; readonly ms?: number }): Promise<{ line: string; index: number }>;
  readonly exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
}

/** Starts `script` (a TypeScript file) with `args`, as the CLI runs from sources. */
export function startScript(script: string, args: readonly string[]): CxProcess {
  const child = spawn(process.execPath, ["--conditions=@cx/source", "--import", tsxLoader, script, ...args], { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1" } });
  const stderrLines: string[] = [];
  const listeners = new Set<() => void>();
  let partial = "";
  let out = "";
  child.stdout?.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => {
    const parts = (partial + chunk.toString("utf8")).split("\n");
    partial = parts.pop() ?? "";
    stderrLines.push(...parts);
    for (const listener of listeners) listener();
  });
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      exitCode = code;
      for (const listener of listeners) listener();
      resolve(code);
    }),
  );
  return {
    child,
    pid: child.pid ?? -1,
    stderrLines,
    stdout: () => out,
    exited,
    kill: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
    waitForLine(pattern, options = {}) {
      const from = options.from ?? 0;
      const ms = options.ms ?? 60_000;
      return new Promise((resolve, reject) => {
        const check = (): void => {
          const index = stderrLines.findIndex((line, i) => i >= from && pattern.test(line));
          if (index >= 0) {
            done();
            resolve({ line: stderrLines[index] as string, index });
          } else if (exitCode !== undefined) {
            done();
            reject(new Error(`${script} exited (${exitCode}) before printing ${pattern}; stderr:\n${stderrLines.slice(-20).join("\n")}`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no line matching ${pattern} within ${ms} ms; stderr:\n${stderrLines.slice(-20).join("\n")}`));
        }, ms);
        const done = (): void => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
  };
}

/** `cx worker --queue url` with one thread, a short lock (so a killed worker's job is taken over in seconds) and a line per job. */
export function startWorker(url: string, extra: readonly string[] = []): CxProcess {
  return startScript(join(repoRoot, "apps/cli/src/main.ts"), ["worker", "--queue", url, "--threads", "1", "--lock-seconds", "2", "--verbose", ...extra]);
}
