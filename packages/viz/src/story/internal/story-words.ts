import type { ReplicaRole } from "@cx/check";
import type { ProtocolWords } from "@cx/sim";
import { valueText } from "../../internal/value-text.js";
import type { Draft } from "./draft.js";

/** A node's role as the story follows it: one of the protocol's roles, or down from a crash to its restart. */
export type StoryRole = ReplicaRole | "down";

/** The protocol's words for the roles and epochs a story names (`leader`, `term 3`; `primary`, `view 3`). */
export class StoryWords {
  constructor(private readonly words: ProtocolWords) {}

  /** What a node in this role is called: its status when the protocol gave one, else the role in the protocol's words. */
  roleName(state: { role: StoryRole; status?: string | undefined }): string {
    if (state.status !== undefined) return valueText(state.status, 40);
    return state.role === "down" ? "down" : this.words[state.role];
  }

  /** `term 3`, `view 3`. */
  epoch(value: number): string {
    return `${this.words.epoch} ${value}`;
  }

  /** `term 3` or `terms 3-5` for a draft's range. */
  epochs(draft: Draft): string {
    return draft.termLow === draft.termHigh ? this.epoch(draft.termLow) : `${this.words.epoch}s ${draft.termLow}-${draft.termHigh}`;
  }
}
