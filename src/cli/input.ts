/// <reference types="node" />
// The library compiles without Node types (it must run in browsers); the CLI opts in here.
/**
 * Reading the CLI's input: a file or stdin, holding either a JSON array or JSON Lines. The
 * format is detected from the first non-blank character; JSON Lines are read as a stream
 * (one partial line in memory at a time), an array is necessarily read whole.
 */
import { createReadStream, fstatSync } from "node:fs";
import { stat } from "node:fs/promises";
import { Response, TaskResult } from "../contracts/schemas.js";
import type { ConsoleItem } from "../console/renderer.js";
import { isResponse, isTaskResult } from "../console/renderer.js";
import type { MessageValidationError } from "../errors.js";
import { safeLoad } from "../load.js";
import { safeParseWith } from "../parse.js";
import { readLines } from "../stream/lines.js";
import type { AgentMessage } from "../kinds.js";
import { fromMafMessages, loadMaf, type MafValue, type Message as MafMessage } from "../maf/index.js";

/** Where an item was in the input: a JSON Lines line number or an array index. @example const at: Location = { line: 7 } */
export type Location = { readonly line: number } | { readonly index: number };

/**
 * A MAF document of the input (`kind` "MAF AgentSession", …): the value `loadMaf` holds and its
 * messages as AutoGen messages (`fromMafMessages`), which the views show.
 */
export interface MafInput {
  readonly value: MafValue;
  readonly messages: readonly AgentMessage[];
}

/**
 * One item of the input, loaded or rejected. A MAF document also carries `maf`; its `item` is then
 * a `TaskResult` of its messages (stop reason `null`), so that any command reads it as a run.
 *
 * @example if (!item.ok) console.error(describeLocation(item.at))
 */
export type InputItem =
  | { readonly ok: true; readonly at: Location; readonly kind: string; readonly item: ConsoleItem; readonly maf?: MafInput }
  | { readonly ok: false; readonly at: Location; readonly error: MessageValidationError; readonly payload: unknown }
  | { readonly ok: false; readonly at: Location; readonly syntaxError: string };

/** The input cannot be read or is not JSON at all: the CLI stops with exit status 2. @example throw new InputError("cannot read run.jsonl: no such file") */
export class InputError extends Error {
  static override readonly name: string = "InputError"; // what Node prints, even when a bundler renames the class
  override readonly name = "InputError";
}

/** `line 7` / `index 3`. @example describeLocation({ line: 7 }) // "line 7" */
export function describeLocation(at: Location): string {
  return "line" in at ? `line ${at.line}` : `index ${at.index}`;
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
    return { ok: true, at, kind: `MAF ${cls}`, item: { messages, stop_reason: null } as unknown as ConsoleItem, maf: { value, messages } };
  } catch (e) {
    if (!(e instanceof Error && e.name === "MessageValidationError")) throw e;
    return { ok: false, at, error: e as MessageValidationError, payload };
  }
}

/**
 * What an input item stands for in a run: its own item, or a MAF document's messages.
 *
 * @example for (const x of itemsOf(item)) renderer.write(x)
 */
export function itemsOf(item: InputItem & { ok: true }): readonly ConsoleItem[] {
  return item.maf ? item.maf.messages : [item.item];
}

/**
 * Loads one JSON value: a message, a `TaskResult` / `Response` object (which have no `type`), or a
 * MAF document (`"type": "session"`, `"message"`, `"agent_response"`, …, checked by `loadMaf`).
 *
 * @example loadItem({ type: "TextMessage", source: "u", content: "hi" }, { index: 0 }).ok // true
 */
export function loadItem(payload: unknown, at: Location): InputItem {
  const maf = loadMafItem(payload, at);
  if (maf !== null) return maf;
  if (isTaskResult(payload) || isResponse(payload)) {
    const [schema, name] = isTaskResult(payload) ? [TaskResult, "TaskResult"] as const : [Response, "Response"] as const;
    const r = safeParseWith(schema, payload, name);
    return r.success ? { ok: true, at, kind: name, item: r.data as ConsoleItem } : { ok: false, at, error: r.error, payload };
  }
  const r = safeLoad(payload);
  return r.success ? { ok: true, at, kind: r.data.type, item: r.data } : { ok: false, at, error: r.error, payload };
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

/** The chunks of the input, with read errors turned into {@link InputError}. */
async function* chunksOf(path: string | undefined, options: ReadOptions): AsyncGenerator<Buffer> {
  const name = path ?? "stdin";
  const stream = path === undefined ? (options.stdin ?? process.stdin) : createReadStream(path);
  try {
    for await (const chunk of stream) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
      options.onBytes?.(bytes.length);
      yield bytes;
    }
  } catch (e) {
    throw readError(name, e);
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
 * neither a JSON array nor JSON Lines.
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

  const replay = async function* (): AsyncGenerator<Buffer> {
    yield* head;
    yield* source;
  };

  if (first === "[") {
    const chunks: Buffer[] = [];
    for await (const c of replay()) chunks.push(c);
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.concat(chunks).toString("utf8").replace(/^\ufeff/, ""));
    } catch (e) {
      throw new InputError(`${name} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
    }
    const array = payload as unknown[];
    for (let index = 0; index < array.length; index++) yield loadItem(array[index], { index });
    return;
  }
  if (first !== "{") {
    throw new InputError(`${name} is neither a JSON array nor JSON Lines of messages (it starts with ${JSON.stringify(first)})`);
  }
  const lines = readLines(replay())[Symbol.asyncIterator]();
  let firstLine = true;
  for (let next = await lines.next(); !next.done; next = await lines.next()) {
    const { line, text } = next.value;
    if (text.trim() === "") continue;
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch (e) {
      const syntaxError = e instanceof Error ? e.message : String(e);
      if (firstLine) {
        // A document spread over lines (a pretty-printed session or state) is one JSON value.
        yield* wholeDocument({ line, text }, lines, syntaxError);
        return;
      }
      yield { ok: false, at: { line }, syntaxError };
      continue;
    }
    firstLine = false;
    yield loadItem(payload, { line });
  }
}

/**
 * The rest of an input whose first line is not JSON on its own: one item when the whole text is
 * one JSON value, else the JSON Lines reading of it (the first line's syntax error included).
 */
async function* wholeDocument(head: { line: number; text: string }, rest: AsyncIterator<{ line: number; text: string }>, syntaxError: string): AsyncGenerator<InputItem> {
  const all = [head];
  for (let next = await rest.next(); !next.done; next = await rest.next()) all.push(next.value);
  let payload: unknown;
  try {
    payload = JSON.parse(all.map((l) => l.text).join("\n"));
  } catch {
    yield { ok: false, at: { line: head.line }, syntaxError };
    for (const { line, text } of all.slice(1)) {
      if (text.trim() === "") continue;
      try {
        payload = JSON.parse(text);
      } catch (e) {
        yield { ok: false, at: { line }, syntaxError: e instanceof Error ? e.message : String(e) };
        continue;
      }
      yield loadItem(payload, { line });
    }
    return;
  }
  yield loadItem(payload, { line: head.line });
}
