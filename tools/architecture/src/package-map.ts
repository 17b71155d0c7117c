/**
 * DESIGN.md's package map. Each library may import only the @cx packages
 * listed for it; apps may import any library; nothing imports an app.
 */
export const allowedImports: Readonly<Record<string, readonly string[]>> = {
  "@cx/check": [],
  "@cx/sim": [],
  "@cx/raft": ["@cx/sim", "@cx/check"],
  "@cx/search": ["@cx/sim"],
  "@cx/viz": ["@cx/sim", "@cx/check"],
  "@cx/eval": ["@cx/sim", "@cx/check", "@cx/raft", "@cx/search", "@cx/viz"],
  "@cx/report": ["@cx/eval", "@cx/viz", "@cx/check"],
  "@cx/cli": ["@cx/sim", "@cx/check", "@cx/raft", "@cx/search", "@cx/viz", "@cx/eval", "@cx/report"],
};

export const apps: readonly string[] = ["@cx/cli"];
