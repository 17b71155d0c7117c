// One queue worker as its own process, for bench/campaign.ts: the same
// startQueueWorker `cx worker` runs, on every built-in protocol.
//   tsx --conditions=@cx/source bench/queue-worker-process.ts URL THREADS
// Prints "ready" on stdout once it takes jobs; SIGTERM stops it.
import { builtinProtocols } from "@cx/protocols";
import { evalVersion } from "../src/index.js";
import { connectRedis, parseQueueUrl, startQueueWorker } from "../src/queue/index.js";

const [url, threads] = process.argv.slice(2);
if (url === undefined || threads === undefined) throw new Error("usage: queue-worker-process.ts URL THREADS");
const link = await connectRedis(parseQueueUrl(url));
const worker = await startQueueWorker({ link, cxVersion: evalVersion, threads: Number(threads), protocols: builtinProtocols });
process.stdout.write("ready\n");
process.once("SIGTERM", () => {
  void worker.close().then(() => link.close());
});
