/**
 * `readMessages`: an incremental JSON Lines (NDJSON) reader for streams of AutoGen messages.
 * Every non-blank line becomes one result (a loaded message or the error for that line),
 * and a bad line never stops the stream.
 */
import { MessageValidationError } from "../errors.js";
import type { AgentMessage } from "../kinds.js";
import { defaultRegistry, type MessageRegistry } from "../registry.js";
import { readLines, type ChunkSource } from "./lines.js";

const MARKER = Symbol.for("agentchat-messages.JsonLineSyntaxError");

/**
 * A line of a JSON Lines stream that is not JSON. `line` is its 1-based number; the parser's
 * own explanation is in `cause`. The message does not repeat the line number (a reader adds it,
 * as for a `MessageValidationError`): `not valid JSON: Unexpected token 'o', "not json" is not valid JSON`.
 *
 * @example if (JsonLineSyntaxError.isInstance(item.error)) console.error(`line ${item.error.line}: not JSON`);
 */
export class JsonLineSyntaxError extends Error {
  static override readonly name: string = "JsonLineSyntaxError"; // what Node prints, even when a bundler renames the class
  override readonly name = "JsonLineSyntaxError";
  /** The 1-based line number. */
  readonly line: number;

  constructor(line: number, cause: unknown) {
    // Newer engines add "(line 1 column 5)" of the parsed text: always line 1 here, so left out.
    const reason = (cause instanceof Error ? cause.message : String(cause)).replace(/ \(line \d+ column \d+\)$/, "");
    super(`not valid JSON: ${reason}`, { cause });
    this.line = line;
    Object.defineProperty(this, MARKER, { value: true });
  }

  /**
   * True for a `JsonLineSyntaxError` from any copy of this library.
   *
   * @example JsonLineSyntaxError.isInstance(new Error("x")) // false
   */
  static isInstance(value: unknown): value is JsonLineSyntaxError {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
  }
}

/** One line of a message stream, loaded or rejected. @example const item: MessageLine = { ok: true, line: 1, message } */
export type MessageLine =
  | { readonly ok: true; readonly line: number; readonly message: AgentMessage }
  | { readonly ok: false; readonly line: number; readonly error: MessageValidationError | JsonLineSyntaxError };

/** Options of {@link readMessages}. @example readMessages(body, { registry: myRegistry }) */
export interface ReadMessagesOptions {
  /** The registry that loads each message (custom kinds, structured content). Default `defaultRegistry`. */
  readonly registry?: MessageRegistry;
}

/**
 * Reads AutoGen messages from a JSON Lines stream of text or UTF-8 byte chunks (a fetch body,
 * websocket frames, a Node stream). Blank lines are skipped but counted; each other line
 * yields `{ ok: true, line, message }` or `{ ok: false, line, error }`, where `error` is a
 * `MessageValidationError` (valid JSON, invalid message) or a {@link JsonLineSyntaxError}.
 *
 * @example
 * const res = await fetch("/run/stream");
 * for await (const item of readMessages(res.body!)) {
 *   if (item.ok) show(item.message); else console.warn(`line ${item.line}: ${item.error.message}`);
 * }
 */
export async function* readMessages(
  chunks: ChunkSource,
  options: ReadMessagesOptions = {},
): AsyncGenerator<MessageLine> {
  const registry = options.registry ?? defaultRegistry;
  for await (const { line, text } of readLines(chunks)) {
    if (text.trim() === "") continue;
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch (e) {
      yield { ok: false, line, error: new JsonLineSyntaxError(line, e) };
      continue;
    }
    const r = registry.safeLoad(payload);
    yield r.success ? { ok: true, line, message: r.data } : { ok: false, line, error: r.error };
  }
}
