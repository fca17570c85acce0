/**
 * `AutoGenAgent`: an `AbstractAgent` of `@ag-ui/client` (the shape every AG-UI integration ships)
 * that runs an AutoGen back end through a transport and emits the translated events, so a
 * CopilotKit runtime or any AG-UI client can drive AutoGen. Every way a run can go wrong (the
 * back end refuses, closes mid-run, sends a broken frame; `abortRun()`) ends in `RUN_ERROR`: the
 * observable always completes, never errors, never hangs.
 */
import { AbstractAgent, type AgentConfig, type BaseEvent, type RunAgentInput } from "@ag-ui/client";
import { Observable } from "rxjs";
import type { MessageRegistry } from "../registry.js";
import type { AgentMessage } from "../kinds.js";
import { fromAgUiMessages } from "./from-messages.js";
import type { AutoGenRunItem } from "./items.js";
import { createAgUiTranslator } from "./translator.js";
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

/** Options of {@link AutoGenAgent}. @example new AutoGenAgent({ transport: sseTransport(url), onInputRequest: askUser }) */
export interface AutoGenAgentConfig extends AgentConfig {
  /** How to reach the back end: `fastApiWebSocket`, `studioWebSocket`, `sseTransport`, `jsonLinesTransport`, or your own. */
  readonly transport: AutoGenTransport;
  /**
   * Answers a `UserProxyAgent`'s request for input; the reply goes back on the run's connection.
   * Without it, the request is only shown (`CUSTOM` events) and the back end keeps waiting.
   */
  readonly onInputRequest?: (request: AutoGenInputRequest) => string | Promise<string>;
  /** Sources whose messages a human wrote, besides `"user"`. */
  readonly userSources?: Iterable<string>;
  /** The registry for custom kinds. Default `defaultRegistry`. */
  readonly registry?: MessageRegistry;
}

/** The request an item makes for human input, or null. */
function inputRequestOf(item: AutoGenRunItem, kind: AutoGenConnection["inputRequests"], input: RunAgentInput): AutoGenInputRequest | null {
  if (kind === "none" || typeof item !== "object" || item === null) return null;
  const r = item as { ok?: boolean; kind?: string; message?: AgentMessage; control?: { type: string; prompt?: string; data?: { source?: string } } };
  if (kind === "control") {
    const c = r.kind === "control" ? r.control : undefined;
    if (c?.type !== "input_request") return null;
    const source = c.data?.source;
    return { input, ...(c.prompt !== undefined && { prompt: c.prompt }), ...(source !== undefined && { source }) };
  }
  const m = (r.kind === "message" ? r.message : item) as { type?: string; source?: string; request_id?: string };
  if (m?.type !== "UserInputRequestedEvent") return null;
  return { input, ...(m.source !== undefined && { source: m.source }), ...(m.request_id !== undefined && { requestId: m.request_id }) };
}

const ABORTED = Symbol("aborted");

/** The next item, or ABORTED as soon as the signal fires (a pending read does not hold the run). */
function nextOrAbort<T>(it: AsyncIterator<T>, signal: AbortSignal): Promise<IteratorResult<T> | typeof ABORTED> {
  if (signal.aborted) return Promise.resolve(ABORTED);
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(ABORTED);
    signal.addEventListener("abort", onAbort, { once: true });
    it.next().then(
      (r) => {
        signal.removeEventListener("abort", onAbort);
        resolve(r);
      },
      (e: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(e);
      },
    );
  });
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * An AG-UI agent backed by an AutoGen run: `run(input)` turns the AG-UI messages into the AutoGen
 * task (`fromAgUiMessages`), opens the transport and emits the run's events as `toAgUiEvents`
 * maps them (the task messages the front end sent are not echoed). A `UserProxyAgent`'s request
 * is answered by `onInputRequest`, on the same connection. `abortRun()`, a back end that fails,
 * closes mid-run or sends a broken frame end the run in `RUN_ERROR`.
 *
 * @example
 * const agent = new AutoGenAgent({ transport: sseTransport("http://127.0.0.1:8000/run/sse") });
 * agent.addMessage({ id: "m1", role: "user", content: "Plan a trip" });
 * const { newMessages } = await agent.runAgent();
 */
export class AutoGenAgent extends AbstractAgent {
  readonly #config: AutoGenAgentConfig;
  #abort: AbortController | null = null;

  constructor(config: AutoGenAgentConfig) {
    super(config);
    this.#config = config;
  }

  /**
   * The events of one run (see the class). Completes after `RUN_FINISHED` or `RUN_ERROR`; never errors.
   *
   * @example agent.run({ threadId: "t", runId: "r", messages, tools: [], context: [] }).subscribe((e) => console.log(e.type))
   */
  run(input: RunAgentInput): Observable<BaseEvent> {
    const config = this.#config;
    return new Observable<BaseEvent>((subscriber) => {
      const abort = new AbortController();
      this.#abort = abort;
      const translator = createAgUiTranslator({
        threadId: input.threadId,
        runId: input.runId,
        inputMessageIds: input.messages.map((m) => m.id),
        ...(config.userSources !== undefined && { userSources: config.userSources }),
        ...(config.registry !== undefined && { registry: config.registry }),
      });
      const emit = (events: readonly BaseEvent[]) => {
        for (const e of events) if (!subscriber.closed) subscriber.next(e);
      };
      let connection: AutoGenConnection | null = null;
      void (async () => {
        try {
          const task = fromAgUiMessages(input.messages, config.registry ? { registry: config.registry } : {});
          connection = await config.transport.open({ input, task, signal: abort.signal, ...(config.registry !== undefined && { registry: config.registry }) });
          if (abort.signal.aborted) throw new Error("the run was aborted");
          const it = connection.items[Symbol.asyncIterator]();
          for (;;) {
            const next = await nextOrAbort(it, abort.signal);
            if (next === ABORTED) {
              emit(translator.fail("the run was aborted", "ABORTED"));
              void Promise.resolve(it.return?.()).catch(() => {});
              break;
            }
            if (next.done) break;
            let events: BaseEvent[];
            try {
              events = translator.push(next.value);
            } catch (e) {
              // Not an AutoGen item: the run cannot be trusted further.
              emit(translator.fail(messageOf(e), e instanceof Error ? e.name : undefined));
              break;
            }
            emit(events);
            if (translator.ended) break;
            const request = config.onInputRequest && inputRequestOf(next.value, connection.inputRequests, input);
            if (request) await connection.reply(await config.onInputRequest!(request));
          }
          emit(translator.end());
        } catch (e) {
          emit(translator.fail(abort.signal.aborted ? "the run was aborted" : messageOf(e), abort.signal.aborted ? "ABORTED" : e instanceof Error ? e.name : undefined));
        } finally {
          try {
            (connection as AutoGenConnection | null)?.close(abort.signal.aborted);
          } catch {
            // closing a broken connection
          }
          if (this.#abort === abort) this.#abort = null;
          subscriber.complete();
        }
      })();
      // Unsubscribed before the end: stop reading, close the connection.
      return () => abort.abort();
    });
  }

  /** Aborts the running run: it ends in `RUN_ERROR` (code `ABORTED`) and its connection closes. @example agent.abortRun() */
  override abortRun(): void {
    this.#abort?.abort();
    super.abortRun();
  }

  /** A copy with the same configuration (as `AbstractAgent.clone` expects). @example const copy = agent.clone() */
  override clone(): AutoGenAgent {
    const copy = new AutoGenAgent(this.#config);
    copy.threadId = this.threadId;
    copy.messages = structuredClone(this.messages);
    copy.state = structuredClone(this.state);
    return copy;
  }
}
