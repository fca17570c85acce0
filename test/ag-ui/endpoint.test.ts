/**
 * The AG-UI endpoint helpers on web-standard streams: the SSE body @ag-ui/encoder writes, read
 * back by @ag-ui/client's own SSE parser; pull-based reading (back-pressure); cancellation stops
 * the run's items; a failing run ends in RUN_ERROR; createAgUiHandler validates its input.
 */
import { parseSSEStream, type BaseEvent } from "@ag-ui/client";
import { lastValueFrom, Subject, toArray } from "rxjs";
import { describe, expect, it } from "vitest";
import { agUiEventStream, agUiResponse, createAgUiHandler, toAgUiEvents } from "../../src/ag-ui/index.js";
import { agUiRuns } from "../helpers/ag-ui.js";

const run = agUiRuns.find((r) => r.name === "assistant/streaming-tools-reflect/run")!;
const opts = { threadId: "t", runId: "r" };

/** The events in an SSE body, parsed by @ag-ui/client's parser. */
async function eventsIn(body: ReadableStream<Uint8Array>): Promise<BaseEvent[]> {
  const source = new Subject<{ type: "data"; data: Uint8Array } | { type: "headers"; status: number; headers: Headers }>();
  const parsed = lastValueFrom((parseSSEStream(source as never) as unknown as import("rxjs").Observable<unknown>).pipe(toArray()));
  const reader = body.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) source.next({ type: "data", data: r.value });
  source.complete();
  return (await parsed) as BaseEvent[];
}

describe("agUiResponse / agUiEventStream", () => {
  it("an SSE response of the batch translation", async () => {
    const res = agUiResponse(run.items, opts);
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    expect(await eventsIn(res.body!)).toEqual(toAgUiEvents(run.items, opts));
  });

  it("reads the run only as the consumer pulls; cancelling stops it", async () => {
    let read = 0;
    let stopped = false;
    async function* items() {
      try {
        for (const item of run.items) {
          read++;
          yield item;
        }
      } finally {
        stopped = true;
      }
    }
    const reader = agUiEventStream(items(), opts).getReader();
    await reader.read();
    await new Promise((r) => setTimeout(r, 20));
    expect(read).toBeLessThanOrEqual(2);
    await reader.cancel();
    await new Promise((r) => setTimeout(r, 20));
    expect(stopped).toBe(true);
    expect(read).toBeLessThan(run.items.length);
  });

  it("a run that throws, or an abort, ends in RUN_ERROR", async () => {
    async function* failing() {
      yield run.items[0]!;
      throw new Error("backend down");
    }
    const events = await eventsIn(agUiEventStream(failing(), opts));
    expect(events.at(-1)).toEqual({ type: "RUN_ERROR", message: "backend down", code: "Error" });
    const abort = new AbortController();
    abort.abort(new Error("client left"));
    expect((await eventsIn(agUiEventStream(run.items, { ...opts, signal: abort.signal }))).map((e) => e.type)).toEqual(["RUN_STARTED", "RUN_ERROR"]);
  });
});

describe("createAgUiHandler", () => {
  const handler = createAgUiHandler(({ task }) => [...task.map((m) => ({ ...m })), { messages: [], stop_reason: "done" }]);
  const post = (body: unknown) => handler(new Request("http://127.0.0.1/agent", { method: "POST", body: JSON.stringify(body) }));

  it("hands the AG-UI messages to the run as its AutoGen task, and does not echo them", async () => {
    const res = await post({ threadId: "t", runId: "r", messages: [{ id: "m1", role: "user", content: "hi" }], tools: [], context: [] });
    expect(await eventsIn(res.body!)).toEqual([
      { type: "RUN_STARTED", threadId: "t", runId: "r", protocolVersion: "1.0" },
      { type: "RUN_FINISHED", threadId: "t", runId: "r", result: { stop_reason: "done" } },
    ]);
  });

  it("400 for an invalid RunAgentInput or an unknown role; 405 for GET", async () => {
    expect((await post({ threadId: "t" })).status).toBe(400);
    const bad = await post({ threadId: "t", runId: "r", messages: [{ id: "m", role: "user", content: 5 }], tools: [], context: [] });
    expect([bad.status, ((await bad.json()) as { error: string }).error]).toEqual([400, expect.stringMatching(/^invalid RunAgentInput: messages\.0/)]);
    expect((await handler(new Request("http://127.0.0.1/agent"))).status).toBe(405);
  });
});
