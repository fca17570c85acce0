/** readFrame / readFrames: WebSocket messages as text, bytes, Blobs; a WebSocket as the source. */
import { describe, expect, it } from "vitest";
import { WebSocket as NodeWebSocket } from "ws";
import { readFrame, readFrames, type FrameItem, type WebSocketLike } from "../../src/stream/index.js";

const msg = JSON.stringify({ type: "TextMessage", source: "a", content: "é" });
const bytes = (s: string) => new TextEncoder().encode(s);

async function collect(it: AsyncIterable<FrameItem>): Promise<FrameItem[]> {
  const out = [];
  for await (const x of it) out.push(x);
  return out;
}
const summary = (items: FrameItem[]) => items.map((i) => (i.ok ? `${i.frame}:${i.kind}` : `${i.frame}:${i.error.message}`));

/** A WebSocket stand-in on an EventTarget (the interface browsers, Node 22 and `ws` share). */
class FakeSocket implements WebSocketLike {
  readonly target = new EventTarget();
  readyState = 1;
  listeners = 0;
  addEventListener(type: "message" | "close" | "error", l: (e: { data?: unknown }) => void) {
    this.listeners++;
    this.target.addEventListener(type, l as EventListener);
  }
  removeEventListener(type: "message" | "close" | "error", l: (e: { data?: unknown }) => void) {
    this.listeners--;
    this.target.removeEventListener(type, l as EventListener);
  }
  dispatchEvent(e: Event) {
    this.target.dispatchEvent(e);
  }
  receive(data: unknown) {
    this.dispatchEvent(Object.assign(new Event("message"), { data }));
  }
}

/** The platform's and the `ws` package's sockets are WebSocketLike as they are (a compile-time check). */
export function typesOnly(url: string): WebSocketLike[] {
  return [new WebSocket(url), new NodeWebSocket(url)];
}

describe("readFrame", () => {
  it("text, ArrayBuffer, a typed array view with an offset, a Node Buffer", () => {
    const padded = bytes(`xx${msg}yy`);
    for (const frame of [msg, bytes(msg).buffer, padded.subarray(2, padded.length - 2), Buffer.from(msg)]) {
      const r = readFrame(frame);
      expect(r.ok && r.kind === "message" && r.message.type === "TextMessage" && r.message.content).toBe("é");
    }
  });

  it("bytes that are not UTF-8, and text that is not JSON, are FrameSyntaxErrors", () => {
    const garbage = readFrame(new Uint8Array([0x7b, 0xc3, 0x28, 0xff]));
    expect(!garbage.ok && [garbage.error.name, garbage.error.message]).toEqual(["FrameSyntaxError", "the frame is not UTF-8 text"]);
    const cut = readFrame(msg.slice(0, 20));
    expect(!cut.ok && cut.error.message).toMatch(/^the frame is not valid JSON: /);
  });
});

describe("readFrames", () => {
  it("numbers frames from 1 and goes on after bad ones; Blobs are read; non-text data is an error", async () => {
    const items = await collect(readFrames([msg, "{oops", new Blob([msg]), 42 as unknown as string, JSON.stringify({ type: "pong" })]));
    expect(summary(items)).toEqual(["1:message", expect.stringMatching(/^2:frame 2 is not valid JSON: /), "3:message", "4:frame 4 is neither text nor bytes (number)", "5:control"]);
  });

  it("reads a ReadableStream of frames", async () => {
    const stream = new ReadableStream<string>({
      start(c) {
        c.enqueue(msg);
        c.close();
      },
    });
    expect(summary(await collect(readFrames(stream)))).toEqual(["1:message"]);
  });

  it("reads a WebSocket until it closes, frames that arrive before and during iteration", async () => {
    const socket = new FakeSocket();
    const reading = collect(readFrames(socket));
    socket.receive(msg);
    await new Promise((r) => setTimeout(r, 5));
    socket.receive(bytes(msg).buffer);
    socket.receive(JSON.stringify({ type: "system", status: "connected" }));
    socket.dispatchEvent(new Event("close"));
    expect(summary(await reading)).toEqual(["1:message", "2:message", "3:control"]);
    expect(socket.listeners).toBe(0);
  });

  it("a socket error ends the iteration with an Error after the frames already received", async () => {
    const socket = new FakeSocket();
    const got: FrameItem[] = [];
    const reading = (async () => {
      for await (const item of readFrames(socket)) got.push(item);
    })();
    socket.receive(msg);
    socket.dispatchEvent(new Event("error"));
    await expect(reading).rejects.toThrow("the WebSocket failed");
    expect(summary(got)).toEqual(["1:message"]);
    expect(socket.listeners).toBe(0);
  });

  it("stopping early removes the listeners; a closed socket yields nothing", async () => {
    const socket = new FakeSocket();
    setTimeout(() => socket.receive(msg), 1);
    for await (const item of readFrames(socket)) {
      expect(item.ok).toBe(true);
      break;
    }
    expect(socket.listeners).toBe(0);
    const closed = Object.assign(new FakeSocket(), { readyState: 3 });
    expect(await collect(readFrames(closed))).toEqual([]);
  });
});
