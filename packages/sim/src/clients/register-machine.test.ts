import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RegisterMachine } from "./register-machine.js";
import type { RegisterInput } from "./workload.js";

const input: fc.Arbitrary<RegisterInput> = fc.oneof(
  fc.constant<RegisterInput>({ op: "read" }),
  fc.constantFrom("a", "b").map<RegisterInput>((value) => ({ op: "write", value })),
  fc.record({ expected: fc.constantFrom("a", "b"), value: fc.constantFrom("a", "b") }).map<RegisterInput>((cas) => ({ op: "cas", ...cas })),
);
/** Committed entries of a few clients, each client's seqs rising with retries (repeats) and gaps. */
const entries = fc.array(fc.record({ client: fc.nat(2), step: fc.nat(2), input }), { maxLength: 40 }).map((drafts) => {
  const last = new Map<number, number>();
  return drafts.map(({ client, step, input: i }) => {
    const seq = (last.get(client) ?? 0) + step;
    last.set(client, seq);
    return { client, seq: Math.max(1, seq), input: i };
  });
});

describe("the at-most-once register", () => {
  it("a retry of the last applied operation is skipped and answered with the first output", () => {
    const machine = new RegisterMachine();
    expect({ ...machine.apply({ client: 1, seq: 1, input: { op: "write", value: "x" } }) }).toEqual({ effect: true, output: null });
    expect({ ...machine.apply({ client: 2, seq: 1, input: { op: "cas", expected: "x", value: "y" } }) }).toEqual({ effect: true, output: true });
    expect({ ...machine.apply({ client: 2, seq: 1, input: { op: "cas", expected: "x", value: "y" } }) }).toEqual({ effect: false, output: true });
    expect(machine.value).toBe("y");
    expect(machine.answered(2, 1)).toEqual({ output: true });
    expect(machine.answered(2, 2)).toBeUndefined();
  });

  it("a stale retry, older than the client's last applied operation, changes nothing and gets no output", () => {
    const machine = new RegisterMachine();
    machine.apply({ client: 1, seq: 1, input: { op: "write", value: "old" } });
    machine.apply({ client: 1, seq: 2, input: { op: "read" } });
    expect(machine.answered(1, 1)).toBe("stale");
    expect({ ...machine.apply({ client: 1, seq: 1, input: { op: "write", value: "old again" } }) }).toEqual({ effect: false, output: null });
    expect(machine.value).toBe("old");
  });

  it("law: with deduplication each (client, seq) takes effect once, in the order first applied; without it every entry does", () => {
    fc.assert(
      fc.property(entries, (log) => {
        const deduped = new RegisterMachine();
        const plain = new RegisterMachine();
        const once = new RegisterMachine();
        const seen = new Set<string>();
        const last = new Map<number, number>();
        for (const { client, seq, input: i } of log) {
          const key = `${client}#${seq}`;
          const fresh = !seen.has(key) && seq > (last.get(client) ?? 0);
          expect(deduped.apply({ client, seq, input: i }).effect).toBe(fresh);
          if (fresh) {
            once.execute(i);
            seen.add(key);
            last.set(client, seq);
          }
          expect(plain.apply({ client, seq, input: i }, false).effect).toBe(true);
        }
        expect(deduped.value).toBe(once.value);
      }),
      { numRuns: 200 },
    );
  });
});
