import cliProgress from "cli-progress";

/** A progress bar on stderr for people; a no-op when not a TTY or under --json. */
export interface Progress {
  start(total: number, label: string): void;
  update(value: number, detail: string): void;
  stop(): void;
}

const silent: Progress = { start() {}, update() {}, stop() {} };

export function createProgress(enabled: boolean): Progress {
  if (!enabled) return silent;
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: "{label} [{bar}] {value}/{total} {detail}", hideCursor: true, clearOnComplete: true, fps: 10 },
    cliProgress.Presets.shades_classic,
  );
  let label = "";
  return {
    start(total, newLabel) {
      label = newLabel;
      bar.start(total, 0, { label, detail: "" });
    },
    update(value, detail) {
      bar.update(value, { label, detail });
    },
    stop() {
      bar.stop();
    },
  };
}
