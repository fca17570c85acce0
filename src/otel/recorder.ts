/**
 * The live recorder: a run's items in, OpenTelemetry GenAI spans out, as they arrive. One root
 * span for the run, an `invoke_agent <source>` span per agent turn (consecutive messages of one
 * source), an `execute_tool <name>` span per tool call under it. A turn's spans are made when the
 * turn is over (the next source speaks, or the run ends), with the items' own times, so a live
 * run and the same items traced afterwards give the same spans.
 */
import type { Attributes, Context, Span, SpanStatusCode } from "@opentelemetry/api";
import { withSpan } from "./context.js";
import type { IssuePath } from "../errors.js";
import { guardRead } from "./guard.js";
import type { AgentMessage } from "../kinds.js";
import { parseItem } from "./items.js";
import { checkOptions, type CheckedOptions, type TraceRunOptions } from "./options.js";
import { otelList } from "./messages.js";
import { hrTime, createdAtMs } from "./time.js";
import { chatParts, eventOf, partsText, readTurn, roleOf, type Timed } from "./turn.js";
import { INCOMPLETE_RUN, MessageAccumulator, type RunFailure } from "../run/index.js";

// Values, not @opentelemetry/api's enums: ./otel loads without the API (it is an optional peer).
const ERROR = 2 as SpanStatusCode.ERROR;

/**
 * A live run's recorder: `push` each item as it arrives, then `end()` (or `error(e)` when the run
 * broke). Made by {@link createRunTracer}.
 *
 * @example
 * const recorder = createRunTracer({ tracer, conversationId: threadId });
 * for await (const item of readSSE(response.body)) recorder.push(item);
 * recorder.end();
 */
export interface RunTracer {
  /** Records one item (a message or event, a `TaskResult`, a `Response`, a stream reader's item). Throws `MessageValidationError` naming the item's path for a non-AutoGen item, which is then not recorded. */
  push(item: unknown): void;
  /** Ends the run: the last turn's spans, then the root (status ERROR when the run failed, e.g. it ended without a `TaskResult` / `Response`). */
  end(): void;
  /** Ends the run as failed with `error` (its name is `error.type`, its message the status). */
  error(error: unknown): void;
  /** True once `end()` or `error()` was called. */
  readonly ended: boolean;
  /** What the tracer threw, if it did (the recorder then stopped making spans; the run was not disturbed). */
  readonly tracerError: unknown;
}

interface Turn {
  readonly source: string;
  readonly start: number;
  readonly messages: Timed[];
  readonly input: readonly Heard[];
}

/** A chat message as the others heard it: its source and, with content, its parts text. */
interface Heard {
  readonly source: string;
  readonly text: string;
}

const errorText = (e: unknown): { message: string; type: string } =>
  e instanceof Error ? { message: e.message, type: e.name || "Error" } : { message: typeof e === "string" ? e : "the run failed", type: "Error" };

class Recorder implements RunTracer {
  readonly #o: CheckedOptions;
  readonly #seen = new MessageAccumulator();
  #root: Span | null = null;
  #rootCtx: Context | undefined;
  #rootStart = 0;
  #last = 0; // the time of the last message
  #turn: Turn | null = null;
  #count = 0;
  #ended = false;
  #hasEnd = false;
  #failure: { message: string; type: string } | null = null;
  #cancelled = false;
  #agents = new Set<string>();
  #inputs: string[] = []; // the texts of the users' messages: the root's input
  // Chat messages in order and, per agent, where its last turn ended: the input of its next turn.
  // Each one's parts text is written once (it is an agent's output and the others' input); the
  // loaded message itself is not kept past its turn.
  #chat: Heard[] = [];
  #heard = new Map<string, number>();
  #tracerError: unknown = undefined;
  #broken = false;

  constructor(options: CheckedOptions) {
    this.#o = options;
  }

  get ended(): boolean {
    return this.#ended;
  }

  get tracerError(): unknown {
    return this.#tracerError;
  }

  push(item: unknown): void {
    const at: IssuePath = [this.#count++];
    // Throws for a bad item before anything is recorded; one that cannot be read (a revoked proxy) is read_error.
    const parsed = guardRead(at, () => parseItem(item, at, this.#o.registry), "item");
    if (this.#ended) return;
    const now = parsed.messages.length ? this.#o.now() : 0;
    for (let i = 0; i < parsed.messages.length; i++) {
      const m = parsed.messages[i]!;
      if (!this.#seen.add(m)) continue;
      const stamped = parsed.stamped?.[i] ?? true;
      this.#message(m, (stamped && createdAtMs((m as { created_at?: unknown }).created_at)) || now);
    }
    if (parsed.end) this.#hasEnd = true;
    if (parsed.outcome?.kind === "failed") this.#fail(parsed.outcome.failure);
    else if (parsed.outcome?.kind === "cancelled") this.#cancelled = true;
    const event = parsed.event;
    if (event) {
      this.#ensureRoot(this.#o.now());
      this.#safe(() => this.#root?.addEvent(event.name, event.attributes, hrTime(Math.max(this.#rootStart, this.#last))));
    }
  }

  end(): void {
    if (this.#ended) return;
    if (!this.#hasEnd && !this.#cancelled && this.#o.requireEnd) this.#fail(INCOMPLETE_RUN);
    this.#finish();
  }

  error(error: unknown): void {
    if (this.#ended) return;
    this.#failure = errorText(error);
    this.#finish();
  }

  #fail(f: RunFailure): void {
    this.#failure ??= { message: f.message, type: f.code };
  }

  #message(m: AgentMessage, time: number): void {
    this.#ensureRoot(time);
    const t = Math.max(time, this.#rootStart);
    const source = m.source;
    const o = this.#o;
    const chat = roleOf(m, o.registry) === "chat";
    const text = chat && o.captureContent ? partsText(chatParts(m, o.registry)) : "";
    if (o.userSources.has(source)) {
      this.#closeTurn();
      if (chat) {
        this.#chat.push({ source, text });
        if (o.captureContent) this.#inputs.push(asInput(text));
      } else this.#safe(() => this.#root?.addEvent(...eventArgs({ message: m, time: t }, o.captureContent)));
      this.#last = Math.max(this.#last, t);
      return;
    }
    if (this.#turn && this.#turn.source !== source) this.#closeTurn();
    if (!this.#turn) {
      const from = this.#heard.get(source) ?? 0;
      const input = o.captureContent ? this.#chat.slice(from).filter((x) => x.source !== source) : [];
      // The turn began when the agent got the floor: the last message before it.
      this.#turn = { source, start: Math.min(this.#last || t, t), messages: [], input };
    }
    this.#turn.messages.push({ message: m, time: t, text });
    if (chat) this.#chat.push({ source, text });
    this.#last = Math.max(this.#last, t);
  }

  #ensureRoot(time: number): void {
    if (this.#root || this.#rootStart) return;
    this.#rootStart = time;
    this.#last = time;
    this.#safe(() => {
      const o = this.#o;
      const parent = o.context; // undefined: the tracer takes the active context, as its own startSpan does
      const attributes: Attributes = { "gen_ai.provider.name": o.providerName };
      if (o.conversationId !== undefined) attributes["gen_ai.conversation.id"] = o.conversationId;
      this.#root = o.tracer.startSpan(o.operation ? rootName(o.operation, o.name) : "invoke_workflow", { startTime: hrTime(time), attributes }, parent);
      this.#rootCtx = withSpan(parent, this.#root);
    });
  }

  #closeTurn(): void {
    const turn = this.#turn;
    if (!turn) return;
    this.#turn = null;
    this.#heard.set(turn.source, this.#chat.length);
    const o = this.#o;
    const rec = readTurn(turn.messages, o.registry, o.captureContent);
    const end = Math.max(turn.start, ...turn.messages.map((x) => x.time));
    if (rec.orchestrationOnly && !rec.hasUsage) {
      // The team choosing a speaker is no agent invocation: span events on the root.
      for (const t of turn.messages) if (roleOf(t.message, o.registry) === "orchestration") this.#safe(() => this.#root?.addEvent(...eventArgs(t, o.captureContent)));
      return;
    }
    this.#agents.add(turn.source);
    this.#safe(() => {
      const attributes: Attributes = {
        "gen_ai.operation.name": "invoke_agent",
        "gen_ai.provider.name": o.providerName,
        "gen_ai.agent.name": turn.source,
      };
      if (o.conversationId !== undefined) attributes["gen_ai.conversation.id"] = o.conversationId;
      if (rec.hasUsage) {
        attributes["gen_ai.usage.input_tokens"] = rec.inputTokens;
        attributes["gen_ai.usage.output_tokens"] = rec.outputTokens;
      }
      if (o.captureContent) {
        if (turn.input.length) attributes["gen_ai.input.messages"] = otelList(turn.input.map((x) => asInput(x.text)));
        if (rec.output.length) attributes["gen_ai.output.messages"] = otelList(rec.output);
      }
      const span = o.tracer.startSpan(`invoke_agent ${turn.source}`, { startTime: hrTime(turn.start), attributes }, this.#rootCtx);
      const ctx = withSpan(this.#rootCtx, span);
      for (const call of rec.calls) {
        const a: Attributes = { "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": call.name, "gen_ai.tool.call.id": call.id, "gen_ai.tool.type": "function" };
        if (o.captureContent) {
          a["gen_ai.tool.call.arguments"] = call.arguments;
          if (call.result) a["gen_ai.tool.call.result"] = call.result.content;
        }
        const tool = o.tracer.startSpan(`execute_tool ${call.name}`, { startTime: hrTime(call.start), attributes: a }, ctx);
        if (call.result?.isError) {
          tool.setAttribute("error.type", "tool_error");
          tool.setStatus({ code: ERROR, message: o.captureContent ? call.result.content : "the tool returned an error" });
        }
        tool.end(hrTime(Math.min(end, Math.max(call.start, call.result?.time ?? end))));
      }
      for (const e of rec.events) span.addEvent(e.name, e.attributes, hrTime(e.time));
      span.end(hrTime(end));
    });
  }

  #finish(): void {
    this.#closeTurn();
    this.#ended = true;
    const o = this.#o;
    this.#ensureRoot(this.#o.now());
    const root = this.#root;
    if (!root) return;
    this.#safe(() => {
      const single = this.#agents.size === 1 ? [...this.#agents][0]! : undefined;
      const operation = o.operation ?? (single !== undefined ? "invoke_agent" : "invoke_workflow");
      const name = o.name ?? (operation === "invoke_agent" ? single : undefined);
      root.setAttribute("gen_ai.operation.name", operation);
      if (name !== undefined) root.setAttribute(operation === "invoke_agent" ? "gen_ai.agent.name" : "gen_ai.workflow.name", name);
      root.updateName(rootName(operation, name));
      if (o.captureContent && this.#inputs.length) root.setAttribute("gen_ai.input.messages", otelList(this.#inputs));
      if (this.#cancelled) root.setAttribute("autogen.run.cancelled", true);
      if (this.#failure) {
        root.setAttribute("error.type", this.#failure.type);
        root.setStatus({ code: ERROR, message: this.#failure.message });
      }
      root.end(hrTime(Math.max(this.#rootStart, this.#last)));
    });
  }

  /** Runs a tracer call; a tracer that throws is told once and then left alone: the run goes on. */
  #safe(f: () => void): void {
    if (this.#broken) return;
    try {
      f();
    } catch (e) {
      this.#broken = true;
      this.#tracerError = e;
      try {
        this.#o.onTracerError?.(e);
      } catch {
        // the listener's own failure must not break the run either
      }
    }
  }
}

/** A chat message's parts text as an input message (role `user`: what the agent heard). */
const asInput = (parts: string): string => `{"role": "user", "parts": [${parts}]}`;

const rootName = (operation: string, name: string | undefined) => (name === undefined ? operation : `${operation} ${name}`);

function eventArgs(t: Timed, withContent: boolean): [string, Attributes, ReturnType<typeof hrTime>] {
  const e = eventOf(t, withContent);
  return [e.name, e.attributes, hrTime(e.time)];
}

/**
 * A live recorder of one AutoGen run: each item `push`ed as it arrives (from a reader, a socket,
 * the AG-UI bridge), then `end()`. Gives the same spans as {@link traceRun} of the same items.
 * Bad options throw `MessageValidationError` naming them.
 *
 * @example
 * import { trace } from "@opentelemetry/api";
 * import { createRunTracer } from "agentchat-messages/otel";
 * const recorder = createRunTracer({ tracer: trace.getTracer("my-app"), conversationId: "thread-1" });
 * recorder.push({ type: "TextMessage", source: "user", content: "Hi" });
 * recorder.push({ type: "TextMessage", source: "assistant", content: "Hello!", models_usage: { prompt_tokens: 5, completion_tokens: 2 } });
 * recorder.push({ messages: [], stop_reason: null });
 * recorder.end();
 */
export function createRunTracer(options: TraceRunOptions): RunTracer {
  return new Recorder(checkOptions(options));
}
