import { describe, expect, it } from "vitest";
import { GroupCommitDisk, SYNC_TIMER, type GroupCommitContext } from "../src/index.js";

/** A context that records what the disk asked of it. */
function recordingContext() {
  const calls: string[] = [];
  const ctx: GroupCommitContext<number> = {
    persist: (state) => calls.push(`persist ${state}`),
    write: (state) => calls.push(`write ${state}`),
    sync: () => calls.push("sync"),
    setTimer: (name, delayMs) => calls.push(`timer ${name} ${delayMs}`),
  };
  return { ctx, calls };
}

describe("GroupCommitDisk", () => {
  it("syncs every state before persist returns when it does not sync later", () => {
    const { ctx, calls } = recordingContext();
    const disk = new GroupCommitDisk(ctx, false, 50);
    disk.persist(1);
    disk.persist(2);
    expect(calls).toEqual(["persist 1", "persist 2"]);
  });

  it("with syncLater, writes at once and syncs every write so far with one timer, then sets it again for the next write", () => {
    const { ctx, calls } = recordingContext();
    const disk = new GroupCommitDisk(ctx, true, 50);
    disk.persist(1);
    disk.persist(2);
    disk.sync();
    disk.persist(3);
    expect(calls).toEqual(["write 1", `timer ${SYNC_TIMER} 50`, "write 2", "sync", "write 3", `timer ${SYNC_TIMER} 50`]);
  });
});
