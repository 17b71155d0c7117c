/** The exit codes every cx command uses; `exitCodeHelp` documents them in every command's --help. */
export const ExitCode = {
  /** Nothing wrong: no violation, the history is linearizable, the replay reproduced. */
  ok: 0,
  /** A violation was found, a history is not linearizable, or a replay did not reproduce. */
  violation: 1,
  /** Bad input or usage: a wrong flag, a malformed or unreadable file, an unwritable save path; a queue that cannot be reached. */
  usage: 2,
  /** The linearizability checker ran out of budget. */
  unknown: 3,
  /** A violation was found but its reproduction could not be written where asked; it went to a fallback file or stdout (the message says where). */
  saveFailed: 4,
  /** A bug in cx itself, or stdout/stderr could not be written (a full disk): one line on stderr says what. */
  internal: 70,
  /** stdout or stderr was closed by its reader (`cx bugs | head -1`): cx stops quietly, with the status a shell gives a process SIGPIPE stopped. */
  brokenPipe: 141,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** The exit-code table, as every command's --help shows it. */
export const exitCodeHelp = `
Exit codes:
  0   ok: no violation, linearizable, the replay reproduced
  1   violation found, not linearizable, or the replay did not reproduce
  2   bad input or usage (a flag, a file, an unwritable --save path); nothing was run;
      cx campaign and cx worker: also a queue that cannot be reached or was waited for too long
  3   cx lin: unknown (the checker's budget ran out)
  4   a violation was found but could not be saved where asked; the reproduction went to
      a fallback file or stdout, and stderr says where
  70  internal error in cx: one line, and the full trace in a file (CX_DEBUG=1 prints it);
      also stdout or stderr could not be written (a full disk): one line saying so
  141 stdout or stderr was closed by its reader (cx ... | head): cx stops quietly`;
