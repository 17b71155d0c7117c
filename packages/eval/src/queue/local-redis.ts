import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A redis-server this process started, on 127.0.0.1, in a folder of its own. */
export interface LocalRedis {
  readonly url: string;
  readonly port: number;
  /** The server's folder (its append-only file, when persistent). */
  readonly dir: string;
  /** Stops the server (SIGTERM, then SIGKILL after 5 s) and starts it again on the same port and folder. */
  restart(): Promise<void>;
  /** Stops the server and removes its folder; safe to call twice. */
  stop(): Promise<void>;
}

/** What {@link startLocalRedis} starts. */
export interface LocalRedisOptions {
  /** An append-only file fsynced on every write, so a restart keeps every job (default false: nothing on disk). */
  readonly persistent?: boolean;
  /** The binary (default `redis-server` on the PATH). */
  readonly binary?: string;
  /** How long the server may take to accept connections (default 10 s). */
  readonly startMs?: number;
}

/** Whether `redis-server` (or `binary`) can be run here. */
export function hasRedisServer(binary = "redis-server"): boolean {
  const result = spawnSync(binary, ["--version"], { stdio: "ignore" });
  return result.error === undefined && result.status === 0;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function launch(binary: string, args: readonly string[], startMs: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`redis-server did not accept connections within ${startMs} ms: ${output.slice(-500)}`));
    }, startMs);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString("utf8");
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer);
        child.stdout?.removeListener("data", onData);
        child.stdout?.resume();
        child.stderr?.resume();
        resolve(child);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(new Error(`could not start ${binary}: ${error.message} (Debian: apt-get install redis-server)`));
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with code ${code} before accepting connections: ${output.slice(-500)}`));
    });
  });
}

function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/**
 * Starts Debian's `redis-server` on 127.0.0.1 on a free port, in a fresh
 * temp folder, with every setting that matters given on the command line
 * (no config file is read, so nothing from the machine's Redis leaks in):
 * no RDB snapshots, and an append-only file fsynced on every write when
 * `persistent`, nothing on disk otherwise.
 *
 * When to use: tests and benches of campaigns, which need a real Redis
 * they own. Not for production: a campaign's Redis is yours to run.
 *
 * Gotchas: always `stop()` it (in a `finally`), or the server outlives the
 * process. A port can be taken between choosing it and the server binding
 * it; the start then fails with redis-server's message.
 *
 * @example
 * ```ts
 * const redis = await startLocalRedis({ persistent: true });
 * try { await runCampaignAgainst(redis.url); await redis.restart(); } finally { await redis.stop(); }
 * ```
 */
export async function startLocalRedis(options: LocalRedisOptions = {}): Promise<LocalRedis> {
  const binary = options.binary ?? "redis-server";
  const startMs = options.startMs ?? 10_000;
  const dir = mkdtempSync(join(tmpdir(), "cx-redis-"));
  const port = await freePort();
  const persistence = options.persistent === true ? ["--appendonly", "yes", "--appendfsync", "always"] : ["--appendonly", "no"];
  const args = ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", ...persistence, "--daemonize", "no", "--protected-mode", "yes", "--logfile", ""];
  let child: ChildProcess | undefined;
  try {
    child = await launch(binary, args, startMs);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    async restart() {
      if (child !== undefined) await terminate(child);
      child = await launch(binary, args, startMs);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (child !== undefined) await terminate(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
