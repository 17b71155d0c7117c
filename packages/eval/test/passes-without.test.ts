import { defaultCleanupShrinkPasses, defaultFinalShrinkPasses, defaultShrinkPasses } from "@cx/search";
import { describe, expect, it } from "vitest";
import { passesWithout } from "../src/index.js";

describe("passesWithout", () => {
  it("leaves the named passes out of the main, final and cleanup lists and keeps the others in their order", () => {
    const options = passesWithout(["delete-span-runs", "redraw"]);
    expect(options.passes).toEqual(defaultShrinkPasses.filter((p) => p !== "delete-span-runs"));
    expect(options.finalPasses).toEqual(defaultFinalShrinkPasses.filter((p) => p !== "redraw"));
    expect(options.cleanupPasses).toEqual(defaultCleanupShrinkPasses.filter((p) => p !== "delete-span-runs"));
    expect(defaultCleanupShrinkPasses).toContain("delete-span-runs");
  });

  it("says nothing when nothing is left out, so the shrinker's own defaults apply", () => {
    expect(passesWithout([])).toEqual({});
  });
});
