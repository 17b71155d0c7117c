/** The outcome of one run, as plain data (what search needs, and the violation's time and step for the report). */
export interface WorkerOutcome {
  readonly index: number;
  readonly violation: { readonly invariant: string; readonly message: string; readonly time: number; readonly step: number } | null;
  readonly choices: readonly number[];
  readonly spans: readonly { readonly label: string; readonly start: number; readonly end: number }[];
  readonly coverage: readonly number[];
  /** Where each coverage feature was first reached (what the explore strategy returns to). */
  readonly coverageAt?: readonly number[] | undefined;
}

/** What a hunt worker reads of a run's result: the fields of @cx/sim's `RunResult` a {@link WorkerOutcome} is made from. */
export interface RunResultPart {
  readonly violation: { readonly invariant: string; readonly message: string; readonly time: number; readonly step: number } | null;
  readonly choices: readonly number[];
  readonly spans: WorkerOutcome["spans"];
  readonly coverage: readonly number[];
  readonly coverageAt?: readonly number[] | undefined;
}

/**
 * A worker's run as it crosses to the main thread. A run whose coverage the
 * strategy never reads (`coverage` false: random search's runs) is looked
 * at again only if it failed, so its choices and spans cross only then:
 * a random run's lists are thousands of values that would cross for nothing.
 *
 * @example
 * ```ts
 * const outcome = workerOutcome(index, bareTarget.run(source), false); // choices: [] unless it failed
 * ```
 */
export function workerOutcome(index: number, result: RunResultPart, coverage: boolean): WorkerOutcome {
  const v = result.violation;
  const kept = coverage || v !== null;
  return {
    index,
    violation: v === null ? null : { invariant: v.invariant, message: v.message, time: v.time, step: v.step },
    choices: kept ? result.choices : [],
    spans: kept ? result.spans : [],
    coverage: result.coverage,
    coverageAt: result.coverageAt,
  };
}

/**
 * A batch slice's outcomes as a few typed arrays: what crosses between a
 * hunt worker and the main thread. Structured clone copies an array of
 * objects field by field on both sides (a run's spans are hundreds of
 * small objects), which cost more than the runs themselves; typed arrays
 * are transferred without a copy. Every list is concatenated, with the end
 * of each run's part in a parallel `...Ends` array.
 */
export interface PackedOutcomes {
  readonly indexes: Int32Array;
  readonly violations: readonly WorkerOutcome["violation"][];
  readonly choices: Float64Array;
  readonly choiceEnds: Int32Array;
  /** Each distinct span label once; `spans` holds (label index, start, end) triples. */
  readonly labels: readonly string[];
  readonly spans: Int32Array;
  readonly spanEnds: Int32Array;
  readonly coverage: Float64Array;
  readonly coverageEnds: Int32Array;
  /** Empty with every `coverageAtEnds` 0 when no run recorded where its features were reached. */
  readonly coverageAt: Float64Array;
  readonly coverageAtEnds: Int32Array;
  /** Which runs carried `coverageAt` at all (1) or left it out (0). */
  readonly hasCoverageAt: Uint8Array;
}

/** Concatenates one numeric list per outcome into a typed array and the end of each part. */
function concatenated<T extends Float64Array | Int32Array>(make: (length: number) => T, parts: readonly (readonly number[])[]): { values: T; ends: Int32Array } {
  const ends = new Int32Array(parts.length);
  let total = 0;
  parts.forEach((part, i) => {
    total += part.length;
    ends[i] = total;
  });
  const values = make(total);
  let at = 0;
  for (const part of parts) {
    values.set(part, at);
    at += part.length;
  }
  return { values, ends };
}

/** Packs outcomes for `postMessage`, with the buffers to transfer. */
export function packOutcomes(outcomes: readonly WorkerOutcome[]): { packed: PackedOutcomes; transfer: ArrayBuffer[] } {
  const labelIds = new Map<string, number>();
  const spanParts = outcomes.map((o) => {
    const triples: number[] = [];
    for (const s of o.spans) {
      let id = labelIds.get(s.label);
      if (id === undefined) labelIds.set(s.label, (id = labelIds.size));
      triples.push(id, s.start, s.end);
    }
    return triples;
  });
  const choices = concatenated((n) => new Float64Array(n), outcomes.map((o) => o.choices));
  const spans = concatenated((n) => new Int32Array(n), spanParts);
  const coverage = concatenated((n) => new Float64Array(n), outcomes.map((o) => o.coverage));
  const coverageAt = concatenated((n) => new Float64Array(n), outcomes.map((o) => o.coverageAt ?? []));
  const packed: PackedOutcomes = {
    indexes: Int32Array.from(outcomes.map((o) => o.index)),
    violations: outcomes.map((o) => o.violation),
    choices: choices.values,
    choiceEnds: choices.ends,
    labels: [...labelIds.keys()],
    spans: spans.values,
    spanEnds: spans.ends,
    coverage: coverage.values,
    coverageEnds: coverage.ends,
    coverageAt: coverageAt.values,
    coverageAtEnds: coverageAt.ends,
    hasCoverageAt: Uint8Array.from(outcomes.map((o) => (o.coverageAt === undefined ? 0 : 1))),
  };
  const transfer = [packed.indexes, packed.choices, packed.choiceEnds, packed.spans, packed.spanEnds, packed.coverage, packed.coverageEnds, packed.coverageAt, packed.coverageAtEnds, packed.hasCoverageAt].map((a) => a.buffer as ArrayBuffer);
  return { packed, transfer };
}

/** Where part `i` of a concatenated list starts and ends. */
function bounds(ends: Int32Array, i: number): { from: number; to: number } {
  return { from: i === 0 ? 0 : (ends[i - 1] ?? 0), to: ends[i] ?? 0 };
}

/** Part `i` of a concatenated list, as a plain array (a loop: `Array.from` on a typed array goes through its iterator, several times slower). */
function part(values: Float64Array, ends: Int32Array, i: number): number[] {
  const { from, to } = bounds(ends, i);
  const out = new Array<number>(to - from);
  for (let k = from; k < to; k++) out[k - from] = values[k] ?? 0;
  return out;
}

/** Run `i`'s spans, from its (label index, start, end) triples. */
function spansOf(packed: PackedOutcomes, i: number): { label: string; start: number; end: number }[] {
  const { from, to } = bounds(packed.spanEnds, i);
  const out = new Array<{ label: string; start: number; end: number }>((to - from) / 3);
  for (let k = from; k < to; k += 3) out[(k - from) / 3] = { label: packed.labels[packed.spans[k] ?? 0] ?? "", start: packed.spans[k + 1] ?? 0, end: packed.spans[k + 2] ?? 0 };
  return out;
}

/**
 * The outcomes `packOutcomes` packed, as they were. A run's choices and
 * spans are taken out of the packed arrays when first read: a guided
 * strategy reads them only for the runs it keeps, and building them for
 * every run was most of the main thread's garbage.
 */
export function unpackOutcomes(packed: PackedOutcomes): WorkerOutcome[] {
  const out: WorkerOutcome[] = [];
  for (let i = 0; i < packed.indexes.length; i++) {
    let choices: number[] | undefined;
    let spans: { label: string; start: number; end: number }[] | undefined;
    out.push({
      index: packed.indexes[i] ?? 0,
      violation: packed.violations[i] ?? null,
      get choices() {
        return (choices ??= part(packed.choices, packed.choiceEnds, i));
      },
      get spans() {
        return (spans ??= spansOf(packed, i));
      },
      coverage: part(packed.coverage, packed.coverageEnds, i),
      coverageAt: packed.hasCoverageAt[i] === 1 ? part(packed.coverageAt, packed.coverageAtEnds, i) : undefined,
    });
  }
  return out;
}
