/**
 * AutoGen run items → AG-UI events: the mapping front ends rely on (docs/ag-ui.md has the table).
 * One state machine serves both forms: `toAgUiEvents` pushes every item and ends, so the batch
 * and the live (incremental) translations cannot differ.
 */
import { EventType, PROTOCOL_VERSION, type AGUIEvent, type Interrupt, type RunFinishedOutcome, type TextMessageRole, type TokenUsage } from "@ag-ui/core";
import { MessageValidationError } from "../errors.js";
import { controlOutcome, INCOMPLETE_RUN } from "../run/outcome.js";
import { guarded } from "../run/guard.js";
import { notRunItem, runValueShape, type RunEnd } from "../run/shape.js";
import { dump } from "../dump.js";
import type { AgentMessage } from "../kinds.js";
import type { MessageRegistry } from "../registry.js";
import { toText } from "../render/renderers.js";
import { handoffInterrupt, handoffStopped } from "./interrupts.js";
import { messageAt, quickMessage, type AutoGenRunItem } from "./items.js";
import { compactId, interruptsOf, optionError, optionsOf, typeName } from "./translate-options.js";

/** Options of {@link toAgUiEvents} and {@link createAgUiTranslator}. @example toAgUiEvents(items, { threadId: "t1", runId: "r1" }) */
export interface AgUiTranslateOptions {
  /** The AG-UI thread id (`RUN_STARTED` / `RUN_FINISHED`). */
  readonly threadId: string;
  /** The AG-UI run id. */
  readonly runId: string;
  /**
   * Ids of messages the front end sent (`RunAgentInput.messages`): AutoGen echoes its task
   * messages at the start of a run, and these are not sent back as new messages.
   */
  readonly inputMessageIds?: Iterable<string>;
  /**
   * Sources whose messages a human wrote (role `"user"`) besides `"user"`. A source that yields a
   * `UserInputRequestedEvent` (a `UserProxyAgent`) is added during the run.
   */
  readonly userSources?: Iterable<string>;
  /** The registry that validates and renders messages (custom kinds, structured messages). Default `defaultRegistry`. */
  readonly registry?: MessageRegistry;
}

/**
 * The live form of {@link toAgUiEvents}: `push` an item as it arrives and get its events, `end`
 * when the stream closes. The concatenation of every result is exactly what `toAgUiEvents` gives
 * for the same items.
 *
 * @example
 * const t = createAgUiTranslator({ threadId, runId });
 * for await (const item of readSSE(body)) for (const e of t.push(item)) send(e);
 * for (const e of t.end()) send(e);
 */
export interface AgUiTranslator {
  /**
   * The events of one more item (`RUN_STARTED` comes with the first). Throws
   * `MessageValidationError` naming the item's path (`[7].content: …`) for a non-AutoGen item.
   */
  push(item: AutoGenRunItem): AGUIEvent[];
  /** Closes the run: `[]` after a `TaskResult` / `Response` / error, else what is open, then `RUN_ERROR`. */
  end(): AGUIEvent[];
  /** Ends the run now with `RUN_ERROR` (a broken run); `[]` when it has ended already. */
  fail(message: string, code?: string): AGUIEvent[];
  /**
   * Ends the run now as paused: closes what is open, then `RUN_FINISHED` with
   * `outcome: { type: "interrupt", interrupts }` and the usage so far; `[]` when it has ended
   * already. Throws `MessageValidationError` for an empty list (AG-UI wants at least one).
   */
  interrupt(interrupts: readonly Interrupt[]): AGUIEvent[];
  /** Ends the run now as cancelled (aborted): `RUN_FINISHED` with `outcome: { type: "cancelled" }` and the usage so far; `[]` when it has ended already. */
  cancel(): AGUIEvent[];
  /** True once `RUN_FINISHED` or `RUN_ERROR` was produced. */
  readonly ended: boolean;
}

/** The AutoGen chat kinds that become AG-UI text messages (structured messages too). A switch: no hashing of each `type`. */
function isTextKind(type: string): boolean {
  switch (type) {
    case "TextMessage":
    case "StopMessage":
    case "HandoffMessage":
    case "ToolCallSummaryMessage":
    case "MultiModalMessage":
      return true;
  }
  return type.startsWith("StructuredMessage[");
}

/** A streamed text message (chunks), open or closed. */
interface Streamed {
  readonly messageId: string;
  readonly fmid: string | null;
  readonly source: string;
  text: string;
}

type Msg = AgentMessage & { readonly id?: string; readonly content?: unknown };

class Translator implements AgUiTranslator {
  readonly #threadId: string;
  readonly #runId: string;
  /** The run id as generated ids embed it: short (a long run id repeated per message would make the events quadratic). */
  readonly #idBase: string;
  readonly #registry: MessageRegistry;
  readonly #users: Set<string>;
  /** Ids of the front end's own messages (not echoed). */
  readonly #inputIds: Set<string>;
  /**
   * Ids of the messages sent, in order. A TaskResult lists the run's messages in the same order,
   * so it is matched by walking this list; a Set is built only if a message arrives twice
   * otherwise (hashing every id of a long run costs more than the rest of its translation).
   */
  readonly #sent: string[] = [];
  #sentSet: Set<string> | null = null;
  #sentAt = 0;
  /** Chunk streams by `full_message_id`, until their final message comes. */
  readonly #byFmid = new Map<string, Streamed>();
  #started = false;
  #ended = false;
  #step: string | null = null;
  #open: Streamed | null = null;
  #count = 0;
  /** Token use of the distinct messages and events seen (`models_usage`). */
  #inputTokens = 0;
  #outputTokens = 0;
  #usage = false;
  /** Ids whose usage was counted (only messages reporting usage: model responses). */
  readonly #usageIds = new Set<string>();

  constructor(options: AgUiTranslateOptions) {
    const o = optionsOf(options);
    this.#threadId = o.threadId;
    this.#runId = o.runId;
    this.#idBase = compactId(o.runId);
    this.#registry = o.registry;
    this.#users = o.userSources;
    this.#inputIds = o.inputMessageIds;
  }

  get ended(): boolean {
    return this.#ended;
  }

  push(item: AutoGenRunItem): AGUIEvent[] {
    const out: AGUIEvent[] = [];
    this.write(item, out);
    return out;
  }

  end(): AGUIEvent[] {
    const out: AGUIEvent[] = [];
    this.finish(out);
    return out;
  }

  fail(message: string, code?: string): AGUIEvent[] {
    if (typeof message !== "string") throw optionError(["message"], `expected a string, got ${typeName(message)}`);
    if (code !== undefined && typeof code !== "string") throw optionError(["code"], `expected a string or undefined, got ${typeName(code)}`);
    const out: AGUIEvent[] = [];
    this.#error(out, message, code);
    return out;
  }

  interrupt(interrupts: readonly Interrupt[]): AGUIEvent[] {
    const list = interruptsOf(interrupts);
    const out: AGUIEvent[] = [];
    this.#finished(out, { type: "interrupt", interrupts: list });
    return out;
  }

  cancel(): AGUIEvent[] {
    const out: AGUIEvent[] = [];
    this.#finished(out, { type: "cancelled" });
    return out;
  }

  /** `end()` into `out`. */
  finish(out: AGUIEvent[]): void {
    if (!this.#ended) this.#error(out, INCOMPLETE_RUN.message, INCOMPLETE_RUN.code);
  }

  /** `push(item)` into `out`. */
  write(item: AutoGenRunItem, out: AGUIEvent[]): void {
    const index = this.#count++;
    // Validated before anything is emitted: a bad item throws and leaves the translator as it was.
    let message = guarded([index], () => quickMessage(item));
    const c = message === null ? runValueShape(item, [index]) : null;
    if (c?.kind === "message") message = messageAt(c.value, this.#registry, c.path);
    else if (c?.kind === "other") throw notRunItem([index], c.value);
    if (this.#ended) return;
    this.#start(out);
    if (c === null || c.kind === "message") {
      this.#message(message as Msg, out);
      return;
    }
    switch (c.kind) {
      case "end": {
        const stop = c.stopReason;
        const interrupt = this.#handoffOf(c, stop);
        for (let i = 0; i < c.count; i++) {
          // Messages already streamed are not validated or sent again.
          const id = c.idAt(i);
          if (id !== undefined && this.#wasSent(id)) continue;
          this.#message(this.#messageAt(c, i), out);
        }
        this.#finished(out, interrupt === null ? undefined : { type: "interrupt", interrupts: [interrupt] }, stop);
        return;
      }
      case "control": {
        const control = c.control;
        const outcome = controlOutcome(control);
        if (outcome?.kind === "failed") this.#error(out, outcome.failure.message, outcome.failure.code);
        else if (outcome?.kind === "cancelled") this.#finished(out, { type: "cancelled" });
        else if (control.type === "input_request") out.push({ type: EventType.CUSTOM, name: "input_request", value: { ...control } });
        return;
      }
      case "error":
        this.#error(out, c.message, c.failure.code);
        return;
      default:
        c satisfies never; // a new RunValueShape variant stops the compiler here
    }
  }

  /** True when message `id` was sent already, or is the front end's (for a TaskResult's messages). */
  #wasSent(id: string): boolean {
    if (this.#inputIds.size > 0 && this.#inputIds.has(id)) return true;
    if (this.#sent[this.#sentAt] === id) {
      this.#sentAt++;
      return true;
    }
    this.#sentSet ??= new Set(this.#sent);
    return this.#sentSet.has(id);
  }

  #start(out: AGUIEvent[]): void {
    if (this.#started) return;
    this.#started = true;
    out.push({ type: EventType.RUN_STARTED, threadId: this.#threadId, runId: this.#runId, protocolVersion: PROTOCOL_VERSION });
  }

  /**
   * Message `i` of an end of run, validated (a copy); throws `MessageValidationError` naming its path.
   * The last one loaded is kept: the final HandoffMessage is read for the interrupt, then sent, and a
   * dump without an id must get one id in both.
   */
  #messageAt(c: RunEnd, i: number): Msg {
    const kept = this.#loaded;
    if (kept !== undefined && kept.end === c && kept.i === i) return kept.m;
    const m = messageAt(c.rawAt(i), this.#registry, () => c.pathAt(i)) as Msg;
    this.#loaded = { end: c, i, m };
    return m;
  }
  #loaded: { end: RunEnd; i: number; m: Msg } | undefined;

  /**
   * The interrupt of a run `HandoffTermination` stopped: its last message is a `HandoffMessage`
   * and the stop reason is that condition's (alone or joined with others'). Else null.
   */
  #handoffOf(c: RunEnd, stop: string | null | undefined): Interrupt | null {
    const n = c.count;
    if (n === 0 || typeof stop !== "string" || !stop.includes("Handoff to ")) return null;
    if (c.typeAt(n - 1) !== "HandoffMessage") return null;
    // Validated (a copy), so the fields read are the loaded message's.
    const last = this.#messageAt(c, n - 1) as Msg & { target: string; content: string };
    if (last.type !== "HandoffMessage" || !handoffStopped(stop, last.source, last.target)) return null;
    return handoffInterrupt(last);
  }

  /** Closes what is open, then `RUN_FINISHED` with the outcome, the stop reason and the usage. */
  #finished(out: AGUIEvent[], outcome?: RunFinishedOutcome, stop?: string | null): void {
    if (this.#ended) return;
    this.#start(out);
    this.#close(out);
    const usage = this.#usageList();
    out.push({
      type: EventType.RUN_FINISHED,
      threadId: this.#threadId,
      runId: this.#runId,
      ...(stop !== undefined && stop !== null && { result: { stop_reason: stop } }),
      ...(outcome !== undefined && { outcome }),
      ...(usage !== undefined && { usage }),
    });
    this.#ended = true;
  }

  /** `RUN_FINISHED.usage`: one entry (AutoGen's counts name no model), absent when nothing reported usage. */
  #usageList(): TokenUsage[] | undefined {
    if (!this.#usage) return undefined;
    const inputTokens = clampTokens(this.#inputTokens);
    const outputTokens = clampTokens(this.#outputTokens);
    return [{ inputTokens, outputTokens, totalTokens: clampTokens(inputTokens + outputTokens) }];
  }

  /** Adds a message's `models_usage` once per id (a TaskResult repeats what was streamed). */
  #countUsage(m: Msg): void {
    const u = (m as { models_usage?: unknown }).models_usage;
    if (u === null || u === undefined || typeof u !== "object") return;
    const id = m.id;
    if (typeof id === "string") {
      if (this.#inputIds.size > 0 && this.#inputIds.has(id)) return;
      if (this.#usageIds.has(id)) return;
      this.#usageIds.add(id);
    }
    const { prompt_tokens: p, completion_tokens: c } = u as { prompt_tokens?: unknown; completion_tokens?: unknown };
    this.#usage = true;
    if (typeof p === "number" && Number.isFinite(p)) this.#inputTokens += p;
    if (typeof c === "number" && Number.isFinite(c)) this.#outputTokens += c;
  }

  #error(out: AGUIEvent[], message: string, code?: string): void {
    if (this.#ended) return;
    this.#start(out);
    this.#close(out);
    out.push({ type: EventType.RUN_ERROR, message, ...(code !== undefined && { code }) });
    this.#ended = true;
  }

  /** Closes the open stream and step. */
  #close(out: AGUIEvent[]): void {
    this.#endStream(out);
    if (this.#step !== null) out.push({ type: EventType.STEP_FINISHED, stepName: this.#step });
    this.#step = null;
  }

  #endStream(out: AGUIEvent[]): void {
    if (this.#open) out.push({ type: EventType.TEXT_MESSAGE_END, messageId: this.#open.messageId });
    this.#open = null;
  }

  #stepOf(source: string, out: AGUIEvent[]): void {
    if (this.#step === source) return;
    this.#close(out);
    out.push({ type: EventType.STEP_STARTED, stepName: source });
    this.#step = source;
  }

  #role(source: string): TextMessageRole {
    return source === "user" || (this.#users.size > 0 && this.#users.has(source)) ? "user" : "assistant";
  }

  #message(m: Msg, out: AGUIEvent[]): void {
    const type = m.type;
    this.#countUsage(m);
    if (type === "ModelClientStreamingChunkEvent") return this.#chunk(m as Msg & { full_message_id?: string | null; content: string }, out);
    const id = m.id;
    if (id !== undefined) {
      if (this.#inputIds.size > 0 && this.#inputIds.has(id)) return;
      if (this.#sentSet !== null && this.#sentSet.has(id)) return;
      this.#sent.push(id);
      this.#sentSet?.add(id);
    }
    const source = m.source;
    const text = isTextKind(type);
    const open = this.#open;
    if (open) {
      // The final message of the chunks streamed: same full_message_id, or (null) same source and text.
      if (text && (open.fmid !== null ? open.fmid === id : open.source === source && m.content === open.text)) {
        this.#complete(open, m, out);
        return;
      }
      this.#endStream(out);
    }
    if (text && id !== undefined && this.#byFmid.size > 0) {
      const streamed = this.#byFmid.get(id);
      if (streamed) {
        this.#complete(streamed, m, out);
        return;
      }
    }
    this.#stepOf(source, out);
    if (text) {
      this.#text(id !== undefined ? compactId(id) : `${this.#idBase}:${this.#count}`, source, this.#textOf(m), out);
      if (type === "HandoffMessage") {
        // The target has no AG-UI counterpart; the context repeats what was streamed already.
        const { context: _context, ...rest } = dump(m) as Record<string, unknown>;
        out.push({ type: EventType.CUSTOM, name: type, value: rest });
      }
      return;
    }
    switch (type) {
      case "ToolCallRequestEvent": {
        // The calls' message, opened empty first so that it carries its author (`name`) as a text message does.
        const parentMessageId = id !== undefined ? compactId(id) : `${this.#idBase}:${this.#count}`;
        out.push({ type: EventType.TEXT_MESSAGE_START, messageId: parentMessageId, role: "assistant", name: source });
        out.push({ type: EventType.TEXT_MESSAGE_END, messageId: parentMessageId });
        for (const call of (m as unknown as { content: { id: string; name: string; arguments: string }[] }).content) {
          out.push({ type: EventType.TOOL_CALL_START, toolCallId: call.id, toolCallName: call.name, parentMessageId });
          if (call.arguments !== "") out.push({ type: EventType.TOOL_CALL_ARGS, toolCallId: call.id, delta: call.arguments });
          out.push({ type: EventType.TOOL_CALL_END, toolCallId: call.id });
        }
        return;
      }
      case "ToolCallExecutionEvent": {
        const results = (m as unknown as { content: { call_id: string; content: string; is_error?: boolean | null }[] }).content;
        for (let i = 0; i < results.length; i++) {
          const r = results[i]!;
          out.push({
            type: EventType.TOOL_CALL_RESULT,
            messageId: `${id !== undefined ? compactId(id) : this.#idBase}:${i}`,
            toolCallId: r.call_id,
            content: r.content,
            ...(r.is_error === true && { metadata: { is_error: true } }),
          });
        }
        return;
      }
      case "ThoughtEvent": {
        const messageId = id !== undefined ? compactId(id) : `${this.#idBase}:${this.#count}`;
        const content = m.content as string;
        out.push({ type: EventType.REASONING_START, messageId });
        out.push({ type: EventType.REASONING_MESSAGE_START, messageId, role: "reasoning" });
        if (content !== "") out.push({ type: EventType.REASONING_MESSAGE_CONTENT, messageId, delta: content });
        out.push({ type: EventType.REASONING_MESSAGE_END, messageId });
        out.push({ type: EventType.REASONING_END, messageId });
        return;
      }
      case "UserInputRequestedEvent":
        // The source is a human proxy: what it says next is the user's.
        this.#users.add(source);
        break;
    }
    out.push({ type: EventType.CUSTOM, name: type, value: dump(m) });
  }

  #text(messageId: string, source: string, content: string, out: AGUIEvent[]): void {
    out.push({ type: EventType.TEXT_MESSAGE_START, messageId, role: this.#role(source), name: source });
    if (content !== "") out.push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: content });
    out.push({ type: EventType.TEXT_MESSAGE_END, messageId });
  }

  /** The final message of a chunk stream: not sent again; only text the chunks lacked is added. */
  #complete(s: Streamed, m: Msg, out: AGUIEvent[]): void {
    if (s.fmid !== null) this.#byFmid.delete(s.fmid);
    const full = this.#textOf(m);
    const rest = full.length > s.text.length && full.startsWith(s.text) ? full.slice(s.text.length) : "";
    if (this.#open === s) {
      if (rest !== "") out.push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: s.messageId, delta: rest });
      this.#endStream(out);
    } else if (rest !== "") {
      this.#endStream(out);
      this.#stepOf(s.source, out);
      out.push({ type: EventType.TEXT_MESSAGE_START, messageId: s.messageId, role: this.#role(s.source), name: s.source });
      out.push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: s.messageId, delta: rest });
      out.push({ type: EventType.TEXT_MESSAGE_END, messageId: s.messageId });
    }
    s.text = full.startsWith(s.text) ? full : s.text;
  }

  #chunk(m: Msg & { full_message_id?: string | null; content: string }, out: AGUIEvent[]): void {
    const fmid = m.full_message_id ?? null;
    const source = m.source;
    let s = this.#open;
    if (!(s && s.fmid === fmid && s.source === source)) {
      this.#endStream(out);
      this.#stepOf(source, out);
      s = fmid !== null ? this.#byFmid.get(fmid) ?? null : null;
      if (!s) {
        const key = fmid ?? m.id;
        s = { messageId: key !== undefined ? compactId(key) : `${this.#idBase}:${this.#count}`, fmid, source, text: "" };
        if (fmid !== null) this.#byFmid.set(fmid, s);
      }
      // Re-opening a message continues it (@ag-ui/client appends to the message with that id).
      out.push({ type: EventType.TEXT_MESSAGE_START, messageId: s.messageId, role: this.#role(source), name: source });
      this.#open = s;
    }
    if (m.content !== "") {
      s.text += m.content;
      out.push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: s.messageId, delta: m.content });
    }
  }

  /** AutoGen's own text of a chat message (format string applied; images as `<image>`). */
  #textOf(m: Msg): string {
    if (typeof m.content === "string") return m.content;
    const json = JSON.stringify(m.content) ?? "null";
    let text: string;
    try {
      text = toText(m, { registry: this.#registry });
    } catch {
      // A format string that fails in Python too (to_text raises): the content as JSON.
      return json;
    }
    // A format string's widths can make megabytes of padding from a few bytes: past a bound
    // linear in the message, the content as JSON (the events stay linear in the run).
    const format = (m as { format_string?: unknown }).format_string;
    const bound = TEXT_CONSTANT + TEXT_FACTOR * (json.length + (typeof format === "string" ? format.length : 0));
    return typeof text === "string" && text.length <= bound ? text : json;
  }
}

/** Rendered text allowed per character of a message's content and format string, plus a constant (see `#textOf`). */
const TEXT_FACTOR = 16;
const TEXT_CONSTANT = 4096;

/** A token count as AG-UI takes it: an integer in [0, 2^53 - 1] (sums of hostile counts are clamped). */
function clampTokens(n: number): number {
  if (!(n > 0)) return 0;
  return n > Number.MAX_SAFE_INTEGER ? Number.MAX_SAFE_INTEGER : Math.floor(n);
}

/**
 * An incremental AutoGen → AG-UI translator for a live run (see {@link AgUiTranslator}).
 *
 * @example
 * const t = createAgUiTranslator({ threadId: "thread-1", runId: "run-1" });
 * t.push({ type: "TextMessage", source: "user", content: "Hi" }).map((e) => e.type)
 * // ["RUN_STARTED", "STEP_STARTED", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END"]
 */
export function createAgUiTranslator(options: AgUiTranslateOptions): AgUiTranslator {
  return new Translator(options);
}

/**
 * The AG-UI events of one AutoGen run, given its items in stream order (message and event dumps
 * or loaded messages, the `TaskResult` / `Response`, the items and error items of the `./stream`
 * readers): `RUN_STARTED`, each agent's turn as a step with its text messages, tool calls and
 * results, reasoning and `CUSTOM` events, then `RUN_FINISHED` (`result: { stop_reason }`) or
 * `RUN_ERROR`. The mapping is in docs/ag-ui.md. Throws `MessageValidationError` naming the path
 * of a non-AutoGen item; never changes the items.
 *
 * @example
 * toAgUiEvents([{ type: "TextMessage", source: "user", content: "Hi" }, { messages: [], stop_reason: "done" }], { threadId: "t", runId: "r" }).at(-1)
 * // { type: "RUN_FINISHED", threadId: "t", runId: "r", result: { stop_reason: "done" } }
 */
export function toAgUiEvents(items: Iterable<AutoGenRunItem>, options: AgUiTranslateOptions): AGUIEvent[] {
  const t = new Translator(options);
  const out: AGUIEvent[] = [];
  const iterator = guarded([], () => {
    const next = items !== null && (typeof items === "object" || typeof items === "function") ? (items as { [Symbol.iterator]?: unknown })[Symbol.iterator] : undefined;
    if (typeof next !== "function") throw new MessageValidationError(undefined, [{ path: [], code: "list_type", message: `expected an iterable of AutoGen run items (an array), got ${typeName(items)}` }], "item");
    return (next as () => Iterator<unknown>).call(items);
  });
  for (let i = 0; ; i++) {
    // The iterator is the caller's (a generator, a proxy): what it throws is reported at the item it was producing.
    const step = guarded([i], () => iterator.next());
    if (step.done) break;
    t.write(step.value as AutoGenRunItem, out);
  }
  t.finish(out);
  return out;
}
