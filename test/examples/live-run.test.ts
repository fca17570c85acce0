/**
 * examples/live-run end to end: the replay server on 127.0.0.1 and the client, as a person runs
 * them (`node --import tsx …`). Whatever the transport, the client must print exactly what
 * AutoGen's Console printed for the recorded run (console.jsonl; `Duration:` masked).
 */
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { finish, node, startServer } from "../helpers/example-process.js";
import { consoles, maskDuration } from "../helpers/team-runs.js";

const recorded = consoles.get("assistant/streaming-tools-reflect")![0]!;

let server: ChildProcess;
let base = "";

beforeAll(async () => {
  ({ server, base } = await startServer(["examples/live-run/server.ts", "--port", "0", "--delay", "2"]));
}, 30_000);

afterAll(() => {
  server.kill("SIGTERM");
});

describe("examples/live-run", { timeout: 60_000 }, () => {
  it("the client prints the recorded Console view over SSE, JSON Lines, WebSocket and AutoGen Studio frames", async () => {
    const vias = ["sse", "jsonl", "ws", "studio"];
    const results = await Promise.all(vias.map((via) => finish(node(["examples/live-run/client.ts", base, "--via", via]))));
    for (const [i, r] of results.entries()) {
      expect({ via: vias[i], code: r.code, out: r.out }).toEqual({ via: vias[i], code: 0, out: recorded.output_stats_false });
    }
    expect(results.slice(0, 3).map((r) => r.err)).toEqual(["", "", ""]);
    expect(results[3]!.err).toMatch(/^server: \{"type":"system","status":"connected"/);
  });

  it("with --stats, the usage lines and the summary", async () => {
    const r = await finish(node(["examples/live-run/client.ts", base, "--via", "sse", "--stats"]));
    expect(r.code).toBe(0);
    expect(maskDuration(r.out)).toBe(recorded.output_stats_true);
  });
});
