/**
 * `AutoGenAgent`: an `AbstractAgent` of `@ag-ui/client` (the shape every AG-UI integration ships)
 * that runs an AutoGen back end through a transport and emits the translated events, so a
 * CopilotKit runtime or any AG-UI client can drive AutoGen. Every run ends, within its bounds:
 * `RUN_FINISHED` (success, an interrupt when AutoGen waits for a human, cancelled when aborted)
 * or `RUN_ERROR`; the observable always completes, never errors, never hangs.
 */
import { AbstractAgent, type AgentConfig, type BaseEvent, type RunAgentInput } from "@ag-ui/client";
import type { AgentCapabilities, Interrupt } from "@ag-ui/core";
import { Observable } from "rxjs";
import { MessageValidationError } from "../errors.js";
import type { MessageRegistry } from "../registry.js";
import type { AgentMessage } from "../kinds.js";
import { ABORTED, orAbort } from "./abort.js";
import { AutoGenBackendError } from "./errors.js";
import { fromAgUiInput } from "./from-input.js";
import { inputInterrupt, parseInterruptId } from "./interrupts.js";
import type { AutoGenRunItem } from "./items.js";
import { PauseTable, type PausedRun } from "./sessions.js";
import { createAgUiTranslator } from "./translator.js";
import { startRecording, type AgUiRunTracer } from "./tracing.js";
import type { AutoGenConnection, AutoGenTransport } from "./transports.js";

/** A human is asked for input: what the back end said. @example onInputRequest: ({ source }) => prompt(`${source} asks:`) ?? "" */
export interface AutoGenInputRequest {
  /** The asking agent (a `UserProxyAgent`), when known. */
  readonly source?: string;
  /** The prompt, when the back end sends one (AutoGen Studio). */
  readonly prompt?: string;
  /** The `UserInputRequestedEvent`'s `request_id`, when known. */
  readonly requestId?: string;
  /** The AG-UI run. */
  readonly input: RunAgentInput;
}

/** Options of {@link AutoGenAgent}. @example new AutoGenAgent({ transport: sseTransport(url), idleTimeoutMs: 60_000 }) */
export interface AutoGenAgentConfig extends AgentConfig {
  /** How to reach the back end: `fastApiWebSocket`, `studioWebSocket`, `sseTransport`, `jsonLinesTransport`, or your own. */
  readonly transport: AutoGenTransport;
  /**
   * Answers a `UserProxyAgent`'s request for input; the reply goes back on the run's connection.
   * Without it, the request ends the AG-UI run with an interrupt (`RUN_FINISHED.outcome`), the
   * connection stays open, and `runAgent({ resume })` sends the answer on it.
   */
  readonly onInputRequest?: (request: AutoGenInputRequest) => string | Promise<string>;
  /** Sources whose messages a human wrote, besides `"user"`. */
  readonly userSources?: Iterable<string>;
  /** The registry for custom kinds. Default `defaultRegistry`. */
  readonly registry?: MessageRegistry;
  /** A back end that sends no item for this long mid-run ends the run in `RUN_ERROR` (`IDLE_TIMEOUT`). Default 300,000 (5 min). */
  readonly idleTimeoutMs?: number;
  /** Connecting (and, over HTTP, the response headers) for longer ends the run in `RUN_ERROR` (`CONNECT_TIMEOUT`). Default 30,000. */
  readonly connectTimeoutMs?: number;
  /** A paused run not resumed within this time is closed (`Infinity`: never). Default 600,000 (10 min). */
  readonly pauseTimeoutMs?: number;
  /** At most this many paused runs are held; the oldest is closed when one more pauses. Default 100. */
  readonly maxPausedRuns?: number;
  /** Traces every run as it streams: e.g. `({ threadId }) => createRunTracer({ tracer, conversationId: threadId })` of `agentchat-messages/otel`. */
  readonly tracer?: AgUiRunTracer;
}

/** The request an item makes for human input, or null. */
function inputRequestOf(item: AutoGenRunItem, kind: AutoGenConnection["inputRequests"], input: RunAgentInput): AutoGenInputRequest | null {
  if (kind === "none" || typeof item !== "object" || item === null) return null;
  const r = item as { ok?: boolean; kind?: string; message?: AgentMessage; control?: { type: string; prompt?: string; data?: { source?: string } } };
  if (kind === "control") {
    const c = r.kind === "control" ? r.control : undefined;
    if (c?.type !== "input_request") return null;
    const source = c.data?.source;
    return { input, ...(typeof c.prompt === "string" && { prompt: c.prompt }), ...(typeof source === "string" && { source }) };
  }
  const m = (r.kind === "message" ? r.message : item) as { type?: string; source?: string; request_id?: string };
  if (m?.type !== "UserInputRequestedEvent") return null;
  return { input, ...(typeof m.source === "string" && { source: m.source }), ...(typeof m.request_id === "string" && { requestId: m.request_id }) };
}

/** The paused runs, one table per configuration: an agent and its clones share it. */
const tables = new WeakMap<AutoGenAgentConfig, PauseTable>();


const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
const positive = (v: number | undefined, fallback: number) => (typeof v === "number" && v > 0 ? v : fallback);

/** A resume payload as the text a back end takes: a string as it is, nothing as "", other JSON as JSON. */
const replyText = (payload: unknown) => (typeof payload === "string" ? payload : payload === undefined ? "" : (JSON.stringify(payload) ?? ""));

/** A timer that can be restarted and is always cleared (unref'd where the runtime allows). */
function timer(ms: number, fire: () => void) {
  let t: ReturnType<typeof setTimeout> | null = null;
  const stop = () => {
    if (t !== null) clearTimeout(t);
    t = null;
  };
  return {
    start() {
      stop();
      if (!Number.isFinite(ms)) return;
      t = setTimeout(fire, ms);
    },
    stop,
  };
}

/**
 * An AG-UI agent backed by an AutoGen run: `run(input)` turns the AG-UI input into the AutoGen
 * task (`fromAgUiInput`), opens the transport and emits the run's events as `toAgUiEvents`
 * maps them (the task messages the front end sent are not echoed).
 *
 * A `UserProxyAgent`'s request for input is answered by `onInputRequest` when given; without it
 * the run ends in `RUN_FINISHED` with `outcome: { type: "interrupt" }` (an `autogen:input:…`
 * interrupt: the prompt as `message`, `expiresAt` when the pause expires) and the back-end
 * connection stays open for the thread. `runAgent({ resume })` sends the answer (the payload) on
 * that same connection and the new run goes on; a `cancelled` answer closes it. A paused run is
 * closed when it expires (`pauseTimeoutMs`), when the table is full (`maxPausedRuns`, oldest
 * first) or when the back end closes it: resuming it then ends in `RUN_ERROR`.
 *
 * `abortRun()` (or unsubscribing) ends the run with `outcome: { type: "cancelled" }`; a back end
 * that fails, stalls (`idleTimeoutMs`), does not connect (`connectTimeoutMs`), closes mid-run
 * or sends a broken frame ends it in `RUN_ERROR` (an {@link AutoGenBackendError}'s code).
 *
 * @example
 * const agent = new AutoGenAgent({ transport: fastApiWebSocket("ws://127.0.0.1:8002/ws/chat", { WebSocket }) });
 * agent.addMessage({ id: "m1", role: "user", content: "Plan a trip" });
 * await agent.runAgent(); // ends with an interrupt: the user proxy asks
 * await agent.runAgent({ resume: [{ interruptId: agent.pendingInterrupts[0]!.id, status: "resolved", payload: "Paris" }] });
 */
export class AutoGenAgent extends AbstractAgent {
  readonly #config: AutoGenAgentConfig;
  readonly #aborts = new Set<AbortController>();
  readonly #paused: PauseTable;

  constructor(config: AutoGenAgentConfig) {
    super(config);
    this.#config = config;
    let table = tables.get(config);
    if (!table) tables.set(config, (table = new PauseTable(Math.floor(positive(config.maxPausedRuns, 100)), positive(config.pauseTimeoutMs, 600_000), config.transport.url)));
    this.#paused = table;
  }

  /** What this agent supports: interrupts (human in the loop) included. @example (await agent.getCapabilities()).humanInTheLoop?.interrupts // true */
  override async getCapabilities(): Promise<AgentCapabilities> {
    return { humanInTheLoop: { supported: true, interrupts: true }, transport: { streaming: true } };
  }

  /** Closes every paused run of this agent (and its clones), e.g. when a server shuts down. @example agent.closePausedRuns() */
  closePausedRuns(): void {
    this.#paused.clear();
  }

  // Typed as the base class's own `run` so the declarations name no `rxjs`: a consumer whose rxjs is
  // another copy than the one @ag-ui/client pins still type-checks (docs/copilotkit.md).
  /**
   * The events of one run (see the class). Completes after `RUN_FINISHED` or `RUN_ERROR`; never errors.
   *
   * @example agent.run({ threadId: "t", runId: "r", messages, tools: [], context: [] }).subscribe((e) => console.log(e.type))
   */
  run(input: RunAgentInput): ReturnType<AbstractAgent["run"]> {
    const config = this.#config;
    const table = this.#paused;
    return new Observable<BaseEvent>((subscriber) => {
      const abort = new AbortController();
      this.#aborts.add(abort);
      // The connection's own signal: it follows the run's until the run pauses, so that the end of
      // the paused run (its teardown aborts) does not close what the next run resumes (an HTTP body).
      const link = new AbortController();
      let keep = false; // paused: the connection outlives the run
      abort.signal.addEventListener("abort", () => keep || link.abort(abort.signal.reason), { once: true });
      const url = config.transport.url;
      const state: { failure: AutoGenBackendError | null } = { failure: null };
      const failWith = (e: AutoGenBackendError) => {
        state.failure ??= e;
        abort.abort();
      };
      const idleMs = positive(config.idleTimeoutMs, 300_000);
      const connectMs = positive(config.connectTimeoutMs, 30_000);
      const idle = timer(idleMs, () => failWith(new AutoGenBackendError("IDLE_TIMEOUT", `the back end sent nothing for ${idleMs} ms`, url)));
      const connecting = timer(connectMs, () => failWith(new AutoGenBackendError("CONNECT_TIMEOUT", `no connection within ${connectMs} ms`, url)));
      let translator: ReturnType<typeof createAgUiTranslator> | null = null;
      const recording = startRecording(config.tracer, input);
      let runError: string | undefined;
      const emit = (events: readonly BaseEvent[]) => {
        for (const e of events) {
          if (String(e.type) === "RUN_ERROR") runError = (e as { message?: string }).message ?? "RUN_ERROR";
          if (!subscriber.closed) subscriber.next(e);
        }
      };
      let connection: AutoGenConnection | null = null;
      void (async () => {
        try {
          translator = createAgUiTranslator({
            threadId: input.threadId,
            runId: input.runId,
            inputMessageIds: input.messages.map((m) => m.id),
            ...(config.userSources !== undefined && { userSources: config.userSources }),
            ...(config.registry !== undefined && { registry: config.registry }),
          });
          const options = config.registry ? { registry: config.registry } : {};
          // Validates the resume entries too (typed error naming the path).
          const task = fromAgUiInput(input, options);
          // A handoff interrupt's run has ended (its TaskResult came): its answer is the next task's
          // HandoffMessage (fromAgUiInput puts it there), sent as a new back-end run. Only an input
          // request's interrupt waits on a paused connection.
          const resume = (Array.isArray(input.resume) ? input.resume : []).filter((r) => parseInterruptId(r.interruptId)?.kind !== "handoff");
          let iterator: AsyncIterator<AutoGenRunItem>;
          let pending: Promise<IteratorResult<AutoGenRunItem>> | undefined;
          if (resume.length > 0) {
            const paused = table.take(input.threadId);
            const entry = paused && resume.find((r) => r.interruptId === paused.interruptId);
            if (!paused) throw table.closedBecause(input.threadId) ?? new AutoGenBackendError("NO_PAUSED_RUN", `no paused run of thread ${JSON.stringify(input.threadId)} to resume`, url);
            if (paused.dead) throw paused.dead;
            if (!entry) {
              closePaused(paused);
              throw new AutoGenBackendError("NO_PAUSED_RUN", `the resume answers no interrupt of the paused run (it waits for ${JSON.stringify(paused.interruptId)})`, url);
            }
            connection = paused.connection;
            if (entry.status === "cancelled") {
              // The question is abandoned: the back end's run with it.
              emit(translator.cancel());
              return;
            }
            await connection.reply(replyText(entry.payload));
            iterator = paused.iterator;
            pending = paused.pending;
          } else {
            table.discard(input.threadId); // a new run of the thread supersedes a paused one
            connecting.start();
            const opened = await orAbort(config.transport.open({ input, task, signal: link.signal, ...(config.registry !== undefined && { registry: config.registry }) }), abort.signal);
            connecting.stop();
            if (opened === ABORTED) throw abort.signal.reason;
            connection = opened;
            iterator = connection.items[Symbol.asyncIterator]();
          }
          for (;;) {
            pending ??= iterator.next();
            idle.start();
            const next = await orAbort(pending, abort.signal);
            idle.stop();
            pending = undefined;
            if (next === ABORTED) break;
            if (next.done) break;
            let events: BaseEvent[];
            try {
              events = translator.push(next.value);
            } catch (e) {
              // Not an AutoGen item: the run cannot be trusted further.
              emit(translator.fail(messageOf(e), e instanceof Error ? e.name : undefined));
              break;
            }
            recording?.push(next.value);
            emit(events);
            if (translator.ended) break;
            const request = inputRequestOf(next.value, connection.inputRequests, input);
            if (!request) continue;
            if (config.onInputRequest) {
              await connection.reply(await config.onInputRequest(request));
              continue;
            }
            // Paused: the read goes on (it sees the back end close) and the connection is kept.
            const interrupt: Interrupt = inputInterrupt({
              requestKey: request.requestId ?? input.threadId,
              ...(request.prompt !== undefined && { prompt: request.prompt }),
              ...(table.expiresAt() !== undefined && { expiresAt: table.expiresAt()! }),
            });
            table.put(input.threadId, { interruptId: interrupt.id, connection, iterator, pending: iterator.next() });
            keep = true;
            emit(translator.interrupt([interrupt]));
            break;
          }
          if (state.failure) emit(translator.fail(state.failure.message, state.failure.code));
          else if (abort.signal.aborted) emit(translator.cancel());
          else emit(translator.end());
        } catch (e) {
          const t = translator ?? createAgUiTranslator({ threadId: String(input?.threadId ?? ""), runId: String(input?.runId ?? "") });
          if (state.failure) emit(t.fail(state.failure.message, state.failure.code));
          else if (abort.signal.aborted && !AutoGenBackendError.isInstance(e)) emit(t.cancel());
          else {
            const err = AutoGenBackendError.isInstance(e) || MessageValidationError.isInstance(e) ? e : new AutoGenBackendError("CLOSED", messageOf(e), url, { cause: e });
            emit(t.fail(err.message, AutoGenBackendError.isInstance(err) ? err.code : err.name));
          }
        } finally {
          recording?.finish({ error: runError, cancelled: abort.signal.aborted || keep });
          idle.stop();
          connecting.stop();
          if (!keep && connection) {
            try {
              (connection as AutoGenConnection).close(abort.signal.aborted && state.failure === null);
            } catch {
              // closing a broken connection
            }
          }
          this.#aborts.delete(abort);
          subscriber.complete();
        }
      })();
      // Unsubscribed before the end: stop reading, close the connection (a paused one stays).
      return () => abort.abort();
    });
  }

  /** Aborts the running runs: each ends with `outcome: { type: "cancelled" }` and its connection closes. @example agent.abortRun() */
  override abortRun(): void {
    for (const a of [...this.#aborts]) a.abort();
    super.abortRun();
  }

  /** A copy with the same configuration and the same paused runs (as `AbstractAgent.clone` expects). @example const copy = agent.clone() */
  override clone(): AutoGenAgent {
    const copy = new AutoGenAgent(this.#config);
    copy.threadId = this.threadId;
    copy.messages = structuredClone(this.messages);
    copy.state = structuredClone(this.state);
    return copy;
  }
}

function closePaused(paused: PausedRun): void {
  try {
    paused.connection.close(false);
  } catch {
    // broken already
  }
  void Promise.resolve()
    .then(() => paused.iterator.return?.())
    .catch(() => {});
}
