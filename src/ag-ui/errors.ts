/**
 * The error of an AutoGen back end that fails an AG-UI run: it cannot be reached, answers what
 * is not a run, stalls, closes a paused run. It names the back end (its URL without credentials
 * or query) and never echoes a secret.
 */

/** What went wrong with the back end. @example const c: AutoGenBackendErrorCode = "IDLE_TIMEOUT" */
export type AutoGenBackendErrorCode =
  | "CONNECT_FAILED"
  | "CONNECT_TIMEOUT"
  | "IDLE_TIMEOUT"
  | "HTTP_STATUS"
  | "REDIRECT"
  | "NOT_A_RUN"
  | "INVALID_UTF8"
  | "CLOSED"
  | "PAUSE_EXPIRED"
  | "PAUSE_EVICTED"
  | "NO_PAUSED_RUN";

/** A URL as it may be shown: origin and path, no user, password, query or fragment. */
export function safeUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return "(an invalid URL)";
  }
}

/**
 * A failing AutoGen back end: `code` says how, `url` which back end (credentials and query
 * removed). `AutoGenAgent` ends the run with `RUN_ERROR` whose `code` is this `code`.
 *
 * @example
 * try { await transport.open(start) } catch (e) {
 *   if (AutoGenBackendError.isInstance(e)) console.log(e.code, e.url) // "CONNECT_FAILED" "ws://127.0.0.1:8002/ws/chat"
 * }
 */
export class AutoGenBackendError extends Error {
  static override readonly name: string = "AutoGenBackendError";
  override readonly name = "AutoGenBackendError";
  /** How the back end failed. */
  readonly code: AutoGenBackendErrorCode;
  /** The back end, when known: origin and path only. */
  readonly url: string | undefined;

  constructor(code: AutoGenBackendErrorCode, message: string, url?: string, options?: { cause?: unknown }) {
    const shown = safeUrl(url);
    super(shown === undefined ? message : `${message} (AutoGen back end ${shown})`, options);
    this.code = code;
    this.url = shown;
    Object.defineProperty(this, MARK, { value: true });
  }

  /** True for an `AutoGenBackendError` of any copy of this library. @example AutoGenBackendError.isInstance(new Error("x")) // false */
  static isInstance(value: unknown): value is AutoGenBackendError {
    try {
      return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[MARK] === true;
    } catch {
      return false;
    }
  }
}

const MARK = Symbol.for("agentchat-messages.AutoGenBackendError");
