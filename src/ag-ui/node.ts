/**
 * A web-standard handler, `(request: Request) => Promise<Response>`, served by Node's `http`
 * server: `createServer(toNodeListener(handler))`. Node's request and response are typed
 * structurally (no `node:` import: the subpath stays loadable in browsers and edge workers); the
 * bodies go through `globalThis` `Request` / `Response` / `ReadableStream`.
 */

/** The part of Node's `IncomingMessage` the adapter reads. @example const req: NodeRequestLike = incomingMessage */
export interface NodeRequestLike extends AsyncIterable<Uint8Array | string> {
  readonly method?: string;
  readonly url?: string;
  readonly headers: Record<string, string | string[] | undefined>;
}

/** The part of Node's `ServerResponse` the adapter writes. @example const res: NodeResponseLike = serverResponse */
export interface NodeResponseLike {
  /** Sends the status line and headers. */
  writeHead(status: number, headers: Record<string, string | string[]>): unknown;
  /** False when the socket's buffer is full: the adapter waits for `drain`. */
  write(chunk: Uint8Array): boolean;
  /** Ends the response. */
  end(chunk?: string): unknown;
  /** Drops the connection (a client that stopped reading, a failed body). */
  destroy(error?: Error): unknown;
  /** Listens for `drain` (room in the buffer again), `close` (the client went away) and `error`. */
  on(event: "drain" | "close" | "error", listener: (...args: unknown[]) => void): unknown;
  /** Stops listening. */
  off(event: "drain" | "close" | "error", listener: (...args: unknown[]) => void): unknown;
  readonly headersSent: boolean;
  readonly writableFinished: boolean;
}

/** Options of {@link toNodeListener}. @example toNodeListener(handler, { drainTimeoutMs: 30_000 }) */
export interface NodeListenerOptions {
  /**
   * A client that takes no bytes for this long while the socket's buffer is full (it stopped
   * reading) has its response destroyed and the handler's body cancelled. Default 60,000.
   */
  readonly drainTimeoutMs?: number;
}

const noop = () => {};

function headersOf(req: NodeRequestLike): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith(":") || value === undefined) continue; // HTTP/2 pseudo-headers
    try {
      if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      else headers.set(name, value);
    } catch {
      // a header the Fetch API refuses: dropped
    }
  }
  return headers;
}

function urlOf(req: NodeRequestLike): string {
  const host = typeof req.headers.host === "string" ? req.headers.host : "localhost";
  try {
    return new URL(req.url ?? "/", `http://${host}`).href;
  } catch {
    return new URL(req.url?.startsWith("/") ? req.url : "/", "http://localhost").href;
  }
}

/** The request body as a byte stream, read from Node only as the handler pulls. */
function bodyOf(req: NodeRequestLike): ReadableStream<Uint8Array> {
  const it = req[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const r = await it.next();
      if (r.done) controller.close();
      else controller.enqueue(typeof r.value === "string" ? encoder.encode(r.value) : r.value);
    },
    async cancel() {
      await it.return?.();
    },
  });
}

function responseHeaders(response: Response): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") out[name] = value;
  });
  const cookies = typeof response.headers.getSetCookie === "function" ? response.headers.getSetCookie() : [];
  if (cookies.length > 0) out["set-cookie"] = cookies;
  return out;
}

/**
 * A Node `http` request listener serving `handler`: Node's request becomes a `Request` (its
 * body streamed, its `signal` aborted when the client goes away), the `Response` is written back
 * with backpressure (the next chunk is read from the body only once the socket took the last
 * one). The client going away — while the handler runs, while a chunk is awaited, or while
 * waiting for `drain` — cancels the response body at once; a client that stops reading is cut
 * off after `drainTimeoutMs`. A handler that throws gets a 500 (its error is not shown).
 *
 * @example
 * import { createServer } from "node:http";
 * createServer(toNodeListener(createAgUiHandler(agent))).listen(8001, "127.0.0.1");
 */
export function toNodeListener(handler: (request: Request) => Response | Promise<Response>, options: NodeListenerOptions = {}): (req: NodeRequestLike, res: NodeResponseLike) => void {
  const drainMs = typeof options.drainTimeoutMs === "number" && options.drainTimeoutMs > 0 ? options.drainTimeoutMs : 60_000;
  return (req, res) => void serve(handler, req, res, drainMs);
}

async function serve(handler: (request: Request) => Response | Promise<Response>, req: NodeRequestLike, res: NodeResponseLike, drainMs: number): Promise<void> {
  const controller = new AbortController();
  // Resolves when the client is gone (the response closed before it finished).
  let goneNow = noop;
  const gone = new Promise<void>((resolve) => (goneNow = resolve));
  const onClose = () => {
    if (res.writableFinished) return;
    controller.abort(new Error("the client went away"));
    goneNow();
  };
  res.on("close", onClose);
  // A write to a socket that just closed reports an error: not an uncaught exception.
  res.on("error", noop);
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  try {
    const method = (req.method ?? "GET").toUpperCase();
    const request = new Request(urlOf(req), {
      method,
      headers: headersOf(req),
      signal: controller.signal,
      ...(method !== "GET" && method !== "HEAD" && { body: bodyOf(req), duplex: "half" }),
    } as RequestInit);
    let response: Response;
    try {
      response = await handler(request);
    } catch {
      if (!res.headersSent && !controller.signal.aborted) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: "internal error" }));
      }
      return;
    }
    if (controller.signal.aborted) {
      await response.body?.cancel().catch(noop);
      return;
    }
    res.writeHead(response.status, responseHeaders(response));
    if (!response.body) {
      res.end();
      return;
    }
    reader = response.body.getReader();
    const left = gone.then(() => null);
    for (;;) {
      const r = await Promise.race([reader.read(), left]);
      if (r === null || r.done) break;
      if (res.write(r.value)) continue;
      // Backpressure: wait for the socket, the client leaving, or the bound.
      let onDrain = noop;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const drained = await Promise.race([
        new Promise<boolean>((resolve) => {
          onDrain = () => resolve(true);
          res.on("drain", onDrain);
          timer = setTimeout(() => resolve(false), drainMs);
        }),
        gone.then(() => false),
      ]);
      res.off("drain", onDrain);
      clearTimeout(timer);
      if (!drained) {
        if (!controller.signal.aborted) controller.abort(new Error(`the client took nothing for ${drainMs} ms`));
        res.destroy();
        break;
      }
    }
    if (controller.signal.aborted) await reader.cancel(controller.signal.reason).catch(noop);
    else res.end();
  } catch {
    // A request Node gave that the Fetch API refuses, or a failing body: the connection is dropped.
    if (reader) await reader.cancel().catch(noop);
    if (!res.headersSent) {
      try {
        res.writeHead(400, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: "bad request" }));
      } catch {
        res.destroy();
      }
    } else res.destroy();
  } finally {
    res.off("close", onClose);
    // The error listener stays: a late socket error must not crash the process.
  }
}
