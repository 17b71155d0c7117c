import type { BuiltInModelTypes } from "../models/built-in-models.js";
import { show } from "./show-value.js";

/**
 * The built-in models a history file is read for only when the model is
 * named: their operations share names with the register's (`read`, `write`,
 * `cas`) and with each other's (`add`), so inferring one would reinterpret
 * files that are read as register histories today.
 */
export type NamedModelName = "set" | "queue" | "counter" | "lock";

/** Each named model's operations, as the `op` field spells them. */
export const NAMED_MODEL_OPS: { readonly [Name in NamedModelName]: readonly string[] } = Object.freeze({
  set: ["add", "remove", "read"],
  queue: ["enqueue", "dequeue"],
  counter: ["read", "add", "cas"],
  lock: ["acquire", "release", "write", "read"],
});

/** One line of a history being read: its fields, whether the call never returned, and where its errors go. */
export interface HistoryLine {
  readonly fields: Readonly<Record<string, unknown>>;
  readonly op: string;
  readonly pending: boolean;
  fail(field: string, message: string): void;
}

/** What one line of a named model's history asked and answered. */
export interface LineReading<Name extends NamedModelName> {
  readonly input: BuiltInModelTypes[Name]["input"];
  readonly output: BuiltInModelTypes[Name]["output"];
}

/**
 * Reads the operation on one line of a history of `model` (whose `op` is
 * one of the model's), or reports what is wrong with it through
 * `line.fail` and answers `undefined`.
 */
export function readNamedModelLine<Name extends NamedModelName>(model: Name, line: HistoryLine): LineReading<Name> | undefined {
  const check = new LineCheck(line);
  const reading = READERS[model](check);
  return check.errors > 0 ? undefined : (reading as LineReading<Name>);
}

/** The checks one line's fields go through; counts the errors it reports. */
class LineCheck {
  errors = 0;
  readonly op: string;
  readonly pending: boolean;
  private readonly line: HistoryLine;

  constructor(line: HistoryLine) {
    this.line = line;
    this.op = line.op;
    this.pending = line.pending;
  }

  fail(field: string, message: string): void {
    this.errors++;
    this.line.fail(field, message);
  }

  field(name: string): unknown {
    return this.line.fields[name];
  }

  /** The field as a string, else an error saying what it was for. */
  string(name: string, what: string): string {
    const found = this.field(name);
    if (typeof found !== "string") this.fail(name, `expected a string (${what}), found ${show(found)}`);
    return found as string;
  }

  /** The field as an integer of at least `min` (safe integers only), else an error. */
  integer(name: string, what: string, min = Number.MIN_SAFE_INTEGER): number {
    const found = this.field(name);
    if (typeof found !== "number" || !Number.isSafeInteger(found) || found < min) {
      this.fail(name, `expected an integer${min === Number.MIN_SAFE_INTEGER ? "" : ` >= ${min}`} (${what}), found ${show(found)}`);
    }
    return found as number;
  }

  /** The field must be null or absent. */
  none(name: string, why: string): void {
    const found = this.field(name);
    if (found !== null && found !== undefined) this.fail(name, `expected null (${why}), found ${show(found)}`);
  }

  /** `ok` of a call that answers accepted or refused: a boolean, or null when the call never returned. */
  accepted(what: string): boolean | null {
    this.none("output", `${this.op} answers in "ok"`);
    if (this.pending) {
      this.none("ok", "the call never returned");
      return null;
    }
    const ok = this.field("ok");
    if (typeof ok !== "boolean") this.fail("ok", `expected true or false (${what}), found ${show(ok)}`);
    return ok as boolean;
  }

  /** `output` of a call, checked by `read` unless the call never returned (it must then be null). */
  answer<Output>(read: (output: unknown) => Output): Output | null {
    if (this.pending) {
      this.none("output", "the call never returned");
      return null;
    }
    return read(this.field("output"));
  }
}

type Readers = { readonly [Name in NamedModelName]: (check: LineCheck) => LineReading<Name> };

const READERS: Readers = {
  set(check) {
    if (check.op === "read") {
      check.none("value", "a read has no argument");
      return { input: { op: "read" }, output: check.answer((found) => members(check, found)) };
    }
    const op = check.op as "add" | "remove";
    const value = check.string("value", `the value to ${op}`);
    const output = check.answer((found) => {
      if (found !== null && found !== undefined && typeof found !== "boolean") check.fail("output", `expected true or false (did the ${op} change the set?) or null (not reported), found ${show(found)}`);
      return (found ?? null) as boolean | null;
    });
    return { input: { op, value }, output };
  },
  queue(check) {
    if (check.op === "enqueue") {
      const value = check.string("value", "the value enqueued");
      check.none("output", "an enqueue answers nothing");
      return { input: { op: "enqueue", value }, output: null };
    }
    check.none("value", "a dequeue has no argument");
    const output = check.answer((found) => {
      if (found !== null && typeof found !== "string") check.fail("output", `expected the value dequeued (a string) or null (the queue was empty), found ${show(found)}`);
      return found as string | null;
    });
    return { input: { op: "dequeue" }, output };
  },
  counter(check) {
    switch (check.op) {
      case "read": {
        check.none("value", "a read has no argument");
        return { input: { op: "read" }, output: check.answer(() => check.integer("output", "the value read")) };
      }
      case "add": {
        check.none("value", 'an add\'s amount goes in "delta"');
        const delta = check.integer("delta", "the amount to add");
        const output = check.answer((found) => (found === null || found === undefined ? null : check.integer("output", "the value after the add, or null when not reported")));
        return { input: { op: "add", delta }, output };
      }
      default: {
        const expected = check.integer("expected", "the compare value");
        const value = check.integer("value", "the new value");
        return { input: { op: "cas", expected, value }, output: check.accepted("did the cas succeed?") };
      }
    }
  },
  lock(check) {
    switch (check.op) {
      case "acquire": {
        check.none("token", "an acquire's token is its output");
        check.none("value", "an acquire has no argument");
        const output = check.answer((found) => (found === null ? null : check.integer("output", "the token granted, or null when refused", 1)));
        return { input: { op: "acquire" }, output };
      }
      case "release": {
        const token = check.integer("token", "the token released", 1);
        check.none("value", "a release has no value");
        return { input: { op: "release", token }, output: check.accepted("was the release accepted?") };
      }
      case "write": {
        const token = check.integer("token", "the token written under", 1);
        const value = check.string("value", "the value written");
        return { input: { op: "write", token, value }, output: check.accepted("was the write accepted?") };
      }
      default: {
        check.none("value", "a read has no argument");
        const output = check.answer((found) => {
          if (found !== null && typeof found !== "string") check.fail("output", `expected the value read (a string) or null (nothing written yet), found ${show(found)}`);
          return found as string | null;
        });
        return { input: { op: "read" }, output };
      }
    }
  },
};

/** A set read's answer: an array of distinct strings. */
function members(check: LineCheck, found: unknown): readonly string[] {
  if (!Array.isArray(found) || !found.every((member: unknown) => typeof member === "string")) {
    check.fail("output", `expected the members read (an array of strings), found ${show(found)}`);
    return [];
  }
  const list = found as string[];
  const seen = new Set<string>();
  for (const member of list) {
    if (seen.has(member)) {
      check.fail("output", `expected each member once, found ${show(member)} twice`);
      break;
    }
    seen.add(member);
  }
  return list;
}
