/**
 * The options of the MAF conversions, checked before use: an options value that is not an object,
 * or a field of the wrong kind, is the library's error naming the field, never a `TypeError` later.
 */
import { MessageValidationError } from "../../errors.js";
import { describeValue } from "../../wire/check.js";

/** What an option may be: a `typeof`, an array of strings, or a registry (an object with `safeLoad`). */
type Kind = "function" | "string" | "strings" | "registry";

function fits(v: unknown, kind: Kind): boolean {
  if (kind === "strings") return Array.isArray(v) && v.every((x) => typeof x === "string");
  if (kind === "registry") return typeof (v as { safeLoad?: unknown } | null)?.safeLoad === "function";
  return typeof v === kind;
}

/**
 * `options` as an object whose given fields are of their kind (`undefined` means not given).
 * @example checkOptions(undefined, "toMafSession", { sessionId: "string" }) // {}
 */
export function checkOptions<T extends object>(options: unknown, what: string, fields: Readonly<Record<string, Kind>>): T {
  if (options === undefined) return {} as T;
  const fail = (path: string[], want: string, got: string): never => {
    throw new MessageValidationError(undefined, [{ path, code: "options_type", message: `expected ${want}, got ${got}` }], `${what} options`);
  };
  if (options === null || typeof options !== "object" || Array.isArray(options)) return fail([], "an options object", describeValue(options));
  for (const key in fields) {
    let v: unknown;
    try {
      v = (options as Record<string, unknown>)[key];
    } catch {
      return fail([key], "a value", "a throwing getter"); // what it threw is not repeated
    }
    const kind = fields[key]!;
    if (v !== undefined && !fits(v, kind)) fail([key], kind === "strings" ? "an array of strings" : kind === "registry" ? "a MessageRegistry" : `a ${kind}`, describeValue(v));
  }
  return options as T;
}

/** What a caller's callback (`onLoss`, `sessionId`) threw, carried past {@link guarded} unchanged. */
class CallbackThrow {
  constructor(readonly thrown: unknown) {}
}

/**
 * Calls the caller's callback; what it throws reaches the caller as it was thrown.
 * @example callback(options.onLoss, loss)
 */
export function callback<A, R>(f: ((arg: A) => R) | undefined, arg: A): R | undefined {
  if (f === undefined) return undefined;
  try {
    return f(arg);
  } catch (e) {
    throw new CallbackThrow(e);
  }
}

/**
 * Runs a conversion: the library's errors and the callbacks' own pass through; anything else was
 * thrown reading the input (a getter, a proxy trap) and becomes the library's error.
 * @example guarded("toMafMessages", () => convert(items))
 */
export function guarded<T>(what: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof CallbackThrow) throw e.thrown;
    if (MessageValidationError.isInstance(e)) throw e;
    // Its message is not repeated: it may hold anything.
    throw new MessageValidationError(undefined, [{ path: [], code: "read_error", message: "reading the input threw (a getter or proxy): not JSON data" }], what);
  }
}
