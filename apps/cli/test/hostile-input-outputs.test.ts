import { spawn, spawnSync } from "node:child_process";
import { existsSync, linkSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { writeFileAtomic } from "../src/atomic-file.js";
import { oneLine } from "../src/cli.js";
import { cxInvocation } from "../src/invocation.js";
import { clampWorkers } from "../src/parse-flags.js";
import { clip } from "../src/terminal-safe.js";
import { baseRepros, STACK_LINE } from "./hostile-inputs.js";
import { cxInProcess, repoRoot } from "./run-cli.js";
import { tempDir } from "./temp-dir.js";

const dir = tempDir("cx-outputs-");
const file = (name: string, content: string | Uint8Array): string => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const repro = baseRepros.find((r) => r.bugs[0] === "vote_twice_in_term") ?? (baseRepros[0] as (typeof baseRepros)[number]);
const historyText = '{"client":0,"call":0,"return":1,"op":"write","value":"a","output":null}\n{"client":1,"call":2,"return":3,"op":"read","value":null,"output":"a"}\n';
const lines = (text: string): string[] => text.split("\n").filter((l) => l !== "");

// Every refusal here must come before any work: well under the 5 s a user waits, with room for a loaded machine.
const REFUSED_WITHIN_MS = 5_000;

beforeAll(async () => {
  // The first in-process run loads every module; the time limits are about the command, not the import.
  await cxInProcess(["bugs"]);
});

describe("outputs never overwrite inputs or each other", () => {
  it("cx lin refuses --html naming the history itself, through a symlink or a hard link, and leaves it unchanged", async () => {
    const history = file("h.jsonl", historyText);
    symlinkSync(history, join(dir, "h-symlink.jsonl"));
    linkSync(history, join(dir, "h-hardlink.jsonl"));
    for (const html of [history, join(dir, "h-symlink.jsonl"), join(dir, "h-hardlink.jsonl"), join(dir, ".", "h.jsonl")]) {
      const result = await cxInProcess(["lin", history, "--html", html]);
      expect(result.status, html).toBe(2);
      expect(lines(result.stderr)).toHaveLength(1);
      expect(result.stderr).toContain("the history file and --html name the same file");
    }
    expect(readFileSync(history, "utf8")).toBe(historyText);
  });

  it("cx replay refuses --svg naming the reproduction file, and the file keeps its content", async () => {
    const text = JSON.stringify(repro);
    const path = file("r.json", text);
    const result = await cxInProcess(["replay", path, "--svg", path]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("the reproduction file and --svg name the same file");
    expect(readFileSync(path, "utf8")).toBe(text);
  });

  it("cx hunt refuses --save and --svg naming one file before searching, so the finding cannot be replaced by the diagram", async () => {
    const started = performance.now();
    const target = join(dir, "finding.json");
    const result = await cxInProcess(["hunt", "--bugs", "none", "--budget", "1000000000", "--save", target, "--svg", target]);
    expect(performance.now() - started).toBeLessThan(REFUSED_WITHIN_MS);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--save and --svg name the same file");
    expect(existsSync(target)).toBe(false);
  });

  it("cx report refuses --results that is the summary.md it would write", async () => {
    const out = join(dir, "report-same");
    const results = join(out, "summary.md");
    const content = readFileSync(join(repoRoot, "results/results.json"), "utf8");
    await cxInProcess(["report", "--out", out, "--results", join(repoRoot, "results/results.json")]);
    writeFileSync(results, content);
    const result = await cxInProcess(["report", "--results", results, "--out", out]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("name the same file");
    expect(readFileSync(results, "utf8")).toBe(content);
  });

  it("cx replay --svg into a missing folder creates it, as --save, --html and --out do", async () => {
    const svg = join(dir, "missing", "a", "b.svg");
    const result = await cxInProcess(["replay", file("r2.json", JSON.stringify(repro)), "--svg", svg]);
    expect(result.status).toBe(0);
    expect(readFileSync(svg, "utf8")).toContain("<svg");
  });

  it("an output folder that cannot exist is refused before any work (cx report --out under /proc returns at once)", async () => {
    const started = performance.now();
    const result = await cxInProcess(["report", "--results", join(repoRoot, "results/results.json"), "--out", "/proc/self/x"]);
    expect(performance.now() - started).toBeLessThan(REFUSED_WITHIN_MS);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^cx: --out: cannot write .*report\.html/);
  });

  it("a temp file an interrupted write left behind is removed by the next write to that folder, one of a running writer is kept", () => {
    const folder = mkdtempSync(join(dir, "temps-"));
    // A pid far above any Linux pid_max: no process has it.
    const stale = join(folder, ".repro.json.cx-tmp-99999999");
    const live = join(folder, `.other.json.cx-tmp-${process.ppid}`);
    writeFileSync(stale, "half");
    writeFileSync(live, "in progress");
    writeFileAtomic(join(folder, "repro.json"), "{}\n");
    expect(readdirSync(folder).sort()).toEqual([`.other.json.cx-tmp-${process.ppid}`, "repro.json"]);
  });
});

const tsxLoader = pathToFileURL(join(repoRoot, "node_modules", "tsx", "dist", "loader.mjs")).href;
const cliArgs = (args: readonly string[]): string[] => ["--conditions=@cx/source", "--import", tsxLoader, join(repoRoot, "apps/cli/src/main.ts"), ...args];

/** Runs the real binary with its stdout closed before it writes anything. */
function runWithClosedStdout(args: readonly string[]): Promise<{ status: number | null; stderr: string }> {
  const child = spawn(process.execPath, cliArgs(args), { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.destroy();
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  return new Promise((resolve) => child.on("close", (status) => resolve({ status, stderr })));
}

/** Runs the real binary with stdout redirected by a shell to /dev/full, as a user would. */
function runIntoDevFull(args: readonly string[]): { status: number | null; stderr: string } {
  const words = [process.execPath, ...cliArgs(args)].map((w) => `'${w.replace(/'/g, "'\\''")}'`).join(" ");
  const result = spawnSync("sh", ["-c", `${words} > /dev/full`], { encoding: "utf8" });
  return { status: result.status, stderr: result.stderr };
}

describe("closed and full standard streams", () => {
  it("a full stdout (/dev/full) ends with one line and exit 70, never a trace or exit 1", () => {
    for (const command of ["bugs", "protocols"]) {
      const result = runIntoDevFull([command]);
      expect(result.status, command).toBe(70);
      expect(lines(result.stderr)).toEqual(["cx: cannot write to standard output (ENOSPC); the output is incomplete"]);
    }
  });

  it("a stdout closed by its reader ends quietly with status 141", async () => {
    const result = await runWithClosedStdout(["--help"]);
    expect(result.status).toBe(141);
    expect(result.stderr).toBe("");
  });
});

describe("bounds on what a flag or file controls", () => {
  it("--workers above the machine's cores is clamped to them, with one line saying so", () => {
    const said: string[] = [];
    expect(clampWorkers(1000, { flag: "--workers", say: (line) => said.push(line), cores: 2 })).toBe(2);
    expect(said).toEqual(["cx: --workers 1000 is more than the 2 cores of this machine; using 2\n"]);
    expect(clampWorkers(2, { flag: "--workers", say: (line) => said.push(line), cores: 2 })).toBe(2);
    expect(clampWorkers(undefined, { flag: "--workers", say: (line) => said.push(line), cores: 2 })).toBeUndefined();
    expect(said).toHaveLength(1);
  });

  it("a --protocol module that loops at top level is exit 2 within the load limit, not a hang", async () => {
    const module = file("loops.mjs", "while (true) {}\nexport const protocolPlugin = {};\n");
    const before = process.env["CX_PROTOCOL_LOAD_SECONDS"];
    process.env["CX_PROTOCOL_LOAD_SECONDS"] = "1";
    try {
      const started = performance.now();
      for (const args of [["run", "--protocol", module], ["replay", file("r3.json", JSON.stringify(repro)), "--protocol", module]]) {
        const result = await cxInProcess(args);
        expect(result.status, args[0]).toBe(2);
        expect(result.stderr).toContain("did not finish loading within 1 s");
      }
      expect(performance.now() - started).toBeLessThan(2 * REFUSED_WITHIN_MS);
    } finally {
      if (before === undefined) delete process.env["CX_PROTOCOL_LOAD_SECONDS"];
      else process.env["CX_PROTOCOL_LOAD_SECONDS"] = before;
    }
  });

  it("a results file above 16 MiB is refused at once, naming the limit", async () => {
    const big = file("big-results.json", "");
    truncateSync(big, 17 * 1024 * 1024);
    const started = performance.now();
    const result = await cxInProcess(["report", "--results", big, "--out", join(dir, "big-out")]);
    expect(performance.now() - started).toBeLessThan(REFUSED_WITHIN_MS);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("more than the 16777216 bytes (16 MiB) cx report reads");
  });
});

describe("one-line errors with bounded echoes", () => {
  it("an unknown option is one line with the help hint on it", async () => {
    const result = await cxInProcess(["bugs", "--wat"]);
    expect(result.status).toBe(2);
    expect(lines(result.stderr)).toEqual(["cx: unknown option '--wat' (run pnpm cx bugs --help for usage)"]);
  });

  it("a 1 MB protocol name and 100,000 unknown defect names come back as one short line", async () => {
    const name = await cxInProcess(["bugs", "--protocol", "p".repeat(1_000_000)]);
    expect(name.status).toBe(2);
    expect(lines(name.stderr)).toHaveLength(1);
    expect(name.stderr.length).toBeLessThan(1_200);
    const bugs = await cxInProcess(["run", "--bugs", Array.from({ length: 100_000 }, (_, i) => `no_such_${i}`).join(",")]);
    expect(bugs.status).toBe(2);
    expect(lines(bugs.stderr)).toHaveLength(1);
    expect(bugs.stderr).toContain("and 99995 more");
    expect(bugs.stderr.length).toBeLessThan(1_200);
  });

  it("a reproduction file with many bad fields is one line, not one per field", async () => {
    const result = await cxInProcess(["replay", file("bad-fields.json", JSON.stringify({ ...repro, choices: [-1, -2, -3], formatVersion: 9 }))]);
    expect(result.status).toBe(2);
    expect(lines(result.stderr)).toHaveLength(1);
    expect(result.stderr).toContain("choices");
  });

  it("oneLine joins a message's lines and cuts a quoted echo, saying how much it cut", () => {
    expect(oneLine("bad.json is not valid:\n  a: x\n  b: y")).toBe("bad.json is not valid: a: x; b: y");
    const cut = oneLine(`unknown "${"z".repeat(5000)}"; expected one of a, b`);
    expect(cut).toContain("... (4800 more characters cut)");
    expect(cut).toContain("expected one of a, b");
    expect(clip("ab\uD83D\uDE00cd", 3)).toBe("ab... (4 more characters cut)");
  });

  it("a 10 MB violation message is shown cut in text, and whole under --json", async () => {
    const message = "m".repeat(10_000_000);
    const path = file("huge-message.json", JSON.stringify({ ...repro, violation: { ...repro.violation, message } }));
    const text = await cxInProcess(["replay", path]);
    expect(text.stdout.length).toBeLessThan(100_000);
    expect(text.stdout).toContain("more characters cut");
    const json = await cxInProcess(["replay", path, "--json"]);
    expect((JSON.parse(json.stdout) as { expected: { message: string } }).expected.message).toHaveLength(10_000_000);
  });

  it("summary.md written by cx report shows a results file's escape sequences escaped", async () => {
    const results = JSON.parse(readFileSync(join(repoRoot, "results/results.json"), "utf8")) as { protocols: { summary: string }[] };
    const first = results.protocols[0];
    if (first === undefined) throw new Error("results/results.json has no protocol");
    first.summary = "evil\u001b]0;pwned\u0007\u001b[2J";
    const path = file("escape-results.json", JSON.stringify(results));
    const out = join(dir, "escape-out");
    const result = await cxInProcess(["report", "--results", path, "--out", out]);
    expect(result.status).toBe(0);
    const summary = readFileSync(join(out, "summary.md"), "utf8");
    expect(summary).not.toContain("\u001b");
    expect(summary).toContain("evil\\u{1b}\\]0;pwned\\u{7}");
  });
});

describe("one strictness for every input", () => {
  it("--choices refuses integers beyond the exact range, as reproduction files do", async () => {
    for (const value of ["1e20", "9007199254740992"]) {
      const result = await cxInProcess(["run", "--choices", file(`c-${value}.json`, `[${value}]`)]);
      expect(result.status, value).toBe(2);
      expect(result.stderr).toContain("element 0 must be a non-negative integer");
    }
    expect((await cxInProcess(["run", "--choices", file("c-ok.json", "[9007199254740991]")])).status).not.toBe(2);
  });

  it("--seed with --choices is refused instead of being silently ignored", async () => {
    const result = await cxInProcess(["run", "--choices", file("c-seed.json", "[1, 2]"), "--seed", "7"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--seed and --choices contradict each other");
  });

  it("a history with a doubled or mid-file byte-order mark is refused with its line number", async () => {
    const doubled = await cxInProcess(["lin", file("bom2.jsonl", `\uFEFF\uFEFF${historyText}`)]);
    expect(doubled.status).toBe(2);
    expect(doubled.stderr).toContain("line 1: a byte-order mark (U+FEFF) after the first one");
    const [first, second] = lines(historyText);
    const middle = await cxInProcess(["lin", file("bom-mid.jsonl", `${first}\n\uFEFF${second}\n`)]);
    expect(middle.status).toBe(2);
    expect(middle.stderr).toContain("line 2: a byte-order mark (U+FEFF) in the middle of the file");
  });

  it("a history in which one client has two answered calls in flight at once is refused with the line, a pending call is not", async () => {
    const overlap = '{"client":0,"call":0,"return":10,"op":"write","value":"a","output":null}\n{"client":0,"call":5,"return":12,"op":"read","value":null,"output":"a"}\n';
    const result = await cxInProcess(["lin", file("overlap.jsonl", overlap)]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("line 2: client 0 calls at 5 while its operation at line 1 is still in flight (it returns at 10)");
    const pending = '{"client":0,"call":0,"return":null,"op":"write","value":"a","output":null}\n{"client":0,"call":5,"return":12,"op":"read","value":null,"output":"a"}\n';
    expect((await cxInProcess(["lin", file("pending.jsonl", pending)])).status).toBe(0);
  });
});

describe("hints that can be pasted", () => {
  it("the command printed is the one the user ran cx with", () => {
    const built = "file:///x/node_modules/@cx/cli/dist/main.js";
    expect(cxInvocation({}, "file:///x/apps/cli/src/invocation.ts")).toBe("pnpm cx");
    expect(cxInvocation({ npm_config_user_agent: "pnpm/12.4.2 npm/? node/? linux x64", INIT_CWD: "/x/packages/mine" }, "file:///x/apps/cli/src/invocation.ts"), "in any folder of a clone").toBe("pnpm cx");
    expect(cxInvocation({ npm_config_user_agent: "npm/11.0.0 node/v20.20.2 linux x64", npm_command: "exec" }, built)).toBe("npx cx");
    expect(cxInvocation({ npm_config_user_agent: "pnpm/12.4.2 npm/? node/? linux x64" }, built)).toBe("pnpm exec cx");
    expect(cxInvocation({}, built)).toBe("cx");
  });

  it("a failed shrink's advice names the command as the user ran it, with the path quoted for a shell", async () => {
    const path = file("needs quoting.json", JSON.stringify({ ...repro, choices: [] }));
    const result = await cxInProcess(["shrink", path]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`run pnpm cx replay '${path}' to see what happens instead`);
    expect(result.stderr).not.toMatch(STACK_LINE);
  });
});
