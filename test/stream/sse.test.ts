/**
 * The Server-Sent Events parser against the WHATWG HTML spec ("Parsing an event stream",
 * "Interpreting an event stream"), including the spec's own examples, and readSSE's items.
 */
import { describe, expect, it } from "vitest";
import { FrameSyntaxError, readSSE, readServerSentEvents, type ServerSentEvent } from "../../src/stream/index.js";

async function events(chunks: (string | Uint8Array)[]): Promise<ServerSentEvent[]> {
  const out = [];
  for await (const e of readServerSentEvents(chunks)) out.push(e);
  return out;
}
const brief = (es: ServerSentEvent[]) => es.map((e) => [e.event, e.data, e.lastEventId]);

/** Every split of `text` into two chunks gives the same events (a frame split anywhere). */
async function splitsAgree(text: string): Promise<ServerSentEvent[]> {
  const whole = await events([text]);
  for (let i = 1; i < text.length; i++) expect(await events([text.slice(0, i), text.slice(i)])).toEqual(whole);
  const bytes = new TextEncoder().encode(text);
  expect(await events([...bytes].map((b) => new Uint8Array([b])))).toEqual(whole);
  return whole;
}

describe("readServerSentEvents (WHATWG event stream)", () => {
  it("the spec's example: comment, multi-line data, two events; data and id", async () => {
    const es = await events([": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n"]);
    // the third event is not dispatched: the stream ends before its blank line
    expect(brief(es)).toEqual([
      ["message", "first event", "1"],
      ["message", "second event", ""],
    ]);
  });

  it("the spec's example: blank data lines dispatch events with empty and newline data", async () => {
    const es = await events(["data\n\ndata\ndata\n\ndata:\n"]);
    expect(es.map((e) => e.data)).toEqual(["", "\n"]);
  });

  it("the spec's example: a space after the colon is dropped once", async () => {
    const es = await events(["data:test\n\ndata: test\n\ndata:  test\n\n"]);
    expect(es.map((e) => e.data)).toEqual(["test", "test", " test"]);
  });

  it("event names reset after each event; id carries over; retry needs digits; unknown fields ignored", async () => {
    const es = await events(["event: add\nid: 7\nretry: 2500\ndata: a\n\nfoo: bar\ndata: b\nretry: soon\n\nid\nevent:\ndata: c\n\n"]);
    expect(es).toEqual([
      { line: 1, event: "add", data: "a", lastEventId: "7", retry: 2500 },
      { line: 6, event: "message", data: "b", lastEventId: "7", retry: 2500 },
      { line: 10, event: "message", data: "c", lastEventId: "", retry: 2500 },
    ]);
  });

  it("an id containing NUL is ignored; an event without data is not dispatched (its type dropped)", async () => {
    const es = await events(["id: 1\ndata: a\n\nid: 2\u0000x\nevent: lost\n\ndata: b\n\n"]);
    expect(brief(es)).toEqual([
      ["message", "a", "1"],
      ["message", "b", "1"],
    ]);
  });

  it("CRLF, LF and CR line ends, also mixed, split anywhere, bytes split inside characters", async () => {
    for (const nl of ["\n", "\r\n", "\r"]) {
      const es = await splitsAgree(`event: é${nl}data: {"a":${nl}data: "🙂"}${nl}${nl}: c${nl}data: 2${nl}${nl}`);
      expect(brief(es)).toEqual([
        ["é", '{"a":\n"🙂"}', ""],
        ["message", "2", ""],
      ]);
    }
    expect(brief(await splitsAgree("data: a\r\rdata: b\n\r\ndata: c\r\n\n"))).toEqual([
      ["message", "a", ""],
      ["message", "b", ""],
      ["message", "c", ""],
    ]);
  });

  it("a byte-order mark at the start is dropped (only there)", async () => {
    const es = await events(["\ufeffdata: a\n\n\ufeffdata: b\n\n"]);
    expect(es.map((e) => e.data)).toEqual(["a"]); // the second line's field name is "\ufeffdata"
  });
});

describe("readSSE", () => {
  const msg = JSON.stringify({ type: "TextMessage", source: "a", content: "hi" });

  it("yields run items with the event's fields; bad events are error items and the stream goes on", async () => {
    const stream = [`event: TextMessage\nid: 1\ndata: ${msg}\n\n`, `data: [DONE]\n\n`, `data: {"messages": [], "stop_reason": "x"}\n\n`, `event: message\ndata: {"type": "Text`].join("");
    const got = [];
    for await (const item of readSSE([stream])) got.push(item);
    expect(got.map((g) => [g.ok, g.line, g.event, g.lastEventId, g.ok ? g.kind : g.error.name])).toEqual([
      [true, 1, "TextMessage", "1", "message"],
      [false, 5, "message", "1", "FrameSyntaxError"],
      [true, 7, "message", "1", "TaskResult"],
      [false, 9, "message", "1", "FrameSyntaxError"],
    ]);
    const [, notJson, , cut] = got;
    expect(!notJson!.ok && notJson!.error.message).toMatch(/^the event at line 5 is not valid JSON: /);
    expect(!cut!.ok && FrameSyntaxError.isInstance(cut!.error) && cut!.error.message).toBe(
      "the event at line 9 was cut off: the stream ended before the blank line that ends it",
    );
  });

  it("reads a web ReadableStream of bytes (a fetch body)", async () => {
    const body = new Response(`data: ${msg}\n\n`).body!;
    const got = [];
    for await (const item of readSSE(body)) got.push(item);
    expect(got.map((g) => g.ok && g.kind === "message" && g.message.source)).toEqual(["a"]);
  });
});
