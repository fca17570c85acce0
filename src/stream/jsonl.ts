/**
 * `readMessages`: an incremental JSON Lines (NDJSON) reader for streams of AutoGen run items.
 * Every non-blank line becomes one result (a loaded item or the error for that line), and a
 * bad line never stops the stream.
 */
import { readLines, type ChunkSource } from "./lines.js";
import { loadRunItem, type RunItem, type RunItemError, type RunItemOptions } from "./run-items.js";

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

/**
 * One line of a run stream: a loaded item (`kind` says which: `message`, `TaskResult`,
 * `Response`, `control`) or the error for that line.
 *
 * @example const item: MessageLine = { ok: true, line: 1, kind: "message", message }
 */
export type MessageLine =
  | ({ readonly ok: true; readonly line: number } & RunItem)
  | { readonly ok: false; readonly line: number; readonly error: RunItemError | JsonLineSyntaxError };

/** Options of {@link readMessages}. @example readMessages(body, { registry: myRegistry }) */
export type ReadMessagesOptions = RunItemOptions;

/**
 * Reads a run from a JSON Lines stream of text or UTF-8 byte chunks (a fetch body, a Node
 * stream): AutoGen messages and events, the final `TaskResult` / `Response`, AutoGen Studio
 * envelopes and control frames (see `loadRunItem` for the rules). Blank lines are skipped but
 * counted; each other line yields `{ ok: true, line, kind, … }` or `{ ok: false, line, error }`,
 * where `error` is a {@link JsonLineSyntaxError} (not JSON), a `MessageValidationError` (an
 * invalid item) or a `ForeignFrameError` (JSON that is no AutoGen item).
 *
 * @example
 * const res = await fetch("/run/stream");
 * for await (const item of readMessages(res.body!)) {
 *   if (!item.ok) console.warn(`line ${item.line}: ${item.error.message}`);
 *   else if (item.kind === "message") show(item.message);
 *   else if (item.kind === "TaskResult") console.log(item.taskResult.stop_reason);
 * }
 */
export async function* readMessages(chunks: ChunkSource, options: ReadMessagesOptions = {}): AsyncGenerator<MessageLine> {
  for await (const { line, text } of readLines(chunks)) {
    if (text.trim() === "") continue;
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch (e) {
      yield { ok: false, line, error: new JsonLineSyntaxError(line, e) };
      continue;
    }
    yield { line, ...loadRunItem(payload, options) };
  }
}
