import type { HostedNodeEnv } from "@cx/host";

export async function start(env: HostedNodeEnv) {
  let value = ((await env.storage.get("value")) as string | undefined) ?? null;
  env.onClientRequest(async (input) => {
    const op = input as { op: "read" | "write"; value?: string };
    if (env.id !== 0) return { kind: "redirect", leaderHint: 0 };
    if (op.op === "write") {
      await env.storage.put("value", op.value ?? null);
      await env.storage.sync();
      value = op.value ?? null;
      return { kind: "ok", output: null };
    }
    return { kind: "ok", output: value };
  });
}
