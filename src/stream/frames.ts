/**
 * WebSocket-style input: every frame is one whole JSON document (AutoGen's FastAPI sample
 * `send_json(message.model_dump())`, AutoGen Studio's envelopes). Frames come from a
 * WebSocket (browser, Node 22+, the `ws` package), or from any iterable of messages.
 */
import { FrameSyntaxError } from "./errors.js";
import { readerValues } from "./lines.js";
import { loadRunItem, type RunItem, type RunItemError, type RunItemOptions, type RunItemResult } from "./run-items.js";

/** One WebSocket message: text, or bytes (`ArrayBuffer`, a typed array / `Buffer`, a `Blob`). @example const f: Frame = '{"type":"pong"}' */
export type Frame = string | ArrayBuffer | ArrayBufferView | Blob;

/**
 * The part of a WebSocket that {@link readFrames} uses: `message`, `close` and `error` events
 * through `addEventListener` (browsers' and Node's `WebSocket`, the `ws` package's).
 *
 * @example readFrames(new WebSocket("ws://127.0.0.1:8000/ws/chat") satisfies WebSocketLike)
 */
export interface WebSocketLike {
  /** Subscribes to `message` (its `data` is the frame), `close` and `error`. */
  addEventListener(type: "message" | "close" | "error", listener: SocketListener): void;
  /** Unsubscribes (when the reading stops). */
  removeEventListener(type: "message" | "close" | "error", listener: SocketListener): void;
  /** 3 (CLOSED): nothing more will come. */
  readonly readyState?: number;
}

/**
 * A listener as each socket library types it (`MessageEvent`, `CloseEvent`, `ErrorEvent`, …):
 * {@link readFrames} only reads the `data` of `message` events.
 *
 * @example const listener: SocketListener = (e: MessageEvent) => console.log(e.data)
 */
// `any`: each library types its events differently, and only `any` is assignable both ways.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SocketListener = (event: any) => void;

/** Where {@link readFrames} reads frames from. @example readFrames(socket) // or an async iterable of strings */
export type FrameSource = AsyncIterable<Frame> | Iterable<Frame> | ReadableStream<Frame> | WebSocketLike;

/** One frame of {@link readFrames}: its 1-based number and the item or error. @example if (item.ok) console.log(item.frame, item.kind) */
export type FrameItem =
  | ({ readonly ok: true; readonly frame: number } & RunItem)
  | { readonly ok: false; readonly frame: number; readonly error: RunItemError };

const utf8 = /* @__PURE__ */ new TextDecoder("utf-8", { fatal: true });

/** The text of a frame, or null when its bytes are not UTF-8. */
function textOf(data: string | ArrayBuffer | ArrayBufferView): string | null {
  if (typeof data === "string") return data;
  const bytes = ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data);
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

const isBlob = (v: unknown): v is Blob => typeof Blob !== "undefined" && v instanceof Blob;

/**
 * Loads one WebSocket message: parses its JSON and classifies it as `loadRunItem` does (an
 * AutoGen message or event, `TaskResult`, `Response`, AutoGen Studio envelope or control
 * frame). Bytes must be UTF-8 JSON; anything else is a `FrameSyntaxError` item. Never throws.
 * (For a `Blob`, read `await blob.arrayBuffer()` first, or use {@link readFrames}.)
 *
 * @example
 * socket.onmessage = (e) => {
 *   const item = readFrame(e.data);
 *   if (item.ok && item.kind === "message") show(item.message);
 * };
 */
export function readFrame(data: string | ArrayBuffer | ArrayBufferView, options: RunItemOptions = {}): RunItemResult {
  return loadFrame(data, options, "the frame");
}

function loadFrame(data: string | ArrayBuffer | ArrayBufferView, options: RunItemOptions, where: string): RunItemResult {
  const text = textOf(data);
  if (text === null) return { ok: false, error: new FrameSyntaxError(where, "is not UTF-8 text") };
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch (cause) {
    return { ok: false, error: new FrameSyntaxError(where, "is not valid JSON", cause) };
  }
  return loadRunItem(payload, options);
}

function isSocket(source: FrameSource): source is WebSocketLike {
  return !(Symbol.asyncIterator in source) && !(Symbol.iterator in source) && typeof (source as WebSocketLike).addEventListener === "function";
}

/** A WebSocket's messages until it closes; an `error` event ends them with a thrown `Error`. */
async function* socketMessages(socket: WebSocketLike): AsyncGenerator<unknown> {
  const queue: unknown[] = [];
  let head = 0;
  let closed = socket.readyState === 3;
  let failed: unknown = null;
  let wake: (() => void) | null = null;
  const onMessage = (e: { data?: unknown }) => {
    queue.push(e.data);
    wake?.();
  };
  const onClose = () => {
    closed = true;
    wake?.();
  };
  const onError = (e: unknown) => {
    failed = e ?? "error";
    wake?.();
  };
  socket.addEventListener("message", onMessage);
  socket.addEventListener("close", onClose);
  socket.addEventListener("error", onError);
  try {
    for (;;) {
      if (head < queue.length) {
        const data = queue[head];
        queue[head++] = undefined; // let consumed frames be collected
        yield data;
        continue;
      }
      if (failed !== null) throw new Error("the WebSocket failed", { cause: failed });
      if (closed) return;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
  } finally {
    socket.removeEventListener("message", onMessage);
    socket.removeEventListener("close", onClose);
    socket.removeEventListener("error", onError);
  }
}

/** The frames of a source: iterables as they are (no extra async step per frame), sockets and streams adapted. */
function framesOf(source: FrameSource): AsyncIterable<unknown> | Iterable<unknown> {
  if (isSocket(source)) return socketMessages(source);
  if (Symbol.asyncIterator in source || Symbol.iterator in source) return source as AsyncIterable<Frame> | Iterable<Frame>;
  return readerValues(source as ReadableStream<Frame>);
}

/**
 * Reads a run from WebSocket frames, one JSON document each: yields `{ ok: true, frame, kind,
 * … }` per frame (`message`, `TaskResult`, `Response`, `control`), or `{ ok: false, frame, error }`
 * for a frame that is not UTF-8 JSON (`FrameSyntaxError`), invalid AutoGen data
 * (`MessageValidationError`, path from the frame's top) or foreign JSON (`ForeignFrameError`,
 * e.g. an unknown envelope type); the stream goes on after a bad frame. Given a WebSocket it
 * ends when the socket closes (and throws if the socket reports an error); stopping the loop
 * early removes its listeners and leaves the socket open.
 *
 * @example
 * const socket = new WebSocket("ws://127.0.0.1:8081/api/ws/runs/1");
 * for await (const item of readFrames(socket)) {
 *   if (!item.ok) console.warn(`frame ${item.frame}: ${item.error.message}`);
 *   else if (item.kind === "message") show(item.message);
 *   else if (item.kind === "TaskResult") break;
 * }
 */
export async function* readFrames(source: FrameSource, options: RunItemOptions = {}): AsyncGenerator<FrameItem> {
  let frame = 0;
  for await (const data of framesOf(source)) {
    frame++;
    const where = `frame ${frame}`;
    if (typeof data === "string" || data instanceof ArrayBuffer || ArrayBuffer.isView(data)) {
      yield { frame, ...loadFrame(data, options, where) };
    } else if (isBlob(data)) {
      yield { frame, ...loadFrame(await data.arrayBuffer(), options, where) };
    } else {
      yield { frame, ok: false, error: new FrameSyntaxError(where, `is neither text nor bytes (${data === null ? "null" : typeof data})`) };
    }
  }
}
