/**
 * examples/ag-ui end to end, over real HTTP on 127.0.0.1: the AG-UI bridge (server.ts) replays a
 * recorded AutoGen run, and the client (`HttpAgent` of @ag-ui/client, client.ts) must receive
 * exactly the events the batch translator gives for that run, then build its conversation.
 */
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { finish, node, startServer } from "../helpers/example-process.js";
import { toAgUiEvents } from "../../src/ag-ui/index.js";
import { HttpAgent, type BaseEvent } from "@ag-ui/client";
import { agUiRuns, usageOf } from "../helpers/ag-ui.js";
import { sampleBackend } from "../helpers/fastapi-sample.js";

const recorded = readFileSync(new URL("../../examples/data/run-streaming-tools.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Record<string, unknown>);

let server: ChildProcess;
let base = "";

beforeAll(async () => {
  ({ server, base } = await startServer(["examples/ag-ui/server.ts", "--port", "0", "--delay", "2"]));
}, 30_000);

afterAll(() => {
  server.kill("SIGTERM");
});

describe("examples/ag-ui", { timeout: 60_000 }, () => {
  it("HttpAgent receives exactly the batch translation of the run, and builds the conversation", async () => {
    const r = await finish(node(["examples/ag-ui/client.ts", `${base}/agent`, "--thread", "th", "--run", "rn", "--task", "Add 422 and 67", "--task-id", "task-9"]));
    expect(r.code).toBe(0);
    const events = r.out.split("\n").filter(Boolean).map((l) => JSON.parse(l) as unknown);
    // The back end echoes the task it was given: the front end's own message, not sent back.
    expect(events).toEqual(toAgUiEvents(recorded, { threadId: "th", runId: "rn", inputMessageIds: [recorded[0]!.id as string] }));
    expect(events.at(-1)).toEqual({ type: "RUN_FINISHED", threadId: "th", runId: "rn", ...usageOf(recorded) });
    const answer = recorded.filter((m) => m.type === "TextMessage").at(-1)!.content as string;
    expect(r.err).toBe(`assistant: ${JSON.stringify({ id: recorded[1]!.id, role: "assistant", content: "", name: recorded[1]!.source, toolCalls: [{ id: "call_2eAGNqYJBuaZHa9G70HBcwSs", type: "function", function: { name: "add_numbers_image", arguments: '{"a": 422, "b": 67}' } }] })}\ntool: 489\nassistant: ${answer}\n`);
  });

  it("an invalid request gets a 400 naming the problem", async () => {
    const res = await fetch(`${base}/agent`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ threadId: "t", runId: "r", messages: [{ id: "m", role: "robot", content: "x" }], tools: [], context: [] }) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/messages.*role/);
  });
});

describe("examples/ag-ui --fastapi (an AutoGenAgent of AutoGen's FastAPI team sample)", { timeout: 60_000 }, () => {
  it("every user turn is one AG-UI run ending in an interrupt; the resume goes on on the same back-end connection", async () => {
    const proxy = agUiRuns.find((r) => r.name === "round-robin/user-proxy/run")!;
    const items = proxy.items as { type?: string; source?: string; content?: unknown }[];
    const replies = items.flatMap((it, i) => (it.type === "UserInputRequestedEvent" ? [items.slice(i + 1).find((m) => m.source === it.source && m.type === "TextMessage")!.content as string] : []));
    const backend = await sampleBackend(proxy.items);
    const started = await startServer(["examples/ag-ui/server.ts", "--port", "0", "--fastapi", backend.url]);
    try {
      const client = new HttpAgent({ url: `${started.base}/agent`, threadId: "example" });
      client.addMessage({ id: "task-1", role: "user", content: "go" });
      const outcomes: string[] = [];
      for (let turn = 0; turn <= replies.length; turn++) {
        let end: BaseEvent | undefined;
        const resume = turn === 0 ? undefined : [{ interruptId: client.pendingInterrupts[0]!.id, status: "resolved" as const, payload: replies[turn - 1] }];
        await client.runAgent({ ...(resume && { resume }) }, { onEvent: ({ event }) => void (end = event) });
        outcomes.push((end as unknown as { outcome?: { type: string } }).outcome?.type ?? "success");
      }
      expect(outcomes).toEqual(["interrupt", "interrupt", "success"]);
      expect(backend.connections).toHaveLength(1);
      expect(backend.connections[0]!.frames.slice(1).map((f) => (f as { content: string }).content)).toEqual(replies);
    } finally {
      started.server.kill("SIGTERM");
      await backend.close();
    }
  });
});
