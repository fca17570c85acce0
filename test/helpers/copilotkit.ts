/**
 * The CopilotKit suite of test/ag-ui/copilotkit*.test.ts: the real `CopilotRuntime` (v2 API) of
 * `@copilotkit/runtime` serving an AutoGenAgent, behind its fetch handler and its Node listener,
 * the agent reaching a local fake AutoGen back end on 127.0.0.1 that replays recorded runs. Each
 * test file runs it on one `@ag-ui/client` under AutoGenAgent (see their headers).
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { BaseEvent, Message } from "@ag-ui/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import { AutoGenAgent, fastApiWebSocket, jsonLinesTransport, toAgUiEvents, type WebSocketClass } from "../../src/ag-ui/index.js";
import { toJsonLines, toPlainFrames } from "../../examples/live-run/encode.js";
import { agUiRuns, applied, schemaProblem } from "./ag-ui.js";

// CopilotKit's runtime reports usage to its servers unless told not to; set before it loads.
process.env.COPILOTKIT_TELEMETRY_DISABLED = "true";
const { CopilotRuntime, createCopilotRuntimeHandler } = await import("@copilotkit/runtime/v2");
const { createCopilotNodeListener } = await import("@copilotkit/runtime/v2/node");

const runOf = (name: string) => agUiRuns.find((r) => r.name === name)!;
const tools = runOf("assistant/streaming-tools-reflect/run");
const proxy = runOf("round-robin/user-proxy/run");
type Item = { type?: string; id?: string; source?: string; content?: unknown; request_id?: string };
const taskOf = (run: { items: Record<string, unknown>[] }) => run.items[0] as { id: string; content: string };
const WS = WebSocket as unknown as WebSocketClass;

/** Registers the suite (its own back end, started and stopped around it). */
export function describeCopilotKit(title: string): void {
  let server: Server;
  let base = "";
  /** What the fake back end received, per WebSocket connection. */
  const connections: unknown[][] = [];
  const posted: unknown[] = [];

  const bodyOf = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let s = "";
      req.on("data", (d: Buffer) => (s += d.toString()));
      req.on("end", () => resolve(s));
    });

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      posted.push(JSON.parse(await bodyOf(req)));
      res.writeHead(200, { "content-type": "application/x-ndjson" }).end(toJsonLines(tools.items));
    });
    const sockets = new WebSocketServer({ noServer: true });
    server.on("upgrade", (req, socket, head) => {
      sockets.handleUpgrade(req, socket, head, (ws) => {
        const got: unknown[] = [];
        connections.push(got);
        const waiting: (() => void)[] = [];
        ws.on("message", (data) => {
          got.push(JSON.parse(String(data)));
          waiting.shift()?.();
        });
        const next = () => new Promise<void>((resolve) => waiting.push(resolve));
        void (async () => {
          await next(); // the task
          // AutoGen's FastAPI sample: every message as a frame; at a UserInputRequestedEvent the
          // team waits for the user's reply on this socket.
          for (const [i, frame] of toPlainFrames(proxy.items).entries()) {
            ws.send(frame);
            if ((proxy.items[i] as Item).type === "UserInputRequestedEvent") await next();
          }
          ws.close(1000);
        })();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );

  /** A CopilotKit runtime serving `autogen`, and its fetch handler under /api/copilotkit. */
  function copilotKit(autogen: AutoGenAgent) {
    // This repository builds on @ag-ui/client 1.0 while CopilotKit keeps its pinned 0.0.59 copy: the
    // two AbstractAgent declarations (private members) are distinct types, so the cast. A user who
    // installs CopilotKit's pin needs none; scripts/check-ag-ui-types.mjs compiles exactly that.
    const runtime = new CopilotRuntime({ agents: { autogen: autogen as never } });
    return createCopilotRuntimeHandler({ runtime, basePath: "/api/copilotkit", activateChannels: false });
  }

  /** The AG-UI events of an SSE body (`data: <json>` blocks). */
  function sseEvents(body: string): BaseEvent[] {
    return body
      .split(/\n\n/)
      .map((block) => block.split("\n").filter((l) => l.startsWith("data:")).map((l) => l.slice(5).trimStart()).join("\n"))
      .filter((data) => data !== "")
      .map((data) => JSON.parse(data) as BaseEvent);
  }

  /** POST a RunAgentInput to CopilotKit's run route; the events it streams back. */
  async function runThrough(handler: ReturnType<typeof copilotKit>, input: object): Promise<BaseEvent[]> {
    const response = await handler(
      new Request("http://localhost/api/copilotkit/agent/autogen/run", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "text/event-stream" },
        body: JSON.stringify(input),
        signal: AbortSignal.timeout(15_000),
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    return sseEvents(await response.text());
  }

  const inputOf = (run: { threadId: string; runId: string; items: Record<string, unknown>[] }, runId = run.runId, history: Message[] = []) => ({
    threadId: run.threadId,
    runId,
    // A front end sends the whole conversation: the task, then what the earlier runs gave it.
    messages: [{ id: taskOf(run).id, role: "user", content: taskOf(run).content }, ...history],
    tools: [],
    context: [],
    state: {},
    forwardedProps: {},
  });

  type Finished = { type: "RUN_FINISHED"; result?: { stop_reason?: string }; outcome?: { type: string; interrupts?: { id: string; reason: string }[] } };
  const texts = (events: BaseEvent[]) => events.filter((e) => e.type === "TEXT_MESSAGE_CONTENT").map((e) => (e as unknown as { delta: string }).delta);

  describe(title, { timeout: 60_000 }, () => {
    it("GET /info lists the agent and its interrupt capability", async () => {
      const handler = copilotKit(new AutoGenAgent({ transport: jsonLinesTransport(`http://${base}/run`) }));
      const response = await handler(new Request("http://localhost/api/copilotkit/info", { signal: AbortSignal.timeout(15_000) }));
      expect(response.status).toBe(200);
      const info = (await response.json()) as { agents: Record<string, { className: string; capabilities?: { humanInTheLoop?: { interrupts?: boolean } } }> };
      expect(info.agents.autogen!.className).toBe("AutoGenAgent");
      expect(info.agents.autogen!.capabilities?.humanInTheLoop?.interrupts).toBe(true);
    });

    it("a run through the run route: the AutoGen messages arrive as the events of the batch translation", async () => {
      const handler = copilotKit(new AutoGenAgent({ transport: jsonLinesTransport(`http://${base}/run`) }));
      const input = inputOf(tools);
      const events = await runThrough(handler, input);
      // CopilotKit's runner adds the run's input to RUN_STARTED (the front end's messages it had not seen).
      const [started, ...rest] = events as (BaseEvent & { input?: { messages: unknown[] } })[];
      expect(started!.input?.messages).toEqual(input.messages);
      const { input: _added, ...startedAsSent } = started!;
      expect([startedAsSent, ...rest]).toEqual(toAgUiEvents(tools.items, { threadId: input.threadId, runId: input.runId, inputMessageIds: [taskOf(tools).id] }));
      expect(schemaProblem(events)).toBeNull();
      // Independently of the translator: the recorded answer is what the front end reads.
      const recorded = tools.items as Item[];
      const answer = recorded.filter((m) => m.type === "TextMessage" && m.source !== "user").at(-1)!;
      expect(texts(events).join("")).toContain(answer.content);
      expect(events.filter((e) => e.type === "TOOL_CALL_START")).toHaveLength((recorded.find((m) => m.type === "ToolCallRequestEvent")!.content as unknown[]).length);
      // CopilotKit handed the agent the front end's message: the back end got it as the AutoGen task.
      const task = (posted.at(-1) as { task: { id: string; source: string; content: string }[] }).task;
      expect(task.map((m) => [m.id, m.source, m.content])).toEqual([[taskOf(tools).id, "user", taskOf(tools).content]]);
    });

    it("a Node server (createCopilotNodeListener on node:http): the same events over a real socket", async () => {
      const autogen = new AutoGenAgent({ transport: jsonLinesTransport(`http://${base}/run`) });
      const listener = createCopilotNodeListener({ runtime: new CopilotRuntime({ agents: { autogen: autogen as never } }), basePath: "/api/copilotkit", activateChannels: false });
      const front = createServer(listener);
      await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
      try {
        const input = inputOf(tools, "node-run");
        const response = await fetch(`http://127.0.0.1:${(front.address() as AddressInfo).port}/api/copilotkit/agent/autogen/run`, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "text/event-stream" },
          body: JSON.stringify(input),
          signal: AbortSignal.timeout(15_000),
        });
        expect(response.status).toBe(200);
        const events = sseEvents(await response.text());
        const expected = toAgUiEvents(tools.items, { threadId: input.threadId, runId: input.runId, inputMessageIds: [taskOf(tools).id] });
        expect(events.map((e) => e.type)).toEqual(expected.map((e) => e.type));
        expect(texts(events)).toEqual(texts(expected));
      } finally {
        front.closeAllConnections();
        await new Promise<void>((resolve) => front.close(() => resolve()));
      }
    });

    it("a UserProxyAgent's request: an interrupt per request, resumed by the next request on the same back-end socket", async () => {
      const handler = copilotKit(new AutoGenAgent({ transport: fastApiWebSocket(`ws://${base}/ws/chat`, { WebSocket: WS }) }));
      const recorded = proxy.items as Item[];
      const requests = recorded.filter((m) => m.type === "UserInputRequestedEvent");
      // What the user answered in the recorded run: the TextMessage of the asking agent after each request.
      const answers = requests.map((r) => recorded.find((m, i) => i > recorded.indexOf(r) && m.type === "TextMessage" && m.source === r.source)!.content as string);
      expect(requests).toHaveLength(2);
      const before = connections.length;

      const runs: BaseEvent[][] = [await runThrough(handler, inputOf(proxy, "run-1"))];
      const history: Message[] = [];
      for (const [i, answer] of answers.entries()) {
        history.push(...(await applied(runs.at(-1)!, proxy.threadId, "run-1")));
        const finished = runs.at(-1)!.at(-1) as unknown as Finished;
        expect(finished.type).toBe("RUN_FINISHED");
        expect(finished.outcome?.type).toBe("interrupt");
        expect(finished.outcome!.interrupts).toHaveLength(1);
        const interrupt = finished.outcome!.interrupts![0]!;
        expect(interrupt.id).toContain(requests[i]!.request_id);
        // As CopilotKit's useInterrupt resumes: the interrupted run's runId, the answer in `resume`.
        runs.push(await runThrough(handler, { ...inputOf(proxy, "run-1", history), resume: [{ interruptId: interrupt.id, status: "resolved", payload: answer }] }));
      }
      for (const events of runs) {
        expect(events[0]!.type).toBe("RUN_STARTED");
        expect(schemaProblem(events)).toBeNull();
      }
      const last = runs.at(-1)!.at(-1) as unknown as Finished;
      expect(last.type).toBe("RUN_FINISHED");
      expect(last.outcome === undefined || last.outcome.type === "success").toBe(true);
      expect(last.result?.stop_reason).toBe((recorded.at(-1) as { stop_reason: string }).stop_reason);
      // One back-end connection for the three requests: the task, then each answer as the user's message.
      expect(connections.length - before).toBe(1);
      const got = connections.at(-1)!;
      expect(got[0]).toMatchObject({ id: taskOf(proxy).id, type: "TextMessage", source: "user", content: taskOf(proxy).content });
      expect(got.slice(1)).toEqual(answers.map((content) => ({ type: "TextMessage", source: "user", content })));
      // Every agent message of the recorded run reached the front end, in order, across the runs.
      const spoken = recorded.filter((m, i) => i > 0 && m.type === "TextMessage").map((m) => m.content);
      expect(runs.flatMap(texts)).toEqual(spoken);
    });
  });
}
