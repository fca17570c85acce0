/**
 * toNodeListener (issue 31.4, issue 35): a web-standard handler served by a real node:http server
 * on 127.0.0.1. The request reaches the handler as a Request (method, headers, streamed body);
 * the Response is written back with backpressure; a client that leaves — while the handler
 * waits, while a chunk is awaited, or while the adapter waits for `drain` — aborts the request's
 * signal and cancels the body within a bound; a client that stops reading is cut off after
 * drainTimeoutMs; a throwing handler gets a 500. And HttpAgent → toNodeListener(createAgUiHandler(
 * AutoGenAgent)) over real HTTP, interrupted and resumed on one back-end connection.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { HttpAgent, type BaseEvent } from "@ag-ui/client";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { AutoGenAgent, createAgUiHandler, fastApiWebSocket, toNodeListener, type NodeListenerOptions, type WebSocketClass } from "../../src/ag-ui/index.js";
import { agUiRuns } from "../helpers/ag-ui.js";
import { sampleBackend } from "../helpers/fastapi-sample.js";

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function serve(handler: (r: Request) => Response | Promise<Response>, options?: NodeListenerOptions): Promise<string> {
  server = createServer(toNodeListener(handler, options));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
const until = async (ok: () => boolean, ms: number) => {
  for (const end = Date.now() + ms; !ok() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 10));
  return ok();
};
/** A response whose body the client does not read (paused), and its socket. */
const openPaused = (url: string) =>
  new Promise<IncomingMessage>((resolve, reject) => {
    const req = httpRequest(url, { method: "GET" }, (res) => {
      res.pause();
      resolve(res);
    });
    req.on("error", reject);
    req.end();
  });

describe("toNodeListener", { timeout: 30_000 }, () => {
  it("the handler gets a Request (method, URL, headers, body); its Response comes back (status, headers, cookies, body)", async () => {
    const base = await serve(async (request) => {
      const body = await request.text();
      return new Response(JSON.stringify({ method: request.method, url: request.url, header: request.headers.get("x-test"), body }), {
        status: 201,
        headers: [
          ["content-type", "application/json"],
          ["set-cookie", "a=1"],
          ["set-cookie", "b=2"],
        ],
      });
    });
    const res = await fetch(`${base}/agent?x=1`, { method: "POST", headers: { "x-test": "yes" }, body: "héllo".repeat(10_000) });
    expect(res.status).toBe(201);
    expect(res.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(await res.json()).toEqual({ method: "POST", url: `${base}/agent?x=1`, header: "yes", body: "héllo".repeat(10_000) });
    const get = await fetch(`${base}/x`);
    expect(await get.json()).toMatchObject({ method: "GET", body: "" });
  });

  it("backpressure: the body is read only as fast as the client takes it", async () => {
    const chunk = new Uint8Array(256 * 1024).fill(97);
    const total = 200; // 50 MiB if read all at once
    let pulled = 0;
    const base = await serve(
      () =>
        new Response(
          new ReadableStream<Uint8Array>(
            {
              pull(c) {
                if (pulled++ >= total) c.close();
                else c.enqueue(chunk);
              },
            },
            { highWaterMark: 0 },
          ),
        ),
    );
    const res = await openPaused(base);
    await new Promise((r) => setTimeout(r, 300));
    // Kernel and stream buffers hold a few chunks; nowhere near the whole body.
    expect(pulled).toBeLessThan(total / 4);
    let received = 0;
    res.on("data", (d: Buffer) => (received += d.length));
    res.resume();
    await new Promise((r) => res.on("end", r));
    expect(received).toBe(total * chunk.length);
  });

  it("the client leaving while the adapter waits for drain: the body is cancelled and the request's signal aborted", async () => {
    let cancelled = false;
    let signal: AbortSignal | undefined;
    const chunk = new Uint8Array(1024 * 1024);
    const base = await serve((request) => {
      signal = request.signal;
      return new Response(new ReadableStream<Uint8Array>({ pull: (c) => c.enqueue(chunk), cancel: () => void (cancelled = true) }, { highWaterMark: 0 }));
    });
    const res = await openPaused(base);
    await new Promise((r) => setTimeout(r, 200)); // the socket's buffer is full: the adapter waits for drain
    res.destroy();
    expect(await until(() => cancelled, 2_000)).toBe(true);
    expect(signal!.aborted).toBe(true);
  });

  it("the client leaving while a chunk is awaited (a stalled run): the body is cancelled at once", async () => {
    let cancelled = false;
    let signal: AbortSignal | undefined;
    const base = await serve((request) => {
      signal = request.signal;
      return new Response(new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new TextEncoder().encode("data: 1\n\n")), pull: () => new Promise(() => {}), cancel: () => void (cancelled = true) }));
    });
    const res = await openPaused(base);
    res.destroy();
    expect(await until(() => cancelled, 2_000)).toBe(true);
    expect(signal!.aborted).toBe(true);
  });

  it("the client leaving while the handler has not answered yet: the request's signal is aborted", async () => {
    let signal: AbortSignal | undefined;
    const base = await serve((request) => {
      signal = request.signal;
      return new Promise<Response>((resolve) => request.signal.addEventListener("abort", () => resolve(new Response("late"))));
    });
    const req = httpRequest(base, { method: "POST" });
    req.on("error", () => {});
    req.write("{");
    await until(() => signal !== undefined, 2_000);
    req.destroy();
    expect(await until(() => signal!.aborted, 2_000)).toBe(true);
  });

  it("drainTimeoutMs: a client that stops reading is cut off and the body cancelled", async () => {
    let cancelled = false;
    const chunk = new Uint8Array(1024 * 1024);
    const base = await serve(() => new Response(new ReadableStream<Uint8Array>({ pull: (c) => c.enqueue(chunk), cancel: () => void (cancelled = true) }, { highWaterMark: 0 })), { drainTimeoutMs: 200 });
    await openPaused(base);
    expect(await until(() => cancelled, 3_000)).toBe(true);
    // The server dropped the connection.
    let open = -1;
    const count = () => server!.getConnections((_e, n) => (open = n));
    expect(await until(() => (count(), open === 0), 3_000)).toBe(true);
  });

  it("a handler that throws: 500 without its message", async () => {
    const base = await serve(() => {
      throw new Error("secret detail");
    });
    const res = await fetch(base, { method: "POST", body: "{}" });
    expect([res.status, await res.text()]).toEqual([500, '{"error":"internal error"}']);
  });

  it("HttpAgent → createServer(toNodeListener(createAgUiHandler(AutoGenAgent))): interrupts and resumes over real HTTP on one back-end connection", async () => {
    const proxy = agUiRuns.find((r) => r.name === "round-robin/user-proxy/run")!;
    const items = proxy.items as { type?: string; source?: string; content?: unknown; request_id?: string }[];
    const replies = items.flatMap((it, i) => (it.type === "UserInputRequestedEvent" ? [items.slice(i + 1).find((m) => m.source === it.source && m.type === "TextMessage")!.content as string] : []));
    const backend = await sampleBackend(proxy.items);
    try {
      const agent = new AutoGenAgent({ transport: fastApiWebSocket(backend.url, { WebSocket: WebSocket as unknown as WebSocketClass }) });
      const base = await serve(createAgUiHandler(agent));
      const client = new HttpAgent({ url: `${base}/agent`, threadId: "node-1" });
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
      await backend.close();
    }
  });
});
