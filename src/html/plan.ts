/**
 * The run behind a page: the items flattened into what gets a card (the messages of a
 * `TaskResult` / `Response` only when they were not already in the stream), streamed chunks
 * folded into the message they make up, tool calls paired with their results by `call_id`,
 * and the totals. Nothing here trusts a shape: items that are not what they claim to be are
 * kept as they are, for the page to show generically.
 */
import { MessageStats, type MessageSummary } from "../run/stats.js";
import { MessageAccumulator } from "../run/messages.js";
import { isResponse, isTaskResult } from "../run/values.js";
import type { AgentMessage } from "../kinds.js";
import { StreamAssembler, type StreamedText } from "../stream/assembler.js";
import { describeThrown } from "./json.js";
import { KIND } from "../kind-groups.js";

/** A JSON object as read from an item (fields unchecked). */
export type Rec = Record<string, unknown>;

export const isRec = (v: unknown): v is Rec => v !== null && typeof v === "object" && !Array.isArray(v);

/** A tool call's block on the page and, once seen, its result. */
export interface CallSlot {
  readonly anchor: string;
  result?: Rec;
  /** The card of the `ToolCallExecutionEvent` that carried the result. */
  resultCard?: MessageEntry;
}

/** Where a card sits: its number and its agent and kind (indexes into {@link Run.cardSources} / {@link Run.cardKinds}). */
export interface CardSlot {
  /** Card number (1-based), set for entries that get a card. */
  n: number;
  s?: number;
  k?: number;
}

export interface MessageEntry extends CardSlot {
  readonly kind: "message";
  readonly message: Rec;
  /** The streamed chunks folded into this message. */
  stream?: StreamedText;
  /** A chunk shown inside another card (or, with `orphan`, as the card of its whole stream). */
  folded?: boolean;
  /** A stream that never got its final message: shown as one card at its first chunk. */
  orphan?: StreamedText;
}

export type Entry =
  | MessageEntry
  | ({ readonly kind: "value"; readonly value: unknown; readonly reason?: string } & CardSlot)
  | { readonly kind: "result"; readonly stopReason: unknown; readonly count: number }
  | { readonly kind: "response"; readonly source: unknown; readonly inner: number };

export interface Run {
  readonly entries: Entry[];
  /** Call blocks by the `FunctionCall` object they show, and by the result object they hold. */
  readonly calls: Map<object, CallSlot>;
  readonly results: Map<object, CallSlot>;
  /** The latest call block per `call_id` (what a `ToolCallSummaryMessage` links to). */
  readonly callsById: Map<string, CallSlot>;
  /** Colour slot (0–7) per source, in order of first appearance. */
  readonly sources: Map<string, number>;
  readonly stats: MessageSummary;
  /** The `stop_reason` of every `TaskResult`, in order. */
  readonly stopReasons: unknown[];
  /** Cards on the page: every count the page shows (header, chips, toolbar, footer) counts these. */
  readonly cards: number;
  /** Messages, events and other values in the input (a TaskResult's messages already streamed counted once). */
  readonly items: number;
  /** Agents (sources) and kinds of the cards, in order of first appearance, with their card counts. */
  readonly cardSources: Array<[string, number]>;
  readonly cardKinds: Array<[string, number]>;
}

/** What the filters call a card without a source or a type. */
export const NO_SOURCE = "(no source)";

/** A name's index in `list` (added with count 0 when new), its count incremented. */
function tally(list: Array<[string, number]>, index: Map<string, number>, name: string): number {
  let i = index.get(name);
  if (i === undefined) {
    i = list.length;
    index.set(name, i);
    list.push([name, 0]);
  }
  list[i]![1]++;
  return i;
}

const CHUNK = KIND.ModelClientStreamingChunkEvent;

/** The usage as a number pair, or null when absent or malformed. */
export function usageOf(m: Rec): { prompt_tokens: number; completion_tokens: number } | null {
  const u = m.models_usage;
  if (!isRec(u) || typeof u.prompt_tokens !== "number" || typeof u.completion_tokens !== "number") return null;
  return { prompt_tokens: u.prompt_tokens, completion_tokens: u.completion_tokens };
}

/**
 * Flattens the items (see the module comment). An item whose reading throws (a getter, a proxy)
 * becomes a value entry with the reason; so does an iterable that throws part way.
 */
function flatten(items: Iterable<unknown>): Entry[] {
  const entries: Entry[] = [];
  const seen = new MessageAccumulator();
  const add = (m: unknown, fromResult: boolean): void => {
    try {
      if (!isRec(m)) {
        entries.push({ kind: "value", value: m, n: 0 });
        return;
      }
      const id = typeof m.id === "string" && m.id !== "" ? m.id : null;
      // A message streamed and then met again in the TaskResult / Response is drawn once.
      const fresh = id === null || seen.add({ id });
      if (fromResult && !fresh) return;
      entries.push({ kind: "message", message: m, n: 0 });
    } catch (e) {
      entries.push({ kind: "value", value: m, n: 0, reason: describeThrown(e) });
    }
  };
  const addItem = (item: unknown): void => {
    if (isTaskResult(item)) {
      for (const m of item.messages) add(m, true);
      entries.push({ kind: "result", stopReason: item.stop_reason, count: item.messages.length });
    } else if (isResponse(item)) {
      const inner: unknown = item.inner_messages;
      if (Array.isArray(inner)) for (const m of inner) add(m, true);
      add(item.chat_message, true);
      entries.push({ kind: "response", source: item.chat_message.source, inner: Array.isArray(inner) ? inner.length : 0 });
    } else add(item, false);
  };
  try {
    for (const item of items) {
      const before = entries.length;
      try {
        addItem(item);
      } catch (e) {
        entries.length = before;
        entries.push({ kind: "value", value: item, n: 0, reason: describeThrown(e) });
      }
    }
  } catch (e) {
    entries.push({ kind: "value", value: undefined, n: 0, reason: `the items could not be read to the end: ${describeThrown(e)}` });
  }
  return entries;
}

/** An id the assembler can key on: a string, or none. */
const plainId = (id: unknown): boolean => id === undefined || id === null || typeof id === "string";

/** Folds chunks with the library's `StreamAssembler` (linked by `full_message_id`, or id-less by source). */
function foldChunks(entries: Entry[]): void {
  const assembler = new StreamAssembler();
  const firstChunk = new Map<object, MessageEntry>();
  const harvest = () => {
    for (const s of assembler.pending()) {
      const e = firstChunk.get(s.chunks[0]!);
      if (e) e.orphan = s;
    }
    assembler.reset();
  };
  for (const e of entries) {
    // A run's end closes its streams: an id-less chunk never completes a message of the next run.
    if (e.kind === "result" || e.kind === "response") harvest();
    if (e.kind !== "message") continue;
    const m = e.message;
    try {
      if (typeof m.type !== "string" || typeof m.source !== "string") continue;
      if (m.type === CHUNK) {
        // Malformed (content not text, an id that is not one): shown as it is.
        if (typeof m.content !== "string" || !plainId(m.full_message_id)) continue;
        assembler.push(m as AgentMessage);
        e.folded = true;
        firstChunk.set(m, e);
        continue;
      }
      if (!plainId(m.id)) continue;
      const u = assembler.push(m as AgentMessage);
      if (u.kind === "final") e.stream = u.stream;
    } catch {
      // a getter threw: the message is shown on its own card, which reports it
    }
  }
  harvest();
}

/** Pairs each result with the latest call of its `call_id` that has no result yet. */
function pairCalls(entries: Entry[], run: Pick<Run, "calls" | "results" | "callsById">): void {
  const open = new Map<string, CallSlot[]>();
  let n = 0;
  for (const e of entries) {
    try {
      pairEntry(e);
    } catch {
      // a getter threw: the card shows the message as it can
    }
  }
  function pairEntry(e: Entry): void {
    if (e.kind !== "message" || !Array.isArray(e.message.content)) return;
    if (e.message.type === KIND.ToolCallRequestEvent) {
      for (const call of e.message.content) {
        if (!isRec(call)) continue;
        const slot: CallSlot = { anchor: `call-${++n}` };
        run.calls.set(call, slot);
        if (typeof call.id !== "string") continue;
        run.callsById.set(call.id, slot);
        const list = open.get(call.id);
        if (list) list.push(slot);
        else open.set(call.id, [slot]);
      }
    } else if (e.message.type === KIND.ToolCallExecutionEvent) {
      for (const result of e.message.content) {
        if (!isRec(result) || typeof result.call_id !== "string") continue;
        const slot = open.get(result.call_id)?.pop();
        if (!slot) continue;
        slot.result = result;
        slot.resultCard = e;
        run.results.set(result, slot);
      }
    }
  }
}

/** Builds the run of a page from its items. */
export function planRun(items: Iterable<unknown>): Run {
  const entries = flatten(items);
  foldChunks(entries);
  const run = { calls: new Map<object, CallSlot>(), results: new Map<object, CallSlot>(), callsById: new Map<string, CallSlot>() };
  pairCalls(entries, run);
  const stats = new MessageStats();
  const sources = new Map<string, number>();
  const stopReasons: unknown[] = [];
  let cards = 0;
  let itemCount = 0;
  const cardSources: Array<[string, number]> = [];
  const cardKinds: Array<[string, number]> = [];
  const sourceIndex = new Map<string, number>();
  const kindIndex = new Map<string, number>();
  const place = (e: CardSlot, source: string, kind: string): void => {
    e.n = ++cards;
    e.s = tally(cardSources, sourceIndex, source);
    e.k = tally(cardKinds, kindIndex, kind);
  };
  for (const e of entries) {
    if (e.kind === "result") stopReasons.push(e.stopReason);
    if (e.kind === "value") {
      itemCount++;
      place(e, NO_SOURCE, e.reason === undefined ? "(not a message)" : "(unreadable)");
    }
    if (e.kind !== "message") continue;
    itemCount++;
    const m = e.message;
    if (!e.folded || e.orphan) {
      let source = NO_SOURCE;
      let kind = "(unreadable)";
      try {
        source = typeof m.source === "string" ? m.source : NO_SOURCE;
        kind = e.orphan ? CHUNK : typeof m.type === "string" ? m.type : "(unknown)";
      } catch {
        // a getter threw: its card says why
      }
      place(e, source, kind);
    }
    try {
      const source = typeof m.source === "string" ? m.source : null;
      if (source !== null && !sources.has(source)) sources.set(source, sources.size % 8);
      // Counted as the stats command counts (chunks included); only the fields MessageStats reads.
      if (typeof m.type === "string" && source !== null) {
        stats.add({ type: m.type, source, models_usage: usageOf(m), created_at: typeof m.created_at === "string" ? m.created_at : "" } as AgentMessage);
      }
    } catch {
      // a getter threw: not counted; its card says why
    }
  }
  return { entries, ...run, sources, stats: stats.summary(), stopReasons, cards, items: itemCount, cardSources, cardKinds };
}
