import { createTaskPool } from "./src/task-pool.js";
const pool = createTaskPool({ workers: 2 });
const t0 = performance.now();
const outs = await Promise.all([1, 2, 3, 4].map((s) => pool.run({ kind: "batch", firstSeed: s * 100, runs: 20 })));
console.log(outs, performance.now() - t0);
console.log(await pool.run({ kind: "hunt", bugs: ["vote_twice_in_term"], strategy: "random", seed: 1, budget: 100 }).then((o) => ({ ...o, choices: o.choices?.length })));
await pool.destroy();
