/**
 * Server-Sent Events (the WHATWG HTML "event stream" format, what `EventSource` parses) from a
 * chunked body such as `fetch(…).body`, which unlike `EventSource` can be POSTed to and given
 * headers. `readServerSentEvents` is the parser; `readSSE` loads each event's data as a run item.
 */
import { textChunks, type ChunkSource } from "./lines.js";
import { FrameSyntaxError } from "./errors.js";
import { loadRunItem, type RunItem, type RunItemError, type RunItemOptions } from "./run-items.js";

/**
 * One dispatched event. `event` is the `event:` field, or `"message"` without one (as
 * `EventSource` names it); `lastEventId` is the last `id:` seen so far in the stream (it
 * carries over to later events, as the spec says); `retry` the last valid `retry:` (ms).
 *
 * @example const e: ServerSentEvent = { line: 1, event: "message", data: "{}", lastEventId: "" }
 */
export interface ServerSentEvent {
  /** The 1-based line where the event's first field is. */
  readonly line: number;
  readonly event: string;
  readonly data: string;
  readonly lastEventId: string;
  readonly retry?: number;
}

/** The parser's output: events, and the end of a stream that stopped inside an event. */
type Parsed = ServerSentEvent | (ServerSentEvent & { readonly truncated: true });

// A line ends at CRLF, LF or CR.
const EOL = /\r\n|\r|\n/g;

/**
 * The event stream parser, fed text as it arrives: synchronous, so that a chunk's many lines
 * cost no async hop each (only events leave it).
 */
class EventStreamParser {
  #pending: string[] = []; // pieces of the unfinished line
  #afterCR = false; // the last chunk ended in CR: an LF opening the next one belongs to it
  #line = 0;
  #first = 0; // line of the current event's first field
  #data: string[] = [];
  #type = "";
  #lastEventId = "";
  #retry: number | undefined;

  /** The events the text completes. */
  push(text: string, out: Parsed[]): void {
    let start = this.#afterCR && text.charCodeAt(0) === 10 ? 1 : 0;
    this.#afterCR = false;
    EOL.lastIndex = start;
    for (let m = EOL.exec(text); m !== null; m = EOL.exec(text)) {
      const piece = text.slice(start, m.index);
      if (this.#pending.length === 0) this.#field(piece, out);
      else {
        this.#pending.push(piece);
        this.#field(this.#pending.join(""), out);
        this.#pending = [];
      }
      start = m.index + m[0].length;
      this.#afterCR = m[0] === "\r" && start === text.length;
    }
    if (start < text.length) this.#pending.push(text.slice(start));
  }

  /** The end of the stream: a last line without its end, and an event cut off. */
  end(out: Parsed[]): void {
    if (this.#pending.length > 0) this.#field(this.#pending.join(""), out);
    this.#pending = [];
    if (this.#data.length > 0) out.push({ ...this.#event(), truncated: true as const });
  }

  #event(): ServerSentEvent {
    const retry = this.#retry;
    return { line: this.#first, event: this.#type || "message", data: this.#data.join("\n"), lastEventId: this.#lastEventId, ...(retry !== undefined && { retry }) };
  }

  #field(text: string, out: Parsed[]): void {
    const line = ++this.#line;
    if (text === "") {
      // Dispatch: an event without data lines is dropped, and its type with it.
      if (this.#data.length > 0) out.push(this.#event());
      this.#data = [];
      this.#type = "";
      this.#first = 0;
      return;
    }
    if (text.charCodeAt(0) === 58 /* ":" */) return; // a comment
    if (this.#first === 0) this.#first = line;
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    // The value, without one leading space, sliced once (data lines are long).
    const value = colon === -1 ? "" : text.slice(text.charCodeAt(colon + 1) === 32 /* " " */ ? colon + 2 : colon + 1);
    switch (field) {
      case "event":
        this.#type = value;
        break;
      case "data":
        this.#data.push(value);
        break;
      case "id":
        if (!value.includes("\0")) this.#lastEventId = value;
        break;
      case "retry":
        if (/^[0-9]+$/.test(value)) this.#retry = Number(value);
        break;
      default: // other fields are ignored
    }
  }
}

/** The parsed events, a batch per chunk (one async step per chunk, not per event). */
async function* batches(chunks: ChunkSource): AsyncGenerator<readonly Parsed[]> {
  const parser = new EventStreamParser();
  for await (const text of textChunks(chunks)) {
    const out: Parsed[] = [];
    parser.push(text, out);
    if (out.length > 0) yield out;
  }
  const out: Parsed[] = [];
  parser.end(out);
  yield out;
}

/**
 * The events of a Server-Sent Events stream, parsed as the WHATWG spec says: lines end at
 * CRLF, LF or CR (also when split across chunks), `:` starts a comment, `data:` lines join with
 * `\n`, one space after the colon is dropped, `event:` / `id:` / `retry:` are kept, unknown
 * fields ignored, an event is dispatched at a blank line (never without data), and an event
 * the stream ends inside is not dispatched.
 *
 * @example
 * for await (const e of readServerSentEvents(response.body!)) console.log(e.event, JSON.parse(e.data));
 */
export async function* readServerSentEvents(chunks: ChunkSource): AsyncGenerator<ServerSentEvent> {
  for await (const batch of batches(chunks)) for (const e of batch) if (!("truncated" in e)) yield e;
}

/** The SSE fields of an item of {@link readSSE}: where the event starts and its `event` / `id` / `retry`. @example const f: SSEFields = { line: 1, event: "message", lastEventId: "" } */
export interface SSEFields {
  readonly line: number;
  readonly event: string;
  readonly lastEventId: string;
  readonly retry?: number;
}

/**
 * One event of {@link readSSE}: its SSE fields (`event`, `lastEventId`, `retry`, `line`) and the
 * item its data holds, or the error that data gave.
 *
 * @example if (item.ok && item.event === "result" && item.kind === "TaskResult") done(item.taskResult)
 */
export type SSEItem = (SSEFields & { readonly ok: true } & RunItem) | (SSEFields & { readonly ok: false; readonly error: RunItemError });

/**
 * Reads a run sent as Server-Sent Events (a FastAPI `StreamingResponse` of
 * `media_type="text/event-stream"`, …): each event's data is one JSON frame, loaded as
 * `readMessages` loads a line (messages and events, `TaskResult`, `Response`, AutoGen Studio
 * envelopes, control frames). Yields `{ ok: true, event, lastEventId, line, kind, … }` or
 * `{ ok: false, …, error }`: a `FrameSyntaxError` when the data is not JSON (also for an event
 * the stream ends inside of, which the spec drops), a `MessageValidationError` or
 * `ForeignFrameError` otherwise. A bad event never stops the stream.
 *
 * @example
 * const res = await fetch("/run", { method: "POST", body: JSON.stringify({ task }) });
 * for await (const item of readSSE(res.body!)) {
 *   if (!item.ok) console.warn(`${item.event} event at line ${item.line}: ${item.error.message}`);
 *   else if (item.kind === "message") show(item.message);
 * }
 */
export async function* readSSE(chunks: ChunkSource, options: RunItemOptions = {}): AsyncGenerator<SSEItem> {
  for await (const batch of batches(chunks)) {
    for (const e of batch) {
      const fields: SSEFields = { line: e.line, event: e.event, lastEventId: e.lastEventId, ...(e.retry !== undefined && { retry: e.retry }) };
      if ("truncated" in e) {
        yield { ...fields, ok: false, error: new FrameSyntaxError(`the event at line ${e.line}`, "was cut off: the stream ended before the blank line that ends it") };
        continue;
      }
      let payload: unknown;
      try {
        payload = JSON.parse(e.data);
      } catch (cause) {
        yield { ...fields, ok: false, error: new FrameSyntaxError(`the event at line ${e.line}`, "is not valid JSON", cause) };
        continue;
      }
      yield { ...fields, ...loadRunItem(payload, options) };
    }
  }
}
