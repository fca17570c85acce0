/**
 * AutoGenAgent over each transport, against a local back end on 127.0.0.1 that replays recorded
 * AutoGen runs the ways Python servers send them (examples/live-run/encode.ts): AutoGen's FastAPI
 * WebSocket sample, AutoGen Studio's WebSocket, SSE and JSON Lines over HTTP. The agent's events
 * are exactly what the batch translator gives for the same frames; a human's replies reach the
 * back end on the same connection; a back end that drops the connection, sends a broken frame or
 * answers 500, and abortRun(), end in RUN_ERROR (never a hang; an unhandled rejection fails vitest).
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { BaseEvent, Message, RunAgentInput } from "@ag-ui/client";
import { lastValueFrom, toArray } from "rxjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import { AutoGenAgent, fastApiWebSocket, jsonLinesTransport, sseTransport, studioWebSocket, toAgUiEvents, type AutoGenTransport, type WebSocketClass } from "../../src/ag-ui/index.js";
import { readFrames } from "../../src/stream/index.js";
import { toJsonLines, toPlainFrames, toServerSentEvents, toStudioFrames, type WireItem } from "../../examples/live-run/encode.js";
import { agUiRuns, schemaProblem, usageOf } from "../helpers/ag-ui.js";

const runOf = (name: string) => agUiRuns.find((r) => r.name === name)!;
const tools = runOf("assistant/streaming-tools-reflect/run");
const proxy = runOf("round-robin/user-proxy/run");
const REPLIES = ["User tool planner planner python?", "TERMINATE"];
const task = (run: { items: WireItem[] }) => run.items[0] as { id: string; content: string };

let server: Server;
let base = "";
const received: Record<string, unknown[]> = {};
const closed: Record<string, Promise<void>> = {};

const bodyOf = (req: IncomingMessage) => new Promise<string>((resolve) => {
  let s = "";
  req.on("data", (d: Buffer) => (s += d.toString()));
  req.on("end", () => resolve(s));
});

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const path = req.url ?? "";
    received[path] = [JSON.parse(await bodyOf(req))];
    const items = tools.items;
    if (path === "/sse") res.writeHead(200, { "content-type": "text/event-stream" }).end(toServerSentEvents(items));
    else if (path === "/sse-proxy") res.writeHead(200, { "content-type": "text/event-stream" }).end(toServerSentEvents(proxy.items));
    else if (path === "/jsonl") res.writeHead(200, { "content-type": "application/x-ndjson" }).end(toJsonLines(items));
    else if (path === "/jsonl-broken") {
      const lines = toJsonLines(items).split("\n");
      res.writeHead(200, { "content-type": "application/x-ndjson" }).end([...lines.slice(0, 3), '{"type": "TextMessage", "sou', ...lines.slice(3)].join("\n"));
    } else if (path === "/sse-drop") {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(toServerSentEvents(items.slice(0, 4)));
      setTimeout(() => res.destroy(), 20);
    } else res.writeHead(500).end("boom");
  });
  const sockets = new WebSocketServer({ noServer: true });
  server.on("upgrade", (req, socket, head) => {
    sockets.handleUpgrade(req, socket, head, (ws) => {
      const path = req.url ?? "";
      const got: unknown[] = (received[path] = []);
      closed[path] = new Promise((resolve) => ws.on("close", () => resolve()));
      const replies: ((v: unknown) => void)[] = [];
      ws.on("message", (data) => {
        const v = JSON.parse(String(data)) as unknown;
        got.push(v);
        replies.shift()?.(v);
      });
      const reply = () => new Promise((resolve) => replies.push(resolve));
      void (async () => {
        await reply(); // the task
        if (path === "/fastapi") {
          // The run with a UserProxyAgent; the sample's frames, TaskResult included.
          const frames = toPlainFrames(proxy.items);
          for (const [i, f] of frames.entries()) {
            ws.send(f);
            if ((proxy.items[i] as { type?: string }).type === "UserInputRequestedEvent") await reply();
          }
          ws.close(1000);
        } else if (path === "/studio") {
          const frames = toStudioFrames(proxy.items);
          ws.send(frames[0]!);
          for (const [i, f] of frames.slice(1).entries()) {
            ws.send(f);
            const item = proxy.items[i] as { type?: string; source?: string };
            if (item.type === "UserInputRequestedEvent") {
              ws.send(JSON.stringify({ type: "input_request", prompt: "Enter your response: ", data: { source: item.source, content: "" }, timestamp: "2025-03-15T00:00:00" }));
              await reply();
            }
          }
          ws.close(1000);
        } else if (path === "/ws-drop") {
          for (const f of toPlainFrames(tools.items).slice(0, 3)) ws.send(f);
          setTimeout(() => ws.terminate(), 20);
        } else if (path === "/ws-broken") {
          const frames = toPlainFrames(tools.items);
          for (const f of [...frames.slice(0, 2), "{not json", ...frames.slice(2)]) ws.send(f);
          ws.close(1000);
        } else if (path === "/studio-hang") {
          for (const f of toStudioFrames(tools.items).slice(0, 3)) ws.send(f);
          // …and nothing more, until the client stops the run.
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => {
  server.closeAllConnections();
  server.close(() => resolve());
}));

const inputOf = (run: { threadId: string; runId: string; items: WireItem[] }): RunAgentInput => ({
  threadId: run.threadId,
  runId: run.runId,
  messages: [{ id: task(run).id, role: "user", content: task(run).content } as Message],
  tools: [],
  context: [],
  state: {},
  forwardedProps: {},
});

const eventsOf = (transport: AutoGenTransport, input: RunAgentInput, onInputRequest?: () => string) => {
  let n = 0;
  const agent = new AutoGenAgent({ transport, ...(onInputRequest && { onInputRequest: () => REPLIES[n++]! }) });
  return lastValueFrom(agent.run(input).pipe(toArray()));
};

/** The batch translation of the frames, read offline by the same reader. */
async function batchOf(frames: string[], input: RunAgentInput): Promise<BaseEvent[]> {
  const items = [];
  for await (const item of readFrames(frames)) items.push(item);
  return toAgUiEvents(items, { threadId: input.threadId, runId: input.runId, inputMessageIds: input.messages.map((m) => m.id) });
}

const WS = WebSocket as unknown as WebSocketClass;

describe("AutoGenAgent", { timeout: 30_000 }, () => {
  it("SSE over HTTP: the batch translation's events; the task POSTed as AutoGen messages", async () => {
    const input = inputOf(tools);
    const events = await eventsOf(sseTransport(`http://${base}/sse`), input);
    expect(events).toEqual(toAgUiEvents(tools.items, { ...input, inputMessageIds: [task(tools).id] }));
    expect(events.at(-1)!.type).toBe("RUN_FINISHED");
    expect(schemaProblem(events)).toBeNull();
    const posted = received["/sse"]![0] as { task: { id: string; source: string; content: string; type: string }[] };
    expect(posted.task.map((m) => [m.id, m.source, m.content, m.type])).toEqual([[task(tools).id, "user", task(tools).content, "TextMessage"]]);
  });

  it("SSE over HTTP with a reply callback: each UserInputRequestedEvent is answered through it", async () => {
    const replies: [string, string][] = [];
    const transport = sseTransport(`http://${base}/sse-proxy`, { reply: (text, start) => void replies.push([text, start.input.runId]) });
    const input = inputOf(proxy);
    const events = await eventsOf(transport, input, () => "");
    expect(events).toEqual(toAgUiEvents(proxy.items, { ...input, inputMessageIds: [task(proxy).id] }));
    expect(replies).toEqual(REPLIES.map((r) => [r, input.runId]));
  });

  it("JSON Lines over HTTP, through runAgent (the client's own verify and apply)", async () => {
    const agent = new AutoGenAgent({ transport: jsonLinesTransport(`http://${base}/jsonl`) });
    agent.addMessage({ id: task(tools).id, role: "user", content: task(tools).content });
    const { newMessages } = await agent.runAgent({ runId: "run" });
    // The recorded run said: a tool call, its result, then the reflected answer (streamed).
    const recorded = tools.items as { type?: string; content?: unknown; id?: string }[];
    const call = recorded.find((m) => m.type === "ToolCallRequestEvent")!.content as { id: string; name: string }[];
    const final = recorded.filter((m) => m.type === "TextMessage").at(-1)!;
    expect(newMessages.map((m) => m.role)).toEqual(["assistant", "tool", "assistant"]);
    expect((newMessages[0] as { toolCalls: { id: string }[] }).toolCalls.map((c) => c.id)).toEqual(call.map((c) => c.id));
    expect(newMessages[2]!.content).toBe(final.content);
  });

  it("AutoGen's FastAPI WebSocket sample: replies to UserInputRequestedEvent go back as TextMessages on the socket", async () => {
    const input = inputOf(proxy);
    const events = await eventsOf(fastApiWebSocket(`ws://${base}/fastapi`, { WebSocket: WS }), input, () => "");
    expect(events).toEqual(await batchOf(toPlainFrames(proxy.items), input));
    expect(events.at(-1)).toEqual({ type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId, result: { stop_reason: "Text 'TERMINATE' mentioned" }, ...usageOf(proxy.items) });
    const got = received["/fastapi"]!;
    expect(got[0]).toMatchObject({ id: task(proxy).id, type: "TextMessage", source: "user", content: task(proxy).content });
    expect(got.slice(1)).toEqual(REPLIES.map((content) => ({ type: "TextMessage", source: "user", content })));
  });

  it("AutoGen Studio's WebSocket: start, envelopes, input_response on the same socket", async () => {
    const input = inputOf(proxy);
    const transport = studioWebSocket(`ws://${base}/studio`, { WebSocket: WS, teamConfig: { provider: "x" } });
    const events = await eventsOf(transport, input, () => "");
    expect(events.filter((e) => e.type === "CUSTOM" && (e as unknown as { name: string }).name === "input_request")).toHaveLength(2);
    expect(events.at(-1)!.type).toBe("RUN_FINISHED");
    expect(events.filter((e) => e.type !== "CUSTOM" || (e as unknown as { name: string }).name !== "input_request")).toEqual(await batchOf(toStudioFrames(proxy.items), input));
    expect(received["/studio"]).toEqual([
      { type: "start", task: task(proxy).content, team_config: { provider: "x" } },
      ...REPLIES.map((response) => ({ type: "input_response", response })),
    ]);
  });

  it.each([
    ["a WebSocket dropped mid-run", () => fastApiWebSocket(`ws://${base}/ws-drop`, { WebSocket: WS }), /WebSocket failed|ended without/],
    ["a broken WebSocket frame", () => fastApiWebSocket(`ws://${base}/ws-broken`, { WebSocket: WS }), /frame 3 is not valid JSON/],
    ["an HTTP stream dropped mid-run", () => sseTransport(`http://${base}/sse-drop`), /./],
    ["a broken JSON line", () => jsonLinesTransport(`http://${base}/jsonl-broken`), /line 4/],
    ["HTTP 500", () => sseTransport(`http://${base}/500`), /HTTP 500/],
    ["nobody listening", () => fastApiWebSocket("ws://127.0.0.1:9/ws", { WebSocket: WS }), /could not connect|closed/],
  ])("%s: RUN_ERROR, nothing after it", async (_name, transport, message) => {
    const events = await eventsOf(transport(), inputOf(tools));
    expect(events[0]!.type).toBe("RUN_STARTED");
    expect(events.at(-1)!.type).toBe("RUN_ERROR");
    expect((events.at(-1) as unknown as { message: string }).message).toMatch(message);
    expect(events.filter((e) => /^RUN_/.test(e.type))).toHaveLength(2);
    expect(schemaProblem(events)).toBeNull();
  });

  it("abortRun(): outcome cancelled (issue 31.1) at once, Studio is told to stop, the socket closes", async () => {
    const agent = new AutoGenAgent({ transport: studioWebSocket(`ws://${base}/studio-hang`, { WebSocket: WS, teamConfig: {} }) });
    const seen: BaseEvent[] = [];
    const done = lastValueFrom(agent.run(inputOf(tools)).pipe(toArray()));
    // Wait until the first items arrived, then abort.
    await new Promise((r) => setTimeout(r, 200));
    agent.abortRun();
    seen.push(...(await done));
    expect(seen.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
    await closed["/studio-hang"];
    expect(received["/studio-hang"]!.at(-1)).toEqual({ type: "stop", reason: "cancelled by the AG-UI client" });
  });
});
