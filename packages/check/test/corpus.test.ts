import { describe, expect, it } from "vitest";
import { loadCorpus } from "../bench/corpus.js";
import { checkLinearizability, kvModel, registerModel } from "../src/index.js";

describe("the shared corpus (Porcupine's etcd and kv histories)", () => {
  const corpus = loadCorpus(import.meta.dirname);

  it("holds the 102 etcd and 6 kv histories of the manifest", () => {
    expect(corpus.filter((h) => h.model === "register")).toHaveLength(102);
    expect(corpus.filter((h) => h.model === "kv")).toHaveLength(6);
  });

  it("gives every history its expected verdict", () => {
    const wrong: string[] = [];
    for (const entry of corpus) {
      const { history } = entry;
      const result = history.model === "register" ? checkLinearizability(registerModel, history.operations) : checkLinearizability(kvModel, history.operations);
      if (result.verdict !== entry.expected) wrong.push(`${entry.file}: ${result.verdict}, expected ${entry.expected}`);
    }
    expect(wrong).toEqual([]);
  });
});
