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

/** Where an item was in the input: a JSON Lines line number or an array index. @example const at: Location = { line: 7 } */
export type Location = { readonly line: number } | { readonly index: number };

/** One item of the input, loaded or rejected. @example if (!item.ok) console.error(describeLocation(item.at)) */
export type InputItem =
  | { readonly ok: true; readonly at: Location; readonly kind: string; readonly item: ConsoleItem }
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

/** Loads one JSON value: a message, or a `TaskResult` / `Response` object (which have no `type`). @example loadItem({ type: "TextMessage", source: "u", content: "hi" }, { index: 0 }).ok // true */
export function loadItem(payload: unknown, at: Location): InputItem {
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
  for await (const { line, text } of readLines(replay())) {
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
