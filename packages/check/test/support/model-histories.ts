import fc from "fast-check";
import type { Model, Operation } from "../../src/index.js";

/** What the random histories of one model are made of. */
export interface ModelSpec<State, Input, Output> {
  readonly model: Model<State, Input, Output>;
  /** Any operation of the model. */
  readonly input: fc.Arbitrary<Input>;
  /** Any answer to `input`, legal or not. */
  readonly output: (input: Input) => fc.Arbitrary<Output>;
  /** The answer `input` gets in `state` (a legal one). */
  readonly answer: (state: State, input: Input) => Output;
}

const time = fc.integer({ min: 0, max: 8 });
const interval = fc.record({ call: time, length: fc.integer({ min: 0, max: 4 }), pending: fc.integer({ min: 0, max: 4 }) });

/** Small histories with any answers: one operation in five never returns; equal timestamps are common. */
export function randomHistories<State, Input, Output>(spec: ModelSpec<State, Input, Output>, maxLength: number): fc.Arbitrary<Operation<Input, Output>[]> {
  const op = fc
    .record({ at: interval, client: fc.integer({ min: 0, max: 3 }), asked: spec.input.chain((input) => fc.record({ input: fc.constant(input), output: spec.output(input) })) })
    .map(({ at, client, asked }): Operation<Input, Output> => {
      const pending = at.pending === 0;
      return { client, call: at.call, return: pending ? null : at.call + at.length, input: asked.input, output: pending ? null : asked.output };
    });
  return fc.array(op, { minLength: 1, maxLength });
}

/**
 * Small histories that are mostly legal: each operation takes effect at an
 * instant inside its interval (one that never returned, half the time),
 * answers come from running the model in that order, then one answer in
 * eight is replaced by any answer.
 */
export function legalishHistories<State, Input, Output>(spec: ModelSpec<State, Input, Output>, maxLength: number): fc.Arbitrary<Operation<Input, Output>[]> {
  const draft = fc.record({
    at: interval,
    point: fc.integer({ min: 0, max: 4 }),
    applies: fc.boolean(),
    flip: fc.integer({ min: 0, max: 7 }),
    asked: spec.input.chain((input) => fc.record({ input: fc.constant(input), wrong: spec.output(input) })),
  });
  return fc.array(draft, { minLength: 1, maxLength }).map((drafts) => {
    const instant = (i: number): number => {
      const d = drafts[i] as (typeof drafts)[number];
      return d.at.call + Math.min(d.point, d.at.length);
    };
    const order = drafts.map((_, i) => i).sort((a, b) => instant(a) - instant(b) || a - b);
    const outputs = new Map<number, Output>();
    let state = spec.model.init();
    for (const i of order) {
      const d = drafts[i] as (typeof drafts)[number];
      const pending = d.at.pending === 0;
      if (pending && !d.applies) continue;
      const answer = spec.answer(state, d.asked.input);
      const next = spec.model.step(state, d.asked.input, answer);
      if (!next.ok) throw new Error(`the spec's answer ${JSON.stringify(answer)} to ${JSON.stringify(d.asked.input)} is illegal in ${JSON.stringify(state)}`);
      state = next.state;
      outputs.set(i, d.flip === 0 ? d.asked.wrong : answer);
    }
    return drafts.map((d, i): Operation<Input, Output> => {
      const pending = d.at.pending === 0;
      return { client: i, call: d.at.call, return: pending ? null : d.at.call + d.at.length, input: d.asked.input, output: pending ? null : (outputs.get(i) as Output) };
    });
  });
}
