import { readFileSync } from "node:fs";
import { ReplayedChoices } from "@cx/sim";
import { checkLinearizability, registerModel, describeResult } from "@cx/check";
import { runRaft } from "./src/index.js";
const saved = JSON.parse(readFileSync("packages/raft/test/fixtures/stale_local_read.json", "utf8"));
const run = runRaft({ bugs: ["stale_local_read"], choices: new ReplayedChoices(saved.choices) });
console.log(run.violation);
const r = checkLinearizability(registerModel, run.history);
console.log(describeResult(r as never, run.history as never));
console.log(JSON.stringify(run.history));
const h = run.history;
const returns = [...new Set(h.filter(o => o.return !== null).map(o => o.return as number))].sort((a,b)=>a-b);
const cut = (t: number) => h.filter(o => o.call <= t).map(o => o.return !== null && o.return <= t ? o : { ...o, return: null, output: null });
for (const t of returns) { const r2 = checkLinearizability(registerModel, cut(t)); console.log(t, r2.verdict); if (r2.verdict === "illegal") { console.log(describeResult(r2 as never, cut(t) as never)); break; } }
