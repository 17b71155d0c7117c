/** An operation on a compare-and-set register (etcd-style). */
export type RegisterInput =
  | { readonly op: "read" }
  | { readonly op: "write"; readonly value: string }
  | { readonly op: "cas"; readonly expected: string; readonly value: string };

/**
 * A register's answer: `read` gives the value, or `null` when the register was
 * never written; `cas` gives whether it succeeded; `write` gives `null`.
 */
export type RegisterOutput = string | boolean | null;

/** The register's state: its value, `null` while never written. */
export type RegisterState = string | null;
