/** The exit codes every cx command uses (listed in the CLI README). */
export const ExitCode = {
  /** Nothing wrong: no violation, the history is linearizable, the replay reproduced. */
  ok: 0,
  /** A violation was found, a history is not linearizable, or a replay did not reproduce. */
  violation: 1,
  /** Bad input or usage: a wrong flag, a malformed file. */
  usage: 2,
  /** The linearizability checker ran out of budget. */
  unknown: 3,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];
