import { readFileSync } from "node:fs";
import { builtinProtocols } from "@cx/protocols";
import { ReplayedChoices } from "@cx/sim";
import { renderDiagram, renderStory, tellStory } from "@cx/viz";
import { describe, expect, it } from "vitest";

/**
 * Raft's and Paxos's stories and diagram lane labels, pinned: a protocol's
 * own vocabulary is an option for protocols that are not Raft-shaped, and it
 * must not change a word of the built-in protocols' stories.
 */
describe("the built-in protocols' stories", () => {
  for (const { plugin } of builtinProtocols) {
    for (const defect of plugin.defects) {
      it(`read as before for ${plugin.name}'s ${defect.name} fixture`, () => {
        const url = new URL(`../../../packages/${plugin.name}/test/fixtures/${defect.name}.json`, import.meta.url);
        const saved = JSON.parse(readFileSync(url, "utf8")) as { choices: number[] };
        const run = plugin.run({ defects: [defect.name], choices: new ReplayedChoices(saved.choices), recordTrace: true });
        // Every word the diagram writes (labels, legend, tooltips), in order.
        const words = [...new Set([...renderDiagram(run).matchAll(/>([^<>]*[a-z][^<>]*)</g)].map((m) => m[1]))];
        expect({ story: renderStory(tellStory(run)).split("\n"), words }).toMatchSnapshot();
      });
    }
  }
});
