/**
 * AutoGenAgent's pause machinery (issue 31.3) and its bounds (issue 35), against real back ends
 * on 127.0.0.1: AutoGen's FastAPI sample protocol over WebSocket, AutoGen Studio's WebSocket, and
 * SSE with a reply hook. Without `onInputRequest` an input request ends the AG-UI run in an
 * interrupt; `resume` answers it on the same connection; a cancelled answer, an expiry, a full
 * pause table and a back end closing while paused all close the pause, and the next resume ends
 * in RUN_ERROR (never a hang). Idle and connect timeouts end in RUN_ERROR naming the back end.
 * Expected values are the recorded run's own items (request ids, replies) and the documented id
 * format `autogen:input:<request id>`.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { join } from "node:path";
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import type { BaseEvent, Message, RunAgentInput } from "@ag-ui/client";
import { lastValueFrom, toArray } from "rxjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer, type WebSocket as ServerSocket } from "ws";
import { AutoGenAgent, fastApiWebSocket, jsonLinesTransport, sseTransport, studioWebSocket, type WebSocketClass } from "../../src/ag-ui/index.js";
import { toJsonLines, toPlainFrames, toServerSentEvents, toStudioFrames, type WireItem } from "../../examples/live-run/encode.js";
import { agUiRuns, schemaProblem } from "../helpers/ag-ui.js";
import { ensureBuilt, ROOT } from "../helpers/dist.js";

const proxy = agUiRuns.find((r) => r.name === "round-robin/user-proxy/run")!;
const WS = WebSocket as unknown as WebSocketClass;
type Item = { type?: string; source?: string; content?: unknown; request_id?: string };
const items = proxy.items as Item[];
/** The recorded requests and what the user proxy said next (its reply). */
const requests = items.flatMap((it, i) => (it.type === "UserInputRequestedEvent" ? [{ requestId: it.request_id!, reply: items.slice(i + 1).find((m) => m.source === it.source && m.type === "TextMessage")!.content as string }] : []));
const taskOf = proxy.items[0] as { id: string; content: string };

/** What a back end saw on one connection. */
interface Conn {
  readonly frames: unknown[];
  closeCode: number | null;
  readonly closed: Promise<number>;
}
const conns: Record<string, Conn[]> = {};
const sseReplies: string[][] = [];
let server: Server;
let base = "";
let silent: TcpServer;
let silentPort = 0;
const silentSockets = new Set<Socket>();

const bodyOf = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = "";
    req.on("data", (d: Buffer) => (s += d.toString()));
    req.on("end", () => resolve(s));
  });

/** Replays `frames`, after each UserInputRequestedEvent (or Studio input_request) waiting for the next frame. */
function replay(ws: ServerSocket, frames: string[], waitAfter: (i: number) => boolean, next: () => Promise<unknown>, end: "stay" | "close" = "stay") {
  void (async () => {
    await next(); // the task (or Studio's start)
    for (const [i, f] of frames.entries()) {
      if (ws.readyState !== 1) return;
      ws.send(f);
      if (waitAfter(i)) await next();
    }
    if (end === "close") ws.close(1000);
  })();
}

beforeAll(async () => {
  // SSE with a reply hook: the stream stops at each request until POST /reply/<n> arrives.
  const waiting = new Map<number, () => void>();
  server = createServer(async (req, res) => {
    const path = req.url ?? "";
    const body = await bodyOf(req);
    const reply = /^\/reply\/(\d+)$/.exec(path);
    if (reply) {
      sseReplies[Number(reply[1])]!.push(body);
      waiting.get(Number(reply[1]))?.();
      res.writeHead(204).end();
      return;
    }
    if (path === "/sse" || path === "/jsonl") {
      const n = sseReplies.push([]) - 1;
      res.writeHead(200, { "content-type": path === "/sse" ? "text/event-stream" : "application/x-ndjson", "x-run": String(n) });
      res.flushHeaders();
      for (const item of proxy.items) {
        res.write(path === "/sse" ? toServerSentEvents([item as WireItem]) : toJsonLines([item as WireItem]));
        if ((item as Item).type === "UserInputRequestedEvent") await new Promise<void>((r) => waiting.set(n, r));
      }
      res.end();
      return;
    }
    if (path === "/sse-no-headers") return; // never answers
    res.writeHead(404).end();
  });
  const sockets = new WebSocketServer({ noServer: true });
  server.on("upgrade", (req, socket, head) => {
    sockets.handleUpgrade(req, socket, head, (ws) => {
      const path = req.url ?? "";
      let resolveClosed!: (code: number) => void;
      const conn: Conn = { frames: [], closeCode: null, closed: new Promise((r) => (resolveClosed = r)) };
      (conns[path] ??= []).push(conn);
      ws.on("close", (code) => {
        conn.closeCode = code;
        resolveClosed(code);
      });
      const waiters: (() => void)[] = [];
      ws.on("message", (data) => {
        conn.frames.push(JSON.parse(String(data)) as unknown);
        waiters.shift()?.();
      });
      const next = () => new Promise<void>((r) => waiters.push(r));
      const isRequest = (i: number) => items[i]!.type === "UserInputRequestedEvent";
      if (path === "/fastapi") replay(ws, toPlainFrames(proxy.items), isRequest, next);
      else if (path === "/fastapi-close-when-asking") {
        // Asks once, then goes away while the client is paused.
        const frames = toPlainFrames(proxy.items);
        const first = items.findIndex((it) => it.type === "UserInputRequestedEvent");
        void next().then(() => {
          for (const f of frames.slice(0, first + 1)) ws.send(f);
          setTimeout(() => ws.close(1001), 100);
        });
      } else if (path === "/studio") {
        // Studio's envelopes; an input_request frame (with its prompt) after each request event.
        const frames = toStudioFrames(proxy.items);
        const out: string[] = [frames[0]!];
        const waitsAt = new Set<number>();
        for (const [i, f] of frames.slice(1).entries()) {
          out.push(f);
          const item = items[i]!;
          if (item.type === "UserInputRequestedEvent") {
            out.push(JSON.stringify({ type: "input_request", prompt: "Enter your response: ", data: { source: item.source, content: "" }, timestamp: "2025-03-15T00:00:00" }));
            waitsAt.add(out.length - 1);
          }
        }
        replay(ws, out, (i) => waitsAt.has(i), next, "close");
      } else if (path === "/stall") {
        // Sends the first item, then nothing (but keeps the socket open).
        void next().then(() => ws.send(toPlainFrames(proxy.items)[0]!));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Accepts TCP connections and never answers (a WebSocket upgrade that never completes).
  silent = createTcpServer((s) => {
    silentSockets.add(s);
    s.resume(); // reads (and drops) the upgrade request, so that the client's close is seen
    s.on("close", () => silentSockets.delete(s));
  });
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  silentPort = (silent.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  for (const s of silentSockets) s.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

const inputOf = (threadId: string, runId: string, resume?: RunAgentInput["resume"]): RunAgentInput => ({
  threadId,
  runId,
  messages: [{ id: taskOf.id, role: "user", content: taskOf.content } as Message],
  tools: [],
  context: [],
  state: {},
  forwardedProps: {},
  ...(resume && { resume }),
});
const eventsOf = (agent: AutoGenAgent, input: RunAgentInput) => lastValueFrom(agent.run(input).pipe(toArray()));
const last = (events: BaseEvent[]) => events.at(-1) as unknown as { type: string; outcome?: { type: string; interrupts?: { id: string; reason: string; message?: string; expiresAt?: string }[] }; code?: string; message?: string };
const runs = (events: BaseEvent[]) => events.filter((e) => e.type.startsWith("RUN_")).map((e) => e.type);
const resolved = (interruptId: string, payload: unknown) => [{ interruptId, status: "resolved" as const, payload }];
/** Waits (bounded) until `ok()` holds. */
const until = async (ok: () => boolean, ms: number) => {
  for (const end = Date.now() + ms; !ok() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 10));
};
const elapsed = async <T>(p: Promise<T>) => {
  const t = Date.now();
  const v = await p;
  return { v, ms: Date.now() - t };
};

describe("AutoGenAgent pauses instead of hanging (no onInputRequest)", { timeout: 30_000 }, () => {
  it("FastAPI sample protocol: each request ends a run in an interrupt; resume replies on the same socket; the last run succeeds", async () => {
    const agent = new AutoGenAgent({ threadId: "fa", transport: fastApiWebSocket(`ws://${base}/fastapi`, { WebSocket: WS }) });
    agent.addMessage({ id: taskOf.id, role: "user", content: taskOf.content });
    const outcomes: unknown[] = [];
    for (let turn = 0; turn <= requests.length; turn++) {
      const events: BaseEvent[] = [];
      const before = Date.now();
      const resume = turn === 0 ? undefined : resolved(agent.pendingInterrupts[0]!.id, requests[turn - 1]!.reply);
      await agent.runAgent({ runId: `run-${turn}`, ...(resume && { resume }) }, { onEvent: ({ event }) => void events.push(event) });
      expect(schemaProblem(events)).toBeNull();
      expect(runs(events)).toEqual(["RUN_STARTED", "RUN_FINISHED"]);
      const end = last(events);
      outcomes.push(end.outcome?.type ?? "success");
      if (turn < requests.length) {
        const [interrupt] = end.outcome!.interrupts!;
        // The FastAPI sample's UserInputRequestedEvent has no prompt: no message.
        expect(interrupt).toEqual({ id: `autogen:input:${requests[turn]!.requestId}`, reason: "input_required", expiresAt: expect.any(String) });
        // Default pause: 10 minutes.
        const expires = Date.parse(interrupt!.expiresAt!);
        expect(expires - before).toBeGreaterThanOrEqual(600_000 - 50);
        expect(expires - Date.now()).toBeLessThanOrEqual(600_000);
        expect(agent.pendingInterrupts.map((i) => i.id)).toEqual([interrupt!.id]);
      }
    }
    expect(outcomes).toEqual(["interrupt", "interrupt", "success"]);
    expect(conns["/fastapi"]).toHaveLength(1);
    const [conn] = conns["/fastapi"]!;
    expect(conn!.frames.slice(1)).toEqual(requests.map((r) => ({ type: "TextMessage", source: "user", content: r.reply })));
    // The last run finished: the agent closes the socket, normally.
    expect(await conn!.closed).toBe(1000);
    // Every recorded text reached the client's conversation, in order.
    const texts = agent.messages.map((m) => m.content);
    expect(texts).toEqual(expect.arrayContaining(requests.map((r) => r.reply)));
  });

  it.each([
    ["SSE", "/sse", sseTransport],
    ["JSON Lines", "/jsonl", jsonLinesTransport],
  ] as const)("%s with a reply hook: the interrupt, then the resume payload goes through the hook and the same stream goes on", async (_name, path, make) => {
    const hook: string[] = [];
    const streams = sseReplies.length;
    const transport = make(`http://${base}${path}`, {
      reply: async (text) => {
        hook.push(text);
        await fetch(`http://${base}/reply/${sseReplies.length - 1}`, { method: "POST", body: text });
      },
    });
    const agent = new AutoGenAgent({ transport });
    const first = await eventsOf(agent, inputOf(path, "r0"));
    const [i0] = last(first).outcome!.interrupts!;
    expect(i0!.id).toBe(`autogen:input:${requests[0]!.requestId}`);
    const second = await eventsOf(agent, inputOf(path, "r1", resolved(i0!.id, requests[0]!.reply)));
    const [i1] = last(second).outcome!.interrupts!;
    expect(i1!.id).toBe(`autogen:input:${requests[1]!.requestId}`);
    const third = await eventsOf(agent, inputOf(path, "r2", resolved(i1!.id, requests[1]!.reply)));
    expect(last(third)).toMatchObject({ type: "RUN_FINISHED", result: { stop_reason: "Text 'TERMINATE' mentioned" } });
    expect(last(third).outcome).toBeUndefined();
    expect(hook).toEqual(requests.map((r) => r.reply));
    // One HTTP stream for the three AG-UI runs.
    expect(sseReplies).toHaveLength(streams + 1);
    expect(sseReplies[streams]).toEqual(requests.map((r) => r.reply));
  });

  it("AutoGen Studio: input_request's prompt is the interrupt's message; resume sends input_response", async () => {
    const agent = new AutoGenAgent({ transport: studioWebSocket(`ws://${base}/studio`, { WebSocket: WS, teamConfig: { provider: "x" } }), pauseTimeoutMs: 60_000 });
    const first = await eventsOf(agent, inputOf("st", "r0"));
    const [i0] = last(first).outcome!.interrupts!;
    expect(i0).toMatchObject({ reason: "input_required", message: "Enter your response: " });
    expect(Date.parse(i0!.expiresAt!) - Date.now()).toBeGreaterThan(55_000);
    const second = await eventsOf(agent, inputOf("st", "r1", resolved(i0!.id, "first answer")));
    const [i1] = last(second).outcome!.interrupts!;
    const third = await eventsOf(agent, inputOf("st", "r2", resolved(i1!.id, { pick: 2 })));
    expect(last(third).type).toBe("RUN_FINISHED");
    expect(last(third).outcome).toBeUndefined();
    const [conn] = conns["/studio"]!;
    expect(conns["/studio"]).toHaveLength(1);
    // A non-string payload goes back as its JSON.
    expect(conn!.frames).toEqual([
      { type: "start", task: taskOf.content, team_config: { provider: "x" } },
      { type: "input_response", response: "first answer" },
      { type: "input_response", response: '{"pick":2}' },
    ]);
  });

  it("a cancelled resume entry closes the paused connection and ends the run cancelled", async () => {
    const agent = new AutoGenAgent({ transport: fastApiWebSocket(`ws://${base}/fastapi`, { WebSocket: WS }) });
    const n = (conns["/fastapi"] ?? []).length;
    const first = await eventsOf(agent, inputOf("cancel", "r0"));
    const [i0] = last(first).outcome!.interrupts!;
    const events = await eventsOf(agent, inputOf("cancel", "r1", [{ interruptId: i0!.id, status: "cancelled" }]));
    expect(runs(events)).toEqual(["RUN_STARTED", "RUN_FINISHED"]);
    expect(last(events).outcome).toEqual({ type: "cancelled" });
    const conn = conns["/fastapi"]![n]!;
    expect(await conn.closed).toBe(1000);
    expect(conn.frames).toHaveLength(1); // the task; no reply was sent
    // Nothing left to resume.
    const again = await eventsOf(agent, inputOf("cancel", "r2", resolved(i0!.id, "late")));
    expect(last(again)).toMatchObject({ type: "RUN_ERROR", code: "NO_PAUSED_RUN" });
  });

  it("pauseTimeoutMs: the pause expires, its socket closes, the next resume gets RUN_ERROR PAUSE_EXPIRED at once", async () => {
    const agent = new AutoGenAgent({ transport: fastApiWebSocket(`ws://${base}/fastapi`, { WebSocket: WS }), pauseTimeoutMs: 150 });
    const n = (conns["/fastapi"] ?? []).length;
    const before = Date.now();
    const first = await eventsOf(agent, inputOf("expire", "r0"));
    const [i0] = last(first).outcome!.interrupts!;
    const expires = Date.parse(i0!.expiresAt!);
    expect(expires).toBeGreaterThanOrEqual(before + 150);
    expect(expires).toBeLessThanOrEqual(Date.now() + 150);
    const conn = conns["/fastapi"]![n]!;
    const { v: code, ms } = await elapsed(conn.closed);
    expect(code).toBe(1000);
    expect(ms).toBeLessThan(2_000);
    const { v: events, ms: took } = await elapsed(eventsOf(agent, inputOf("expire", "r1", resolved(i0!.id, "too late"))));
    expect(runs(events)).toEqual(["RUN_STARTED", "RUN_ERROR"]);
    expect(last(events)).toMatchObject({ code: "PAUSE_EXPIRED", message: expect.stringContaining(`ws://${base}/fastapi`) });
    expect(took).toBeLessThan(1_000);
    expect(conn.frames).toHaveLength(1);
  });

  it("pauseTimeoutMs: Infinity: no expiresAt; closePausedRuns() closes the pause (socket 1000), its resume gets RUN_ERROR", async () => {
    const agent = new AutoGenAgent({ transport: fastApiWebSocket(`ws://${base}/fastapi`, { WebSocket: WS }), pauseTimeoutMs: Infinity });
    const n = (conns["/fastapi"] ?? []).length;
    const [i0] = last(await eventsOf(agent, inputOf("forever", "r0"))).outcome!.interrupts!;
    expect(i0).toEqual({ id: `autogen:input:${requests[0]!.requestId}`, reason: "input_required" });
    agent.closePausedRuns();
    expect(await conns["/fastapi"]![n]!.closed).toBe(1000);
    expect(last(await eventsOf(agent, inputOf("forever", "r1", resolved(i0!.id, "x"))))).toMatchObject({ type: "RUN_ERROR", code: "NO_PAUSED_RUN" });
  });

  it("maxPausedRuns: a full table closes the oldest pause (RUN_ERROR PAUSE_EVICTED on its resume); the newer one resumes", async () => {
    const agent = new AutoGenAgent({ transport: fastApiWebSocket(`ws://${base}/fastapi`, { WebSocket: WS }), maxPausedRuns: 2 });
    const n = (conns["/fastapi"] ?? []).length;
    const ids: string[] = [];
    for (const t of ["a", "b", "c"]) ids.push(last(await eventsOf(agent, inputOf(t, "r0"))).outcome!.interrupts![0]!.id);
    const [a, b, c] = conns["/fastapi"]!.slice(n);
    expect(await a!.closed).toBe(1000);
    expect(b!.closeCode).toBeNull();
    expect(c!.closeCode).toBeNull();
    expect(last(await eventsOf(agent, inputOf("a", "r1", resolved(ids[0]!, "x"))))).toMatchObject({ type: "RUN_ERROR", code: "PAUSE_EVICTED" });
    // A clone shares the table: it resumes "c".
    const next = await eventsOf(agent.clone(), inputOf("c", "r1", resolved(ids[2]!, requests[0]!.reply)));
    expect(last(next).outcome!.interrupts![0]!.id).toBe(`autogen:input:${requests[1]!.requestId}`);
    expect(c!.frames.slice(1)).toEqual([{ type: "TextMessage", source: "user", content: requests[0]!.reply }]);
    agent.closePausedRuns();
    expect(await b!.closed).toBe(1000);
    expect(await c!.closed).toBe(1000);
  });

  it("the back end closing while paused: the next resume gets RUN_ERROR CLOSED, never a hang", async () => {
    const agent = new AutoGenAgent({ transport: fastApiWebSocket(`ws://${base}/fastapi-close-when-asking`, { WebSocket: WS }) });
    const first = await eventsOf(agent, inputOf("gone", "r0"));
    const [i0] = last(first).outcome!.interrupts!;
    await conns["/fastapi-close-when-asking"]![0]!.closed;
    await new Promise((r) => setTimeout(r, 50));
    const { v: events, ms } = await elapsed(eventsOf(agent, inputOf("gone", "r1", resolved(i0!.id, "hello?"))));
    expect(runs(events)).toEqual(["RUN_STARTED", "RUN_ERROR"]);
    expect(last(events)).toMatchObject({ code: "CLOSED", message: expect.stringContaining("closed the connection of the paused run") });
    expect(ms).toBeLessThan(1_000);
  });

  it("a resume that answers another interrupt gets RUN_ERROR NO_PAUSED_RUN and closes the pause", async () => {
    const agent = new AutoGenAgent({ transport: fastApiWebSocket(`ws://${base}/fastapi`, { WebSocket: WS }) });
    const n = (conns["/fastapi"] ?? []).length;
    await eventsOf(agent, inputOf("wrong", "r0"));
    const events = await eventsOf(agent, inputOf("wrong", "r1", resolved("autogen:input:someone-else", "x")));
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "NO_PAUSED_RUN" });
    expect(await conns["/fastapi"]![n]!.closed).toBe(1000);
  });
});

describe("AutoGenAgent's bounds", { timeout: 30_000 }, () => {
  it("idleTimeoutMs: a back end that goes quiet mid-run ends in RUN_ERROR IDLE_TIMEOUT naming it; the socket closes with 1000", async () => {
    const agent = new AutoGenAgent({ transport: fastApiWebSocket(`ws://${base}/stall`, { WebSocket: WS }), idleTimeoutMs: 200 });
    const { v: events, ms } = await elapsed(eventsOf(agent, inputOf("idle", "r0")));
    expect(runs(events)).toEqual(["RUN_STARTED", "RUN_ERROR"]);
    expect(last(events)).toMatchObject({ code: "IDLE_TIMEOUT", message: `the back end sent nothing for 200 ms (AutoGen back end ws://${base}/stall)` });
    expect(ms).toBeGreaterThanOrEqual(190);
    expect(ms).toBeLessThan(2_000);
    expect(await conns["/stall"]![0]!.closed).toBe(1000);
    expect(schemaProblem(events)).toBeNull();
  });

  it("connectTimeoutMs: a WebSocket upgrade that never completes ends in RUN_ERROR CONNECT_TIMEOUT", async () => {
    const agent = new AutoGenAgent({ transport: fastApiWebSocket(`ws://127.0.0.1:${silentPort}/ws`, { WebSocket: WS }), connectTimeoutMs: 200 });
    const { v: events, ms } = await elapsed(eventsOf(agent, inputOf("slow", "r0")));
    expect(runs(events)).toEqual(["RUN_STARTED", "RUN_ERROR"]);
    expect(last(events)).toMatchObject({ code: "CONNECT_TIMEOUT", message: `no connection within 200 ms (AutoGen back end ws://127.0.0.1:${silentPort}/ws)` });
    expect(ms).toBeLessThan(2_000);
    // The half-open socket is dropped by the client.
    await until(() => silentSockets.size === 0, 2_000);
    expect(silentSockets.size).toBe(0);
  });

  it("connectTimeoutMs over HTTP: response headers that never come end in RUN_ERROR CONNECT_TIMEOUT", async () => {
    const agent = new AutoGenAgent({ transport: sseTransport(`http://${base}/sse-no-headers`), connectTimeoutMs: 200 });
    const { v: events, ms } = await elapsed(eventsOf(agent, inputOf("slow-http", "r0")));
    expect(last(events)).toMatchObject({ type: "RUN_ERROR", code: "CONNECT_TIMEOUT" });
    expect(ms).toBeLessThan(2_000);
  });

  it("abortRun() mid-run against a quiet back end: outcome cancelled at once, socket closed with 1000", async () => {
    const agent = new AutoGenAgent({ transport: fastApiWebSocket(`ws://${base}/stall`, { WebSocket: WS }) });
    const n = conns["/stall"]!.length;
    const done = eventsOf(agent, inputOf("abort", "r0"));
    await new Promise((r) => setTimeout(r, 150));
    agent.abortRun();
    const events = await done;
    expect(last(events).outcome).toEqual({ type: "cancelled" });
    expect(await conns["/stall"]![n]!.closed).toBe(1000);
  });
});

describe("a process using the built package exits by itself", { timeout: 120_000 }, () => {
  it("after runs that paused, resumed, idled, timed out connecting, were unsubscribed while connecting, or were closed by closePausedRuns()", async () => {
    ensureBuilt();
    const child = spawn(
      process.execPath,
      [join(ROOT, "test/helpers/ag-ui-exit-child.mjs"), join(ROOT, "dist/ag-ui/index.js"), createRequire(import.meta.url).resolve("ws").replace(/index\.js$/, "wrapper.mjs"), `ws://${base}/fastapi`, `ws://${base}/stall`, `ws://127.0.0.1:${silentPort}/ws`],
      { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    let printedAt = 0;
    child.stdout.on("data", () => (printedAt ||= Date.now()));
    const killer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    clearTimeout(killer);
    expect(err).toBe("");
    expect(JSON.parse(out)).toEqual(["interrupt", "interrupt", "RUN_FINISHED", "IDLE_TIMEOUT", "CONNECT_TIMEOUT", "interrupt"]);
    expect(code).toBe(0);
    // Nothing held it after its last line: it exited at once, not when a timer (pause: 10 min) fired.
    expect(Date.now() - printedAt).toBeLessThan(3_000);
  });
});
