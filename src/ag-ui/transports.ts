/**
 * How {@link AutoGenAgent} reaches an AutoGen back end: one connection per run, whose items come
 * from the `./stream` readers, and a way to send a human's reply back on the same connection.
 * Web-standard APIs only (`fetch`, `WebSocket`); a `WebSocket` class can be passed where there is
 * no global one (Node 20: the `ws` package).
 */
import type { RunAgentInput } from "@ag-ui/core";
import { dump } from "../dump.js";
import type { AgentMessage } from "../kinds.js";
import type { MessageRegistry } from "../registry.js";
import { readFrames, type SocketListener, type WebSocketLike } from "../stream/frames.js";
import { readMessages } from "../stream/jsonl.js";
import { readSSE } from "../stream/sse.js";
import { AutoGenBackendError } from "./errors.js";
import type { AutoGenRunItem } from "./items.js";

/** What a transport gets for one run. @example transport.open({ input, task, signal }) */
export interface AutoGenRunStart {
  /** The AG-UI request. */
  readonly input: RunAgentInput;
  /** Its messages as AutoGen messages (`fromAgUiMessages`). */
  readonly task: AgentMessage[];
  /** Aborted by `abortRun()` or when the subscriber goes away, unless the run paused (the connection then outlives it). */
  readonly signal: AbortSignal;
  /** The registry the readers load with. */
  readonly registry?: MessageRegistry;
}

/** One open run on a back end. @example for await (const item of connection.items) handle(item) */
export interface AutoGenConnection {
  /** The run's items, as the `./stream` readers yield them. */
  readonly items: AsyncIterable<AutoGenRunItem>;
  /**
   * Which items ask a human for input: `"event"` (a `UserInputRequestedEvent`, AutoGen's FastAPI
   * sample), `"control"` (AutoGen Studio's `input_request` frame), or `"none"`.
   */
  readonly inputRequests: "event" | "control" | "none";
  /** Sends a human's reply to an input request, on the same connection. */
  reply(text: string): void | Promise<void>;
  /** Closes the connection; `cancelled` when the run was aborted (Studio is told to stop). */
  close(cancelled: boolean): void;
}

/** Opens a run on a back end. @example const agent = new AutoGenAgent({ transport: sseTransport("http://127.0.0.1:8000/run") }) */
export interface AutoGenTransport {
  /** The back end's URL, named in errors (shown without credentials or query). */
  readonly url?: string;
  /** Starts one run on the back end; rejects when it cannot (the run then ends in `RUN_ERROR`). */
  open(start: AutoGenRunStart): Promise<AutoGenConnection>;
}

/** A `WebSocket` class: the global one (browsers, Node 22+), or the `ws` package's. @example const C: WebSocketClass = WebSocket */
export type WebSocketClass = new (url: string) => TransportSocket;

/** The socket API the transports use: `readFrames`' part, `open`, `send` and `close`. @example const s: TransportSocket = new WebSocket(url) */
export interface TransportSocket extends WebSocketLike {
  /** Also `open` (the transports wait for it before sending the task). */
  addEventListener(type: "open" | "message" | "close" | "error", listener: SocketListener): void;
  /** Unsubscribes. */
  removeEventListener(type: "open" | "message" | "close" | "error", listener: SocketListener): void;
  /** Sends one text frame. */
  send(data: string): void;
  /** Closes the socket. */
  close(code?: number, reason?: string): void;
  /** 1 (OPEN) while frames can be sent. */
  readonly readyState: number;
}

/** Options of the WebSocket transports. @example fastApiWebSocket("ws://127.0.0.1:8002/ws/chat", { WebSocket }) */
export interface WebSocketTransportOptions {
  /** The `WebSocket` class. Default: the global `WebSocket`. */
  readonly WebSocket?: WebSocketClass;
}

function socketClass(options: WebSocketTransportOptions): WebSocketClass {
  const C = options.WebSocket ?? (globalThis as { WebSocket?: WebSocketClass }).WebSocket;
  if (!C) throw new Error("no WebSocket class: pass { WebSocket } (e.g. the ws package's) where there is no global one");
  return C;
}

const noop = () => {};

/** How long a closing socket waits for the back end's close frame before it is dropped (`terminate`, where the class has it). */
const CLOSE_GRACE_MS = 1_000;

/**
 * Closes a socket with 1000 (normal closure), whatever state it is in, never throwing. The `ws`
 * package then waits up to 30 s for the back end's close frame, which a stalled back end never
 * sends, and its socket keeps the process alive that long: after {@link CLOSE_GRACE_MS} it is
 * terminated (browsers' sockets hold nothing, and have no `terminate`).
 */
function closeSocket(socket: TransportSocket): void {
  try {
    socket.close(1000);
  } catch {
    // already closed
  }
  const terminate = (socket as { terminate?: unknown }).terminate;
  if (typeof terminate !== "function" || socket.readyState === 3) return;
  const grace = setTimeout(() => {
    try {
      (terminate as () => void).call(socket);
    } catch {
      // gone already
    }
  }, CLOSE_GRACE_MS);
  (grace as { unref?: () => void }).unref?.();
  socket.addEventListener("close", () => clearTimeout(grace));
}

/**
 * A connected socket, or an `AutoGenBackendError` when it fails or closes first, or the signal
 * fires. An error listener stays on the socket for its whole life: a socket closed while still
 * connecting reports an `error` (the `ws` package throws one with no listener), which must not
 * become an uncaught exception.
 */
function connect(C: WebSocketClass, url: string, signal: AbortSignal): Promise<TransportSocket> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    let socket: TransportSocket;
    try {
      socket = new C(url);
    } catch (e) {
      return reject(new AutoGenBackendError("CONNECT_FAILED", `could not connect: ${e instanceof Error ? e.message : String(e)}`, url, { cause: e }));
    }
    socket.addEventListener("error", noop);
    const done = (error?: unknown) => {
      socket.removeEventListener("open", onOpen);
      socket.removeEventListener("error", onError);
      socket.removeEventListener("close", onClose);
      signal.removeEventListener("abort", onAbort);
      if (error !== undefined) {
        reject(error);
        closeSocket(socket);
      } else resolve(socket);
    };
    const onOpen = () => done();
    const onError = () => done(new AutoGenBackendError("CONNECT_FAILED", "could not connect", url));
    const onClose = () => done(new AutoGenBackendError("CONNECT_FAILED", "the connection closed before it opened", url));
    const onAbort = () => done(signal.reason ?? new Error("aborted"));
    socket.addEventListener("open", onOpen);
    socket.addEventListener("error", onError);
    socket.addEventListener("close", onClose);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** The last message of the task: what a chat back end is asked. */
function lastMessage(task: readonly AgentMessage[]): AgentMessage {
  const m = task[task.length - 1];
  if (!m) throw new Error("the AG-UI input has no message to send as the task");
  return m;
}

/** The text of a task message, for back ends that take a string. */
const textOf = (m: AgentMessage): string => (typeof (m as { content?: unknown }).content === "string" ? (m as { content: string }).content : JSON.stringify((m as { content?: unknown }).content));

/**
 * AutoGen's FastAPI WebSocket sample (`python/samples/agentchat_fastapi/app_team.py`): the task is
 * the last AG-UI message sent as a `TextMessage`; each item comes back as one frame; a human's
 * reply to a `UserInputRequestedEvent` is a `TextMessage` on the same socket; `{type: "error",
 * content}` is the run's error. The sample skips the `TaskResult`: send it (`send_json` it
 * instead of `continue`) so that the run can end in `RUN_FINISHED`; a socket that closes first
 * ends it in `RUN_ERROR`.
 *
 * @example new AutoGenAgent({ transport: fastApiWebSocket("ws://127.0.0.1:8002/ws/chat") })
 */
export function fastApiWebSocket(url: string, options: WebSocketTransportOptions & { readonly source?: string } = {}): AutoGenTransport {
  return {
    url,
    async open({ task, signal, registry }) {
      const m = lastMessage(task);
      const socket = await connect(socketClass(options), url, signal);
      const send = m.type === "TextMessage" ? m : { ...m, type: "TextMessage", content: textOf(m) };
      socket.send(JSON.stringify(dump(send)));
      return {
        items: readFrames(socket, registry ? { registry } : {}),
        inputRequests: "event",
        reply: (text) => socket.send(JSON.stringify({ type: "TextMessage", source: options.source ?? "user", content: text })),
        close: () => closeSocket(socket),
      };
    },
  };
}

/**
 * AutoGen Studio's run WebSocket (`/api/ws/runs/{run_id}`): `{type: "start", task, team_config}`
 * starts the run (task: the last AG-UI message's text, or `task(messages)`); items come in
 * Studio's envelopes; a human's reply to an `input_request` frame is `{type: "input_response",
 * response}`; an aborted run sends `{type: "stop"}`.
 *
 * @example new AutoGenAgent({ transport: studioWebSocket(`ws://127.0.0.1:8081/api/ws/runs/${runId}`, { teamConfig }) })
 */
export function studioWebSocket(
  url: string,
  options: WebSocketTransportOptions & { readonly teamConfig: unknown; readonly task?: (task: AgentMessage[]) => unknown },
): AutoGenTransport {
  return {
    url,
    async open({ task, signal, registry }) {
      const payload = options.task ? options.task(task) : textOf(lastMessage(task));
      const socket = await connect(socketClass(options), url, signal);
      socket.send(JSON.stringify({ type: "start", task: payload, team_config: options.teamConfig }));
      return {
        items: readFrames(socket, registry ? { registry } : {}),
        inputRequests: "control",
        reply: (text) => socket.send(JSON.stringify({ type: "input_response", response: text })),
        close: (cancelled) => {
          if (cancelled && socket.readyState === 1) {
            try {
              socket.send(JSON.stringify({ type: "stop", reason: "cancelled by the AG-UI client" }));
            } catch {
              // closing anyway
            }
          }
          closeSocket(socket);
        },
      };
    },
  };
}

/** Options of the HTTP transports. @example sseTransport(url, { headers: { authorization: `Bearer ${token}` } }) */
export interface HttpTransportOptions {
  /** Extra request headers. */
  readonly headers?: Record<string, string>;
  /** The JSON body POSTed. Default `{ task: <the AutoGen task messages, dumped> }`. */
  readonly body?: (start: AutoGenRunStart) => unknown;
  /** `fetch` to use. Default: the global one. */
  readonly fetch?: typeof fetch;
  /**
   * Sends a human's reply (HTTP responses are one-way): e.g. a POST to the back end's input
   * endpoint. Without it, input requests are only shown (as `CUSTOM` events).
   */
  readonly reply?: (text: string, start: AutoGenRunStart) => void | Promise<void>;
}

/** The bytes of `body` unchanged, erroring on the first byte sequence that is not UTF-8 (never U+FFFD). */
function strictUtf8(body: ReadableStream<Uint8Array>, url: string): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const bad = () => new AutoGenBackendError("INVALID_UTF8", "the back end sent bytes that are not UTF-8", url);
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        try {
          decoder.decode(chunk, { stream: true });
        } catch {
          return controller.error(bad());
        }
        controller.enqueue(chunk);
      },
      flush(controller) {
        try {
          decoder.decode();
        } catch {
          controller.error(bad());
        }
      },
    }),
  );
}

/** Content types that are not a run (an error page, a login form). */
const NOT_A_RUN = /^\s*(text\/html|application\/xhtml)/i;

function httpTransport(url: string, options: HttpTransportOptions, accept: string, read: typeof readSSE | typeof readMessages): AutoGenTransport {
  return {
    url,
    async open(start) {
      const controller = new AbortController();
      const abort = () => controller.abort(start.signal.reason);
      if (start.signal.aborted) throw start.signal.reason;
      start.signal.addEventListener("abort", abort, { once: true });
      const fail = (error: AutoGenBackendError): never => {
        start.signal.removeEventListener("abort", abort);
        controller.abort();
        throw error;
      };
      const body = options.body ? options.body(start) : { task: start.task.map((m) => dump(m)) };
      let response: Response;
      try {
        response = await (options.fetch ?? fetch)(url, {
          method: "POST",
          headers: { "content-type": "application/json", accept, ...options.headers },
          body: JSON.stringify(body),
          signal: controller.signal,
          // A redirect would turn the POST of the task into a GET without it: an error, never followed.
          redirect: "manual",
        });
      } catch (e) {
        if (start.signal.aborted) {
          start.signal.removeEventListener("abort", abort);
          throw start.signal.reason;
        }
        return fail(new AutoGenBackendError("CONNECT_FAILED", `could not reach the back end: ${e instanceof Error ? e.message : String(e)}`, url, { cause: e }));
      }
      if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
        return fail(new AutoGenBackendError("REDIRECT", `the back end answered with a redirect (HTTP ${response.status || 3}xx), which is not followed`, url));
      }
      if (!response.ok || !response.body) return fail(new AutoGenBackendError("HTTP_STATUS", `the back end answered HTTP ${response.status}`, url));
      const type = response.headers.get("content-type") ?? "";
      if (NOT_A_RUN.test(type)) return fail(new AutoGenBackendError("NOT_A_RUN", `the back end answered ${type.split(";")[0]}, not a run`, url));
      const reply = options.reply;
      return {
        items: read(strictUtf8(response.body, url), start.registry ? { registry: start.registry } : {}) as AsyncIterable<AutoGenRunItem>,
        inputRequests: reply ? "event" : "none",
        reply: (text) => reply?.(text, start),
        close: () => {
          start.signal.removeEventListener("abort", abort);
          controller.abort();
        },
      };
    },
  };
}

/**
 * An AutoGen run streamed as Server-Sent Events over HTTP (a FastAPI `StreamingResponse` of
 * `text/event-stream`): the task is POSTed, each event's data is one item (`readSSE`).
 *
 * @example new AutoGenAgent({ transport: sseTransport("http://127.0.0.1:8000/run/sse") })
 */
export function sseTransport(url: string, options: HttpTransportOptions = {}): AutoGenTransport {
  return httpTransport(url, options, "text/event-stream", readSSE);
}

/**
 * An AutoGen run streamed as JSON Lines over HTTP (`application/x-ndjson`): the task is POSTed,
 * each line is one item (`readMessages`).
 *
 * @example new AutoGenAgent({ transport: jsonLinesTransport("http://127.0.0.1:8000/run.jsonl") })
 */
export function jsonLinesTransport(url: string, options: HttpTransportOptions = {}): AutoGenTransport {
  return httpTransport(url, options, "application/x-ndjson", readMessages);
}
