/// <reference types="node" />
// The library compiles without Node types (it must run in browsers); the CLI opts in here.
/**
 * Reading the CLI's input: a file or stdin (gzip-compressed or not), holding JSON Lines, a JSON
 * array, or one JSON document as Python's `json.dump` writes it (pretty-printed or not). The
 * format is detected from the first non-blank character and, for `{`, whether the first line is
 * a whole JSON value: JSON Lines are read as a stream (one partial line in memory at a time); an
 * array or a multi-line document is necessarily read whole. Each value is recognised as a message,
 * a `TaskResult` / `Response`, a saved state (`./state`), a component config (`./components`) or a
 * Microsoft Agent Framework document (`./maf`: a session, message or response, shown as its messages).
 */
import { createReadStream, fstatSync } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { safeLoadComponent } from "../components/load.js";
import type { AnyComponent } from "../components/roles.js";
import type { AnyState } from "../state/schemas.js";
import { safeLoadState } from "../state/load.js";
import { Response, TaskResult } from "../contracts/schemas.js";
import type { ConsoleItem } from "../console/renderer.js";
import { isResponse, isTaskResult } from "../run/values.js";
import type { MessageValidationError } from "../errors.js";
import { safeLoad } from "../load.js";
import { safeParseWith } from "../parse.js";
import { readLines } from "../stream/lines.js";
import { brokenJsonMessage } from "./broken-json.js";
import type { AgentMessage } from "../kinds.js";
import { fromMafMessages, loadMaf, type MafValue, type Message as MafMessage } from "../maf/index.js";
import { isObject } from "../wire/json-data.js";

/**
 * Where an item was in the input: a JSON Lines line number, an array index, or the whole input
 * (one JSON document spanning several lines).
 *
 * @example const at: Location = { line: 7 }
 */
export type Location = { readonly line: number } | { readonly index: number } | { readonly document: true };

/**
 * What a valid item is: a message or event, a `TaskResult` / `Response` (run results, shown by
 * the Console), a saved state (`save_state()`) or a component config (`dump_component()`).
 *
 * @example const found: Found = "state"
 */
export type Found = "message" | "result" | "state" | "component";

/**
 * A MAF document of the input (`kind` "MAF AgentSession", …): the value `loadMaf` holds and its
 * messages as AutoGen messages (`fromMafMessages`), which the views show.
 *
 * @example if (item.ok && item.found === "result" && item.maf) console.log(item.maf.messages.length)
 */
export interface MafInput {
  readonly value: MafValue;
  readonly messages: readonly AgentMessage[];
}

/** One item of the input, loaded or rejected (a MAF document: `found` "result", with `maf`). @example if (!item.ok) console.error(describeLocation(item.at)) */
export type InputItem =
  | { readonly ok: true; readonly at: Location; readonly kind: string; readonly found: "message" | "result"; readonly item: ConsoleItem; readonly maf?: MafInput }
  | { readonly ok: true; readonly at: Location; readonly kind: string; readonly found: "state"; readonly state: AnyState }
  | { readonly ok: true; readonly at: Location; readonly kind: string; readonly found: "component"; readonly component: AnyComponent }
  | { readonly ok: false; readonly at: Location; readonly error: MessageValidationError; readonly payload: unknown }
  | { readonly ok: false; readonly at: Location; readonly syntaxError: string };

/** The valid items that are messages, events or run results (what the Console renders). @example if (item.ok && item.found !== "state" && item.found !== "component") renderer.write(item.item) */
export type ConsoleInputItem = Extract<InputItem, { readonly item: ConsoleItem }>;

/** How the summaries name what was found: `TeamState (saved state)`, `RoundRobinGroupChat (component config)`. @example foundLabel("state", "TeamState") // "TeamState (saved state)" */
export function foundLabel(found: Found, kind: string): string {
  return found === "state" ? `${kind} (saved state)` : found === "component" ? `${kind} (component config)` : kind;
}

/** The input cannot be read or is not JSON at all: the CLI stops with exit status 2. @example throw new InputError("cannot read run.jsonl: no such file") */
export class InputError extends Error {
  static override readonly name: string = "InputError"; // what Node prints, even when a bundler renames the class
  override readonly name = "InputError";
}

/** `line 7` / `index 3` / `document`. @example describeLocation({ line: 7 }) // "line 7" */
export function describeLocation(at: Location): string {
  return "line" in at ? `line ${at.line}` : "index" in at ? `index ${at.index}` : "document";
}


/**
 * Whether a JSON value is meant as a saved state: every state class AutoGen writes is named
 * `…State` (no message kind is), and GraphFlow's manager state has no `type` but its own keys.
 */
function looksLikeState(v: Record<string, unknown>): boolean {
  if (typeof v.type === "string") return v.type.endsWith("State");
  return v.type === undefined && "message_thread" in v && ("remaining" in v || "enqueued_any" in v || "ready" in v);
}

/** Whether a JSON value is meant as a component config: the `ComponentModel` envelope (`provider` and `config`, no `type`). */
function looksLikeComponent(v: Record<string, unknown>): boolean {
  return v.type === undefined && typeof v.provider === "string" && "config" in v;
}

/** The MAF classes a document of the input may be, by `type`. */
const MAF_DOCUMENTS: Readonly<Record<string, "AgentSession" | "Message" | "AgentResponse" | "AgentResponseUpdate" | "ChatResponse" | "ChatResponseUpdate">> = {
  session: "AgentSession",
  message: "Message",
  agent_response: "AgentResponse",
  agent_response_update: "AgentResponseUpdate",
  chat_response: "ChatResponse",
  chat_response_update: "ChatResponseUpdate",
};

/** The messages of a loaded MAF document: a session's history, a response's messages, an update as one message. */
function mafMessages(value: MafValue): MafMessage[] {
  const v = value as unknown as Record<string, unknown>;
  if (v.type === "session") return (v.state as { in_memory?: { messages?: MafMessage[] } }).in_memory?.messages ?? [];
  if (v.type === "message") return [value as MafMessage];
  if (Array.isArray(v.messages)) return v.messages as MafMessage[];
  // An update: its contents as the message it is part of.
  return [{ type: "message", role: typeof v.role === "string" ? v.role : "assistant", contents: (v.contents ?? []) as MafMessage["contents"], ...(typeof v.author_name === "string" ? { author_name: v.author_name } : {}), ...(typeof v.message_id === "string" ? { message_id: v.message_id } : {}), additional_properties: {} }];
}

/** Loads a MAF document (`loadMaf`), or null when `payload` is not one. */
function loadMafItem(payload: unknown, at: Location): InputItem | null {
  const type = payload !== null && typeof payload === "object" && !Array.isArray(payload) ? (payload as { type?: unknown }).type : undefined;
  const cls = typeof type === "string" && Object.hasOwn(MAF_DOCUMENTS, type) ? MAF_DOCUMENTS[type]! : undefined;
  if (cls === undefined) return null;
  try {
    const value = loadMaf(payload, cls) as MafValue;
    const messages = fromMafMessages(mafMessages(value));
    return { ok: true, at, kind: `MAF ${cls}`, found: "result", item: { messages, stop_reason: null } as unknown as ConsoleItem, maf: { value, messages } };
  } catch (e) {
    if (!(e instanceof Error && e.name === "MessageValidationError")) throw e;
    return { ok: false, at, error: e as MessageValidationError, payload };
  }
}

/**
 * What an input item stands for in a run: a message or result, or a MAF document's messages.
 *
 * @example for (const x of itemsOf(item)) renderer.write(x)
 */
export function itemsOf(item: InputItem & { ok: true; found: "message" | "result" }): readonly ConsoleItem[] {
  return item.maf ? item.maf.messages : [item.item];
}

/**
 * Loads one JSON value: a message, a `TaskResult` / `Response` object (which have no `type`), a
 * saved state (`loadState`), a component config (`loadComponent`) or a MAF document (`"type": "session"`,
 * `"message"`, `"agent_response"`, …, checked by `loadMaf`), recognised by their shape and then validated as that.
 *
 * @example loadItem({ type: "TextMessage", source: "u", content: "hi" }, { index: 0 }).ok // true
 */
export function loadItem(payload: unknown, at: Location): InputItem {
  const maf = loadMafItem(payload, at);
  if (maf !== null) return maf;
  if (isTaskResult(payload) || isResponse(payload)) {
    const [schema, name] = isTaskResult(payload) ? [TaskResult, "TaskResult"] as const : [Response, "Response"] as const;
    const r = safeParseWith(schema, payload, name);
    return r.success ? { ok: true, at, kind: name, found: "result", item: r.data as ConsoleItem } : { ok: false, at, error: r.error, payload };
  }
  if (isObject(payload) && looksLikeState(payload)) {
    const r = safeLoadState(payload);
    if (!r.success) return { ok: false, at, error: r.error, payload };
    const type = (r.data as { type?: unknown }).type;
    return { ok: true, at, kind: typeof type === "string" ? type : "GraphFlowManagerState", found: "state", state: r.data };
  }
  if (isObject(payload) && looksLikeComponent(payload)) {
    const r = safeLoadComponent(payload);
    if (!r.success) return { ok: false, at, error: r.error, payload };
    return { ok: true, at, kind: r.data.provider, found: "component", component: r.data as AnyComponent };
  }
  const r = safeLoad(payload);
  return r.success ? { ok: true, at, kind: r.data.type, found: "message", item: r.data } : { ok: false, at, error: r.error, payload };
}

function readError(name: string, e: unknown): InputError {
  const code = (e as { code?: string }).code;
  const reason =
    code === "ENOENT" ? "no such file" : code === "EISDIR" ? "is a directory" : code === "EACCES" ? "permission denied" : e instanceof Error ? e.message : String(e);
  return new InputError(`cannot read ${name}: ${reason}`);
}

/** How {@link readInput} reads: where stdin comes from, and who is told of the bytes read. @example readInput("run.jsonl", { onBytes: (n) => (total += n) }) */
export interface ReadOptions {
  /** Stdin's chunks (default `process.stdin`); tests hand in their own. */
  readonly stdin?: AsyncIterable<Buffer | string>;
  /** Called with the size of each chunk read (for the progress line). */
  readonly onBytes?: (bytes: number) => void;
}

/** The chunks of the input as stored (compressed or not), with read errors turned into {@link InputError}. */
async function* rawChunksOf(path: string | undefined, options: ReadOptions): AsyncGenerator<Buffer> {
  const name = path ?? "stdin";
  const stream = path === undefined ? (options.stdin ?? process.stdin) : createReadStream(path);
  try {
    for await (const chunk of stream) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
      options.onBytes?.(bytes.length); // the stored bytes: the progress line's total is the file's size
      yield bytes;
    }
  } catch (e) {
    throw readError(name, e);
  }
}

/** gzip's magic number (RFC 1952): a `.gz` file, or `gzip -c run.jsonl |` on stdin. */
const isGzip = (b: Buffer): boolean => b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b;

/** The chunks of the input, gunzipped as they arrive when it starts with gzip's magic number. */
async function* chunksOf(path: string | undefined, options: ReadOptions): AsyncGenerator<Buffer> {
  const raw = rawChunksOf(path, options);
  const head: Buffer[] = [];
  let size = 0;
  while (size < 2) {
    const next = await raw.next();
    if (next.done) break;
    head.push(next.value);
    size += next.value.length;
  }
  const first = Buffer.concat(head);
  if (!isGzip(first)) {
    if (first.length > 0) yield first;
    yield* raw;
    return;
  }
  const gunzip = createGunzip();
  const compressed = Readable.from((async function* () {
    yield first;
    yield* raw;
  })());
  compressed.on("error", (e) => gunzip.destroy(e)); // `pipe` does not pass a read error on: the loop below would wait forever
  compressed.pipe(gunzip);
  try {
    for await (const chunk of gunzip) yield chunk as Buffer;
  } catch (e) {
    if (e instanceof InputError) throw e;
    // The stream stops before gzip's end: the file was cut (what was decompressed so far has been read).
    if ((e as { code?: string }).code === "Z_BUF_ERROR") throw new InputError(`${path ?? "stdin"} is cut off: its gzip stream ends early (${e instanceof Error ? e.message : String(e)}); was it written or copied only in part?`);
    throw new InputError(`cannot read ${path ?? "stdin"}: not a valid gzip stream (${e instanceof Error ? e.message : String(e)})`);
  }
}

/**
 * The size in bytes of the input when it is a regular file (a path, or stdin redirected from
 * a file), else undefined (a pipe, a terminal, an unreadable path).
 *
 * @example await inputSize("run.jsonl") // 5130
 */
export async function inputSize(path: string | undefined): Promise<number | undefined> {
  try {
    const s = path === undefined ? fstatSync(0) : await stat(path);
    return s.isFile() ? s.size : undefined;
  } catch {
    return undefined;
  }
}

/** The first character that is not whitespace or a byte-order mark, or null. */
function firstSignificant(text: string): string | null {
  const m = /[^\s\ufeff]/.exec(text);
  return m ? m[0] : null;
}

/**
 * The items of the input file (`undefined`: stdin), in order. An empty input (nothing but
 * whitespace) has no items. Throws {@link InputError} when the input cannot be read or is
 * neither JSON Lines, a JSON array nor a JSON document.
 *
 * @example for await (const item of readInput("run.jsonl")) if (!item.ok) console.log(describeLocation(item.at))
 */
export async function* readInput(path: string | undefined, options: ReadOptions = {}): AsyncGenerator<InputItem> {
  const name = path ?? "stdin";
  const source = chunksOf(path, options);
  // Peek until the first significant character decides the format; keep what was read.
  const head: Buffer[] = [];
  let first: string | null = null;
  for (;;) {
    const next = await source.next();
    if (next.done) break;
    head.push(next.value);
    // Decoding a prefix may cut a character in two; only ASCII decides the format, so that is harmless.
    first = firstSignificant(Buffer.concat(head).toString("utf8"));
    if (first !== null) break;
  }
  // Empty: no items, which is valid (a run that produced nothing, a file about to be filled).
  if (first === null) return;

  let bytes = 0; // the (decompressed) size read, for a broken document's error
  const replay = async function* (): AsyncGenerator<Buffer> {
    for await (const chunk of (async function* () {
      yield* head;
      yield* source;
    })()) {
      bytes += chunk.length;
      yield chunk;
    }
  };

  if (first === "[") {
    const chunks: Buffer[] = [];
    for await (const c of replay()) chunks.push(c);
    const text = Buffer.concat(chunks).toString("utf8").replace(/^\ufeff/, "");
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch (e) {
      throw new InputError(brokenJsonMessage(name, text, e instanceof Error ? e.message : String(e), bytes));
    }
    const array = payload as unknown[];
    for (let index = 0; index < array.length; index++) yield loadItem(array[index], { index });
    return;
  }
  if (first !== "{") {
    throw new InputError(`${name} is neither a JSON array nor JSON Lines nor a JSON document (it starts with ${JSON.stringify(first)})`);
  }
  // `{`: JSON Lines when the first non-blank line is a whole JSON value; otherwise one document
  // spread over lines (`json.dump(obj, f, indent=2)`), read whole. When the whole does not parse
  // either, it is JSON Lines with a bad first line if its next line starts a record of its own
  // (each bad line is then reported where it is); else one broken document: an input error
  // saying where it is cut off or breaks.
  const lines = readLines(replay());
  const held: { line: number; text: string }[] = [];
  for (;;) {
    const next = await lines.next();
    if (next.done) break;
    held.push(next.value);
    if (next.value.text.trim() !== "") break;
  }
  const firstLine = held.at(-1)!;
  if (parses(firstLine.text)) {
    yield* lineItems(held);
    yield* lineItems(lines);
    return;
  }
  for await (const l of lines) held.push(l);
  const text = held.map((l) => l.text).join("\n");
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch (e) {
    if (nextLineIsRecord(held)) {
      yield* lineItems(held);
      return;
    }
    throw new InputError(brokenJsonMessage(name, text.replace(/^\ufeff/, ""), e instanceof Error ? e.message : String(e), bytes));
  }
  yield loadItem(payload, { document: true });
}

/**
 * Whether the non-blank line after the first starts a record of its own (`{`): then the input is
 * JSON Lines whose first line is broken. The second line of a pretty-printed object is a member
 * (`  "type": "TeamState",`) or its closing `}`, whatever the indent: it never starts with `{`.
 */
function nextLineIsRecord(held: readonly { text: string }[]): boolean {
  let seen = 0;
  for (const { text } of held) {
    const t = text.trimStart();
    if (t === "") continue;
    if (++seen === 2) return t.startsWith("{");
  }
  return false;
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The items of JSON Lines (blank lines skipped). */
async function* lineItems(lines: Iterable<{ line: number; text: string }> | AsyncIterable<{ line: number; text: string }>): AsyncGenerator<InputItem> {
  for await (const { line, text } of lines) {
    if (text.trim() === "") continue;
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch (e) {
      yield { ok: false, at: { line }, syntaxError: e instanceof Error ? e.message : String(e) };
      continue;
    }
    yield loadItem(payload, { line });
  }
}
