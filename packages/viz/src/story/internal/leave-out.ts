import { StoryPriority, type Draft } from "./draft.js";

/**
 * Drops the least important drafts, earliest first, until `maxSteps` remain,
 * and says how many were left out just before each kept one. The last draft
 * (the violation, or a healthy run's last step) always stays, so every
 * left-out step has a kept one after it to carry the count.
 */
export function leaveOut(drafts: readonly Draft[], maxSteps: number): { draft: Draft; leftOutBefore: number }[] {
  const kept = drafts.map((draft) => ({ draft, leftOutBefore: 0 }));
  while (kept.length > maxSteps) {
    let victim = -1;
    for (let i = 0; i < kept.length; i++) {
      const draft = (kept[i] as { draft: Draft }).draft;
      if (draft.priority >= StoryPriority.Violation || i === kept.length - 1) continue;
      if (victim < 0 || draft.priority < (kept[victim] as { draft: Draft }).draft.priority) victim = i;
    }
    if (victim < 0) break;
    const [gone] = kept.splice(victim, 1);
    const next = kept[victim];
    if (next !== undefined && gone !== undefined) next.leftOutBefore += 1 + gone.leftOutBefore;
  }
  return kept;
}
