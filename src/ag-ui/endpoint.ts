/**
 * Serving an AutoGen run as AG-UI: the translated events encoded by `@ag-ui/encoder` (Server-Sent
 * Events, or AG-UI's protobuf framing when the client asks for it), on web-standard `Request` /
 * `Response` / `ReadableStream`, so one handler runs in Node 20+, Deno, Bun and edge workers.
 * Pull-based: an item is read from the run only when the client has taken the previous events.
 */
import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { RunAgentInputSchema } from "@ag-ui/core/schemas";
import { EventEncoder } from "@ag-ui/encoder";
import type { AgentMessage } from "../kinds.js";
import type { MessageRegistry } from "../registry.js";
import { ABORTED, orAbort } from "./abort.js";
import { fromAgUiMessages } from "./from-messages.js";
import type { AutoGenRunItem } from "./items.js";
import { DEFAULT_MAX_BODY_BYTES, readJsonBody } from "./request-body.js";
import { createAgUiTranslator, type AgUiTranslateOptions } from "./translator.js";
import { startRecording, tracedItems, type AgUiRunTracer } from "./tracing.js";

/** Items of a run, as they come. @example const items: RunItems = readSSE(response.body!) */
export type RunItems = AsyncIterable<AutoGenRunItem> | Iterable<AutoGenRunItem>;

/** Options of {@link agUiEventStream} and {@link agUiResponse}. @example agUiResponse(items, { threadId, runId, accept: request.headers.get("accept") ?? undefined }) */
export interface AgUiStreamOptions extends AgUiTranslateOptions {
  /** The request's `Accept` header: AG-UI's protobuf media type there selects the binary encoding. Default: SSE. */
  readonly accept?: string;
  /** Aborting it ends the run with `RUN_ERROR` and stops reading the items. */
  readonly signal?: AbortSignal;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));


/**
 * The AG-UI events of a run, encoded for the wire (`@ag-ui/encoder`): a byte stream that reads
 * `items` only as fast as the consumer takes the events. An error thrown by `items` (or a bad
 * item) ends the stream with `RUN_ERROR`; cancelling the stream stops `items` (its `return()`).
 *
 * @example const body = agUiEventStream(readSSE(upstream.body!), { threadId: "t", runId: "r" })
 */
export function agUiEventStream(items: RunItems, options: AgUiStreamOptions): ReadableStream<Uint8Array> {
  const encoder = new EventEncoder(options.accept === undefined ? undefined : { accept: options.accept });
  const translator = createAgUiTranslator(options);
  let iterator: AsyncIterator<AutoGenRunItem> | Iterator<AutoGenRunItem> | null = null;
  let done = false;
  const signal = options.signal;
  const emit = (controller: ReadableStreamDefaultController<Uint8Array>, events: readonly BaseEvent[]) => {
    for (const e of events) controller.enqueue(encoder.encodeBinary(e));
  };
  const stop = () => {
    done = true;
    const it = iterator;
    iterator = null;
    // Stops a generator (and what it holds open: a socket, a fetch body).
    void Promise.resolve()
      .then(() => it?.return?.())
      .catch(() => {});
  };
  return new ReadableStream<Uint8Array>(
    {
      start() {
        iterator = Symbol.asyncIterator in items ? (items as AsyncIterable<AutoGenRunItem>)[Symbol.asyncIterator]() : (items as Iterable<AutoGenRunItem>)[Symbol.iterator]();
      },
      async pull(controller) {
        if (done) return;
        try {
          if (signal?.aborted) throw signal.reason ?? new Error("aborted");
          // A run that ignores the signal does not hold the stream: the abort ends it at once.
          const next = await orAbort(Promise.resolve(iterator!.next()), signal);
          if (done) return; // cancelled meanwhile
          if (next === ABORTED || signal?.aborted) throw signal?.reason ?? new Error("aborted");
          if (next.done) {
            emit(controller, translator.end());
            done = true;
            controller.close();
            return;
          }
          emit(controller, translator.push(next.value));
          if (translator.ended) {
            stop();
            controller.close();
          }
        } catch (e) {
          if (done) return;
          emit(controller, translator.fail(messageOf(e), e instanceof Error ? e.name : undefined));
          stop();
          controller.close();
        }
      },
      cancel() {
        stop();
      },
    },
    { highWaterMark: 1 },
  );
}

/**
 * A `Response` streaming the AG-UI events of a run ({@link agUiEventStream}), with the encoder's
 * content type (`text/event-stream` unless the client accepts AG-UI's protobuf) and no caching.
 *
 * @example return agUiResponse(runTeam(task), { threadId: input.threadId, runId: input.runId })
 */
export function agUiResponse(items: RunItems, options: AgUiStreamOptions): Response {
  const encoder = new EventEncoder(options.accept === undefined ? undefined : { accept: options.accept });
  return new Response(agUiEventStream(items, options), {
    headers: { "content-type": encoder.getContentType(), "cache-control": "no-cache", connection: "keep-alive" },
  });
}

/** What an {@link createAgUiHandler} run function gets. @example const run = ({ task, signal }: AgUiRunRequest) => readSSE(await fetch(url, { method: "POST", body: JSON.stringify(task), signal }).then((r) => r.body!)) */
export interface AgUiRunRequest {
  /** The AG-UI request, validated with `@ag-ui/core`'s `RunAgentInputSchema`. */
  readonly input: RunAgentInput;
  /** Its messages as AutoGen messages ({@link fromAgUiMessages}): the task. */
  readonly task: AgentMessage[];
  /** Aborted when the client goes away. */
  readonly signal: AbortSignal;
}

/**
 * What {@link createAgUiHandler} serves besides a run function: an AG-UI agent, duck-typed as
 * `run(input)` returning an observable of events (an `AbstractAgent` of `@ag-ui/client`, e.g. an
 * `AutoGenAgent`, or any rxjs `Observable`).
 *
 * @example const served: AgUiAgentLike = new AutoGenAgent({ transport })
 */
export interface AgUiAgentLike {
  /** Starts a run of `input`: an Observable of its AG-UI events (what `AbstractAgent.run` returns). */
  run(input: RunAgentInput): {
    /** Streams the run's events to `observer`. */
    subscribe(observer: { next(event: BaseEvent): void; error(error: unknown): void; complete(): void }): {
      /** Stops the run (the client went away). */
      unsubscribe(): void;
    };
  };
}

/** Options of {@link createAgUiHandler}. @example createAgUiHandler(run, { userSources: ["human"], maxBodyBytes: 1_048_576 }) */
export interface AgUiHandlerOptions {
  /** Sources whose messages a human wrote, besides `"user"` (see {@link AgUiTranslateOptions}); a run function's only. */
  readonly userSources?: Iterable<string>;
  /** The registry for custom kinds. Default `defaultRegistry`. */
  readonly registry?: MessageRegistry;
  /**
   * A POSTed body larger than this gets a 413, read no further (the bytes are counted as they
   * come, before any JSON parse). Default 4,194,304 (4 MiB).
   */
  readonly maxBodyBytes?: number;
  /**
   * Traces every run of a run function as it streams: e.g. `({ threadId }) => createRunTracer({ tracer, conversationId: threadId })`
   * of `agentchat-messages/otel`. A served agent traces its own runs: give an `AutoGenAgent` its `tracer` option.
   */
  readonly tracer?: AgUiRunTracer;
}

const jsonError = (status: number, error: string) => new Response(JSON.stringify({ error }), { status, headers: { "content-type": "application/json" } });

/** Events an agent's stream holds for a client that does not read, before it ends the run. */
const MAX_QUEUED = 10_000;

const isAgent = (v: unknown): v is AgUiAgentLike => typeof v === "object" && v !== null && typeof (v as { run?: unknown }).run === "function";

/**
 * The events of one run of `agent`, encoded: subscribed when the stream starts, unsubscribed
 * when the client cancels the stream or `signal` fires (the stream then ends at once, whatever
 * the run does). A run that errors, or completes without `RUN_FINISHED` / `RUN_ERROR`, ends the
 * stream with `RUN_ERROR`.
 */
function agentEventStream(agent: AgUiAgentLike, input: RunAgentInput, encoder: EventEncoder, signal: AbortSignal): ReadableStream<Uint8Array> {
  let subscription: { unsubscribe(): void } | null = null;
  let done = false;
  let ended = false; // a RUN_FINISHED or RUN_ERROR was sent
  let unsubscribeOnStart = false;
  const stop = () => {
    done = true;
    signal.removeEventListener("abort", onAbort);
    const s = subscription;
    subscription = null;
    if (s) s.unsubscribe();
    else unsubscribeOnStart = true;
  };
  let onAbort = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const finish = (error?: unknown) => {
        if (done) return;
        if (!ended) controller.enqueue(encoder.encodeBinary({ type: "RUN_ERROR", message: error === undefined ? "the agent's run ended without RUN_FINISHED" : messageOf(error) } as BaseEvent));
        stop();
        controller.close();
      };
      onAbort = () => finish(signal.reason ?? new Error("the client went away"));
      if (signal.aborted) return onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      try {
        const s = agent.run(input).subscribe({
          next(event) {
            if (done) return;
            // An observable cannot be paused: a client that takes nothing while the run goes on is
            // let go of once MAX_QUEUED events wait, rather than buffering without a bound.
            if ((controller.desiredSize ?? 0) < -MAX_QUEUED) return finish(new Error(`the client took none of the last ${MAX_QUEUED} events`));
            controller.enqueue(encoder.encodeBinary(event));
            if (event.type === "RUN_FINISHED" || event.type === "RUN_ERROR") ended = true;
          },
          error: (e) => finish(e),
          complete: () => finish(),
        });
        if (unsubscribeOnStart) s.unsubscribe();
        else if (!done) subscription = s;
      } catch (e) {
        finish(e);
      }
    },
    cancel() {
      stop();
    },
  });
}

/**
 * An AG-UI endpoint, `(request: Request) => Promise<Response>` (a fetch handler: Node 20+ through
 * `toNodeListener`, Deno, Bun, edge workers): reads the POSTed `RunAgentInput` (at most
 * `maxBodyBytes`: 413 beyond) and validates it (400 naming the path), then serves either
 *
 * - an **agent** (`AutoGenAgent`, any `AbstractAgent`): each request runs `agent.run(input)`, the
 *   request's input as it came (`resume` included), and streams its events. One agent serves
 *   every request: `AutoGenAgent`'s paused back-end connections are keyed by thread, so a
 *   connection paused at an interrupt outlives the HTTP request that ended with it, and the next
 *   request's `resume` goes on with it;
 * - or a **run function**: it gets the input's messages as an AutoGen task and returns the run's
 *   items, streamed back as AG-UI events (the task messages the front end sent are not echoed).
 *
 * The client going away (the request's signal, or the response body cancelled) ends the run:
 * the agent's run is unsubscribed (an `AutoGenAgent` closes its connection), a run function's
 * signal is aborted and its items stopped, at once even when the run ignores it.
 * Any AG-UI client (`HttpAgent` of `@ag-ui/client`, CopilotKit) can connect to it.
 *
 * @example
 * const agent = new AutoGenAgent({ transport: fastApiWebSocket("ws://127.0.0.1:8002/ws/chat", { WebSocket }) });
 * const handler = createAgUiHandler(agent);
 * export default { fetch: handler }; // an edge worker; Node: createServer(toNodeListener(handler))
 *
 * @example
 * const handler = createAgUiHandler(async function* ({ task, signal }) {
 *   const upstream = await fetch("http://127.0.0.1:8000/run", { method: "POST", body: JSON.stringify({ task }), signal });
 *   yield* readMessages(upstream.body!);
 * });
 */
export function createAgUiHandler(served: AgUiAgentLike | ((request: AgUiRunRequest) => RunItems | Promise<RunItems>), options: AgUiHandlerOptions = {}): (request: Request) => Promise<Response> {
  if (typeof served !== "function" && !isAgent(served)) throw new TypeError("createAgUiHandler takes a run function or an agent (an object with run(input))");
  const maxBytes = typeof options.maxBodyBytes === "number" && options.maxBodyBytes > 0 ? options.maxBodyBytes : DEFAULT_MAX_BODY_BYTES;
  return async (request) => {
    if (request.method !== "POST") return jsonError(405, "POST a RunAgentInput");
    const body = await readJsonBody(request, maxBytes);
    if (!body.ok) return jsonError(body.status, body.error);
    const parsed = RunAgentInputSchema.safeParse(body.value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return jsonError(400, `invalid RunAgentInput: ${issue.path.join(".") || "(root)"}: ${issue.message}`);
    }
    const input = parsed.data as RunAgentInput;
    const accept = request.headers.get("accept");
    const controller = new AbortController();
    // undici's Request follows its init signal through a WeakRef to a controller only the request
    // holds: once nothing else holds the request, a GC cuts the link and the client's abort never
    // reaches the run. The run's signal, which its response stream holds, holds the request.
    controller.signal.addEventListener("abort", () => void request, { once: true });
    const onGone = () => controller.abort(request.signal.reason);
    if (request.signal?.aborted) onGone();
    else request.signal?.addEventListener("abort", onGone, { once: true });
    if (typeof served !== "function") {
      const encoder = new EventEncoder(accept === null ? undefined : { accept });
      return new Response(agentEventStream(served, input, encoder, controller.signal), {
        headers: { "content-type": encoder.getContentType(), "cache-control": "no-cache", connection: "keep-alive" },
      });
    }
    let task: AgentMessage[];
    try {
      task = fromAgUiMessages(input.messages, options.registry ? { registry: options.registry } : {});
    } catch (e) {
      return jsonError(400, `messages: ${messageOf(e)}`);
    }
    let items: RunItems;
    try {
      items = await served({ input, task, signal: controller.signal });
    } catch (e) {
      // The run could not start: the client still gets a run, ending in RUN_ERROR.
      items = (async function* (): AsyncGenerator<AutoGenRunItem> {
        throw e;
      })();
    }
    const recording = startRecording(options.tracer, input);
    if (recording) items = tracedItems(items, recording);
    return agUiResponse(items, {
      threadId: input.threadId,
      runId: input.runId,
      inputMessageIds: input.messages.map((m) => m.id),
      signal: controller.signal,
      ...(accept !== null && { accept }),
      ...(options.userSources !== undefined && { userSources: options.userSources }),
      ...(options.registry !== undefined && { registry: options.registry }),
    });
  };
}
