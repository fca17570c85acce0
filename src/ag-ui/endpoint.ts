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
import { fromAgUiMessages } from "./from-messages.js";
import type { AutoGenRunItem } from "./items.js";
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
          const next = await iterator!.next();
          if (signal?.aborted) throw signal.reason ?? new Error("aborted");
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

/** Options of {@link createAgUiHandler}. @example createAgUiHandler(run, { userSources: ["human"] }) */
export interface AgUiHandlerOptions {
  /** Sources whose messages a human wrote, besides `"user"` (see {@link AgUiTranslateOptions}). */
  readonly userSources?: Iterable<string>;
  /** The registry for custom kinds. Default `defaultRegistry`. */
  readonly registry?: MessageRegistry;
  /** Traces every run as it streams: e.g. `({ threadId }) => createRunTracer({ tracer, conversationId: threadId })` of `agentchat-messages/otel`. */
  readonly tracer?: AgUiRunTracer;
}

const jsonError = (status: number, error: string) => new Response(JSON.stringify({ error }), { status, headers: { "content-type": "application/json" } });

/**
 * An AG-UI endpoint, `(request: Request) => Promise<Response>` (a fetch handler: Node 20+ through
 * any adapter, Deno, Bun, edge workers): reads the POSTed `RunAgentInput`, hands its messages to
 * `run` as an AutoGen task, and streams the run's items back as AG-UI events; the task messages
 * the front end sent are not echoed. An invalid body gets a 400 with the path of the problem.
 * Any AG-UI client (`HttpAgent` of `@ag-ui/client`, CopilotKit) can connect to it.
 *
 * @example
 * const handler = createAgUiHandler(async function* ({ task, signal }) {
 *   const upstream = await fetch("http://127.0.0.1:8000/run", { method: "POST", body: JSON.stringify({ task }), signal });
 *   yield* readMessages(upstream.body!);
 * });
 * export default { fetch: handler }; // an edge worker
 */
export function createAgUiHandler(run: (request: AgUiRunRequest) => RunItems | Promise<RunItems>, options: AgUiHandlerOptions = {}): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== "POST") return jsonError(405, "POST a RunAgentInput");
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return jsonError(400, "the body is not JSON");
    }
    const parsed = RunAgentInputSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return jsonError(400, `invalid RunAgentInput: ${issue.path.join(".") || "(root)"}: ${issue.message}`);
    }
    const input = parsed.data as RunAgentInput;
    let task: AgentMessage[];
    try {
      task = fromAgUiMessages(input.messages, options.registry ? { registry: options.registry } : {});
    } catch (e) {
      return jsonError(400, `messages: ${messageOf(e)}`);
    }
    const controller = new AbortController();
    request.signal?.addEventListener("abort", () => controller.abort(request.signal.reason), { once: true });
    let items: RunItems;
    try {
      items = await run({ input, task, signal: controller.signal });
    } catch (e) {
      // The run could not start: the client still gets a run, ending in RUN_ERROR.
      items = (async function* (): AsyncGenerator<AutoGenRunItem> {
        throw e;
      })();
    }
    const recording = startRecording(options.tracer, input);
    if (recording) items = tracedItems(items, recording);
    const accept = request.headers.get("accept");
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
