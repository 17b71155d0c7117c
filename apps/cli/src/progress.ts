import { performance } from "node:perf_hooks";
import cliProgress from "cli-progress";

/** Progress of a long command on stderr: a bar on a terminal, a line every few seconds elsewhere, or nothing. */
export interface Progress {
  start(total: number, label: string): void;
  update(value: number, detail: string): void;
  stop(): void;
}

/** How often a progress line is written when stderr is not a terminal. */
export const PROGRESS_LINE_INTERVAL_MS = 5000;

const silent: Progress = { start() {}, update() {}, stop() {} };

/** Where progress goes and how time is read; tests replace both. */
export interface ProgressSink {
  readonly tty: boolean;
  readonly write: (text: string) => void;
  readonly now: () => number;
}

const stderrSink: ProgressSink = { tty: process.stderr.isTTY === true, write: (text) => process.stderr.write(text), now: () => performance.now() };

/**
 * A progress reporter: silent when not `enabled`; on a terminal a bar with
 * done/total, rate and ETA; otherwise a plain line at most every
 * {@link PROGRESS_LINE_INTERVAL_MS} (`hunting ...: 1200/5000 (24%), 410/s, ETA 9 s, coverage 31`).
 *
 * @example
 * ```ts
 * const progress = createProgress(wantsProgress(json));
 * progress.start(budget, "hunting");
 * progress.update(done, "coverage 12");
 * progress.stop();
 * ```
 */
export function createProgress(enabled: boolean, sink: ProgressSink = stderrSink): Progress {
  if (!enabled) return silent;
  return sink.tty ? barProgress(sink) : lineProgress(sink);
}

/** `410/s, ETA 9 s`, or just the rate when the total is not a count of work (a shrink). */
export function rateAndEta(done: number, total: number, elapsedMs: number): string {
  if (elapsedMs <= 0 || done <= 0) return "";
  const rate = (done * 1000) / elapsedMs;
  const shownRate = rate >= 10 ? Math.round(rate).toString() : rate.toFixed(1);
  if (total <= 1 || done >= total) return `${shownRate}/s`;
  return `${shownRate}/s, ETA ${formatSeconds((total - done) / rate)}`;
}

function formatSeconds(seconds: number): string {
  if (seconds < 90) return `${Math.ceil(seconds)} s`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}

function barProgress(sink: ProgressSink): Progress {
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: "{label} [{bar}] {value}/{total} {speed} {detail}", hideCursor: true, clearOnComplete: true, fps: 10 },
    cliProgress.Presets.shades_classic,
  );
  let label = "";
  let started = 0;
  let total = 0;
  return {
    start(newTotal, newLabel) {
      label = newLabel;
      total = newTotal;
      started = sink.now();
      bar.start(newTotal, 0, { label, detail: "", speed: "" });
    },
    update(value, detail) {
      bar.update(value, { label, detail, speed: rateAndEta(value, total, sink.now() - started) });
    },
    stop() {
      bar.stop();
    },
  };
}

function lineProgress(sink: ProgressSink): Progress {
  let label = "";
  let total = 0;
  let started = 0;
  let lastLine = 0;
  return {
    start(newTotal, newLabel) {
      label = newLabel;
      total = newTotal;
      started = sink.now();
      lastLine = started;
    },
    update(value, detail) {
      const now = sink.now();
      if (now - lastLine < PROGRESS_LINE_INTERVAL_MS) return;
      lastLine = now;
      const count = total > 1 ? `${value}/${total} (${Math.floor((100 * value) / total)}%)` : `${formatSeconds((now - started) / 1000)} elapsed`;
      const speed = rateAndEta(value, total, now - started);
      sink.write(`${label}: ${[count, speed, detail].filter((s) => s !== "").join(", ")}\n`);
    },
    stop() {},
  };
}
