/**
 * createAgUiHandler(agent) (issue 31.4) and the handler's faults (issue 35): an AutoGenAgent
 * served over HTTP to @ag-ui/client's real HttpAgent, interrupted and resumed across requests on
 * one back-end connection (AutoGen's FastAPI sample protocol on 127.0.0.1); the client going away
 * ends the run at once, even a run that ignores the signal; a body over the bound gets 413 before
 * any parse. Expected values: the recorded run's request ids and replies.
 */
import { HttpAgent, parseSSEStream, type BaseEvent } from "@ag-ui/client";
import { lastValueFrom, Observable, Subject, toArray } from "rxjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { WebSocket } from "ws";
import { AutoGenAgent, createAgUiHandler, fastApiWebSocket, type WebSocketClass } from "../../src/ag-ui/index.js";
import { agUiRuns } from "../helpers/ag-ui.js";
import { sampleBackend, type SampleBackend } from "../helpers/fastapi-sample.js";

const proxy = agUiRuns.find((r) => r.name === "round-robin/user-proxy/run")!;
type Item = { type?: string; source?: string; content?: unknown; request_id?: string };
const items = proxy.items as Item[];
const requests = items.flatMap((it, i) => (it.type === "UserInputRequestedEvent" ? [{ requestId: it.request_id!, reply: items.slice(i + 1).find((m) => m.source === it.source && m.type === "TextMessage")!.content as string }] : []));
const input = (extra: Record<string, unknown> = {}) => ({ threadId: "t", runId: "r", messages: [{ id: "m1", role: "user", content: "hi" }], tools: [], context: [], ...extra });
const post = (handler: (r: Request) => Promise<Response>, body: unknown, init: RequestInit = {}) =>
  handler(new Request("http://127.0.0.1/agent", { method: "POST", body: JSON.stringify(body), ...init }));

/** The events in an SSE body, parsed by @ag-ui/client's parser. */
async function eventsIn(body: ReadableStream<Uint8Array>): Promise<BaseEvent[]> {
  const source = new Subject<{ type: "data"; data: Uint8Array }>();
  const parsed = lastValueFrom((parseSSEStream(source as never) as unknown as Observable<unknown>).pipe(toArray()));
  const reader = body.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) source.next({ type: "data", data: r.value });
  source.complete();
  return (await parsed) as BaseEvent[];
}
const until = async (ok: () => boolean, ms: number) => {
  for (const end = Date.now() + ms; !ok() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 10));
  return ok();
};
const within = <T>(p: Promise<T>, ms: number) => Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no end within ${ms} ms`)), ms))]);

let backend: SampleBackend;
beforeAll(async () => {
  backend = await sampleBackend(proxy.items);
});
afterAll(() => backend.close());

describe("createAgUiHandler(agent)", { timeout: 30_000 }, () => {
  it("HttpAgent → handler(AutoGenAgent): each user turn is one HTTP run ending in an interrupt; resume goes on on the same back-end connection", async () => {
    const served = new AutoGenAgent({ transport: fastApiWebSocket(backend.url, { WebSocket: WebSocket as unknown as WebSocketClass }) });
    const handler = createAgUiHandler(served);
    const bodies: unknown[] = [];
    const client = new HttpAgent({
      url: "http://127.0.0.1/agent",
      threadId: "thread-1",
      // The handler is web-standard: HttpAgent's fetch goes straight to it.
      fetch: (url, init) => {
        bodies.push(JSON.parse(String(init.body)));
        return handler(new Request(url, init));
      },
    });
    client.addMessage({ id: "task-1", role: "user", content: "Plan a trip" });
    const outcomes: string[] = [];
    for (let turn = 0; turn <= requests.length; turn++) {
      const events: BaseEvent[] = [];
      const resume = turn === 0 ? undefined : [{ interruptId: client.pendingInterrupts[0]!.id, status: "resolved" as const, payload: requests[turn - 1]!.reply }];
      await within(client.runAgent({ runId: `run-${turn}`, ...(resume && { resume }) }, { onEvent: ({ event }) => void events.push(event) }), 10_000);
      const end = events.at(-1) as unknown as { type: string; outcome?: { type: string; interrupts: { id: string }[] } };
      expect(end.type).toBe("RUN_FINISHED");
      outcomes.push(end.outcome?.type ?? "success");
      if (turn < requests.length) expect(end.outcome!.interrupts.map((i) => i.id)).toEqual([`autogen:input:${requests[turn]!.requestId}`]);
    }
    expect(outcomes).toEqual(["interrupt", "interrupt", "success"]);
    // The resume went in the request body, as the client sent it.
    expect((bodies[1] as { resume: unknown }).resume).toEqual([{ interruptId: `autogen:input:${requests[0]!.requestId}`, status: "resolved", payload: requests[0]!.reply }]);
    expect(backend.connections).toHaveLength(1);
    const [conn] = backend.connections;
    expect(conn!.frames.slice(1)).toEqual(requests.map((r) => ({ type: "TextMessage", source: "user", content: r.reply })));
    expect(await within(conn!.closed, 2_000)).toBe(1000);
    expect(client.messages.map((m) => m.content)).toEqual(expect.arrayContaining(requests.map((r) => r.reply)));
  });

  it("the client going away unsubscribes the agent's run and ends the response at once", async () => {
    let unsubscribed = false;
    // A run that starts and then never ends, whatever it is told.
    const stuck = { run: () => new Observable<BaseEvent>((s) => (s.next({ type: "RUN_STARTED", threadId: "t", runId: "r" } as BaseEvent), () => void (unsubscribed = true))) };
    const handler = createAgUiHandler(stuck);
    const gone = new AbortController();
    const res = await post(handler, input(), { signal: gone.signal });
    const events = eventsIn(res.body!);
    await new Promise((r) => setTimeout(r, 50));
    expect(unsubscribed).toBe(false);
    gone.abort();
    expect((await within(events, 2_000)).map((e) => e.type)).toEqual(["RUN_STARTED", "RUN_ERROR"]);
    expect(unsubscribed).toBe(true);
    // Cancelling the response body (a server's adapter seeing the socket close) does the same.
    unsubscribed = false;
    const again = await post(handler, input());
    await again.body!.cancel();
    expect(unsubscribed).toBe(true);
  });

  it("a client that reads nothing while the agent's run goes on: the run is let go of after 10,000 queued events, not buffered without a bound", async () => {
    let emitted = 0;
    let unsubscribed = false;
    const chatty = {
      run: () =>
        new Observable<BaseEvent>((s) => {
          s.next({ type: "RUN_STARTED", threadId: "t", runId: "r" } as BaseEvent);
          // A back end streaming fast, a batch per tick, until told to stop.
          const batch = () => {
            for (let i = 0; i < 500 && !s.closed; i++, emitted++) s.next({ type: "CUSTOM", name: "tick", value: emitted } as BaseEvent);
            if (!s.closed && emitted < 50_000) setTimeout(batch, 0);
          };
          setTimeout(batch, 0);
          return () => void (unsubscribed = true);
        }),
    };
    const res = await post(createAgUiHandler(chatty), input());
    expect(await until(() => unsubscribed, 5_000)).toBe(true);
    expect(emitted).toBeLessThan(10_010);
    const events = await eventsIn(res.body!);
    expect(events.at(-1)).toEqual({ type: "RUN_ERROR", message: "the client took none of the last 10000 events" });
    expect(events.filter((e) => e.type === "CUSTOM").length).toBeGreaterThanOrEqual(9_990);
  });

  it("an agent's run that errors, or completes without a terminal event, ends in RUN_ERROR", async () => {
    const failing = createAgUiHandler({ run: () => new Observable<BaseEvent>((s) => s.error(new Error("agent down"))) });
    expect(await eventsIn((await post(failing, input())).body!)).toEqual([{ type: "RUN_ERROR", message: "agent down" }]);
    const silent = createAgUiHandler({ run: () => new Observable<BaseEvent>((s) => (s.next({ type: "RUN_STARTED", threadId: "t", runId: "r" } as BaseEvent), s.complete())) });
    expect((await eventsIn((await post(silent, input())).body!)).map((e) => e.type)).toEqual(["RUN_STARTED", "RUN_ERROR"]);
    const throwing = createAgUiHandler({
      run: () => {
        throw new Error("cannot start");
      },
    });
    expect(await eventsIn((await post(throwing, input())).body!)).toEqual([{ type: "RUN_ERROR", message: "cannot start" }]);
  });

  it("the agent gets the request's RunAgentInput as validated, resume included", async () => {
    const seen: unknown[] = [];
    const handler = createAgUiHandler({ run: (i: unknown) => (seen.push(i), new Observable<BaseEvent>((s) => s.complete())) });
    const resume = [{ interruptId: "autogen:input:k", status: "resolved", payload: { a: 1 } }];
    await eventsIn((await post(handler, input({ resume }))).body!);
    expect(seen).toEqual([expect.objectContaining({ threadId: "t", runId: "r", resume, messages: [{ id: "m1", role: "user", content: "hi" }] })]);
  });

  it("neither a run function nor an agent: a TypeError at once", () => {
    expect(() => createAgUiHandler(5 as never)).toThrow(/run function or an agent/);
    expect(() => createAgUiHandler({} as never)).toThrow(TypeError);
  });
});

describe("createAgUiHandler's bounds", { timeout: 30_000 }, () => {
  it("a run function that ignores the signal: the client going away still ends the response at once (RUN_ERROR), not when the run next yields", async () => {
    let stopped = false;
    const handler = createAgUiHandler(async function* () {
      try {
        yield { type: "TextMessage", id: "a1", source: "assistant", content: "thinking", models_usage: null, metadata: {}, created_at: "2025-01-01T00:00:00Z" };
        await new Promise(() => {}); // stalls forever, deaf to the signal
      } finally {
        stopped = true;
      }
    });
    const gone = new AbortController();
    const res = await post(handler, input(), { signal: gone.signal });
    const events = eventsIn(res.body!);
    await new Promise((r) => setTimeout(r, 50));
    gone.abort(new Error("client left"));
    const got = await within(events, 2_000);
    expect(got[0]!.type).toBe("RUN_STARTED");
    expect(got.filter((e) => e.type === "TEXT_MESSAGE_CONTENT")).toMatchObject([{ delta: "thinking" }]);
    expect(got.at(-1)).toMatchObject({ type: "RUN_ERROR", message: "client left" });
    // A generator stalled inside an await cannot run its finally; the stream did not wait for it.
    expect(stopped).toBe(false);
  });

  it("the client's abort still reaches the run after a garbage collection (undici's Request follows its signal weakly)", async () => {
    // A forced GC, exactly where a busy server may run one: after the response is out, before the client leaves.
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const handler = createAgUiHandler(async function* () {
      yield { type: "TextMessage", id: "a1", source: "assistant", content: "thinking", models_usage: null, metadata: {}, created_at: "2025-01-01T00:00:00Z" };
      await new Promise(() => {}); // deaf to the signal
    });
    const gone = new AbortController();
    const res = await post(handler, input(), { signal: gone.signal }); // the Request is held by nothing here
    const events = eventsIn(res.body!);
    await new Promise((r) => setTimeout(r, 20));
    gc();
    await new Promise((r) => setTimeout(r, 10));
    gc();
    gone.abort(new Error("client left"));
    const got = await within(events, 2_000);
    expect(got.at(-1)).toMatchObject({ type: "RUN_ERROR", message: "client left" });
  });

  it("a 6 MB POST gets 413 quickly, read only up to the bound (with or without content-length)", async () => {
    let ran = false;
    const handler = createAgUiHandler(() => ((ran = true), []));
    const big = JSON.stringify({ ...input(), messages: Array.from({ length: 3_000_000 }, () => 0) });
    expect(big.length).toBeGreaterThan(6_000_000);
    const t0 = Date.now();
    const res = await post(handler, JSON.parse(big) as unknown);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "the body is larger than 4194304 bytes" });
    // Streamed with no content-length: the bytes are counted, and the read stops past the bound.
    const bytes = new TextEncoder().encode(big);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (pulled >= bytes.length) return c.close();
        c.enqueue(bytes.subarray(pulled, pulled + 65_536));
        pulled += 65_536;
      },
    });
    const streamed = await handler(new Request("http://127.0.0.1/agent", { method: "POST", body, duplex: "half" } as RequestInit));
    expect(streamed.status).toBe(413);
    expect(pulled).toBeLessThan(4_194_304 + 4 * 65_536);
    expect(Date.now() - t0).toBeLessThan(2_000);
    expect(ran).toBe(false);
  });

  it("maxBodyBytes sets the bound; a body within it is served; a body that is not UTF-8 JSON gets 400", async () => {
    const handler = createAgUiHandler(() => [{ messages: [], stop_reason: "done" }], { maxBodyBytes: 1024 });
    expect((await post(handler, input({ forwardedProps: { pad: "x".repeat(2000) } }))).status).toBe(413);
    const ok = await post(handler, input());
    expect(ok.status).toBe(200);
    expect((await eventsIn(ok.body!)).map((e) => e.type)).toEqual(["RUN_STARTED", "RUN_FINISHED"]);
    const notUtf8 = await handler(new Request("http://127.0.0.1/agent", { method: "POST", body: new Uint8Array([0x7b, 0xff, 0x7d]) }));
    expect([notUtf8.status, await notUtf8.json()]).toEqual([400, { error: "the body is not JSON" }]);
  });
});
