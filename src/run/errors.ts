/**
 * The errors a stream reader reports for a frame it cannot use (as an `{ ok: false }` item; the
 * reader goes on): text that is not JSON, and JSON that is not an AutoGen item.
 */

const SYNTAX = Symbol.for("agentchat-messages.FrameSyntaxError");
const FOREIGN = Symbol.for("agentchat-messages.ForeignFrameError");

const isMarked = (value: unknown, marker: symbol): boolean => {
  try {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[marker] === true;
  } catch {
    return false; // a proxy whose trap throws: not ours
  }
};

/**
 * A frame (a WebSocket message, the data of a Server-Sent Event) that is not JSON text: a
 * truncated payload, bytes that are not UTF-8, an SSE stream that ends inside an event. `where`
 * names it (`frame 7`, `the event at line 12`); the parser's explanation is in `cause`.
 *
 * @example if (FrameSyntaxError.isInstance(item.error)) console.warn(item.error.message)
 */
export class FrameSyntaxError extends Error {
  static override readonly name: string = "FrameSyntaxError"; // what Node prints, even when a bundler renames the class
  override readonly name = "FrameSyntaxError";
  /** Which frame: `frame 7`, `the event at line 12`. */
  readonly where: string;

  constructor(where: string, problem: string, cause?: unknown) {
    super(`${where} ${problem}${cause instanceof Error ? `: ${cause.message}` : ""}`, cause === undefined ? undefined : { cause });
    this.where = where;
    Object.defineProperty(this, SYNTAX, { value: true });
  }

  /**
   * True for a `FrameSyntaxError` from any copy of this library.
   *
   * @example FrameSyntaxError.isInstance(new Error("x")) // false
   */
  static isInstance(value: unknown): value is FrameSyntaxError {
    return isMarked(value, SYNTAX);
  }
}

/** A short description of a JSON value that does not repeat its content (it may hold secrets). */
function describe(value: unknown): string {
  try {
    if (Array.isArray(value)) return `an array of ${value.length}`;
    if (value === null) return "null";
    if (typeof value !== "object") return `a ${typeof value}`;
    const type = (value as { type?: unknown }).type;
    return typeof type === "string" ? `an object of type ${JSON.stringify(type.slice(0, 64))}` : "an object without a type";
  } catch {
    return "an object that cannot be read"; // an in-process proxy or getter that throws
  }
}

/**
 * A frame that is valid JSON but none of what AutoGen backends send: not a message or event,
 * not a `TaskResult` / `Response`, not an AutoGen Studio envelope (e.g. an unknown envelope
 * `type`). The parsed value is kept in `payload` for apps that mix in frames of their own.
 *
 * @example if (ForeignFrameError.isInstance(item.error)) handleMyOwnFrame(item.error.payload)
 */
export class ForeignFrameError extends Error {
  static override readonly name: string = "ForeignFrameError"; // what Node prints, even when a bundler renames the class
  override readonly name = "ForeignFrameError";
  /** The frame's parsed JSON. */
  readonly payload: unknown;

  constructor(payload: unknown) {
    super(`not an AutoGen message, TaskResult, Response or AutoGen Studio frame: ${describe(payload)}`);
    this.payload = payload;
    Object.defineProperty(this, FOREIGN, { value: true });
  }

  /**
   * True for a `ForeignFrameError` from any copy of this library.
   *
   * @example ForeignFrameError.isInstance(new Error("x")) // false
   */
  static isInstance(value: unknown): value is ForeignFrameError {
    return isMarked(value, FOREIGN);
  }
}
