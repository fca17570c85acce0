/**
 * The outcome of checking one wire value: the normalised value, or a failure with a
 * pydantic-style error code (`int_parsing`, `datetime_type`, …) and a readable message.
 *
 * Field checkers return this instead of throwing so that the zod schemas and the fast
 * loading path can share them without paying for exceptions.
 *
 * @example
 * const r: Check<number> = { ok: true, value: 3 };
 */
export type Check<T> = Passed<T> | Failed;

/** A successful {@link Check}. */
export interface Passed<T> {
  readonly ok: true;
  readonly value: T;
}

/** A failed {@link Check}: `code` is pydantic's error type, `message` says what was expected. */
export interface Failed {
  readonly ok: false;
  readonly code: string;
  readonly message: string;
  /** How to fix it, when the checker can tell (`pass the base64 text without the "data:…;base64," prefix`). */
  readonly hint?: string;
}

/**
 * What a checker's fast form returns where the checker itself would fail: the fast loading
 * path then leaves the value to zod, which calls the checker for the error. Fast forms return
 * the bare value otherwise, so accepting allocates no {@link Check}.
 *
 * @example laxIntFast("x") === FAILED // true
 */
export const FAILED: unique symbol = Symbol("failed");

/**
 * A checker's fast form: the value its checker would pass, or {@link FAILED}.
 *
 * @example const f: FastCheck<number> = laxIntFast;
 */
export type FastCheck<T> = (value: unknown) => T | typeof FAILED;

/** Builds a successful {@link Check}. @example pass(3) // { ok: true, value: 3 } */
export function pass<T>(value: T): Passed<T> {
  return { ok: true, value };
}

/** Builds a failed {@link Check}. @example fail("int_parsing", "expected an integer") */
export function fail(code: string, message: string, hint?: string): Failed {
  return hint === undefined ? { ok: false, code, message } : { ok: false, code, message, hint };
}

/**
 * Names the JSON type of a value for error messages: `string`, `number`, `boolean`,
 * `null`, `array`, `object` (or the JavaScript `typeof` for anything else).
 *
 * @example jsonTypeName([1]) // "array"
 */
export function jsonTypeName(value: unknown): string {
  if (value === null) return "null";
  if (typeof value !== "object") return typeof value;
  return isArray(value) ? "array" : "object";
}

/** `Array.isArray`, false for a revoked proxy (on which it throws): error messages must not throw. */
function isArray(value: object): boolean {
  try {
    return Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * Describes a value for an error message: its JSON type, plus the value itself for short
 * scalars (`number 5`, `string "1e3"`, `null`, `array`).
 *
 * @example describeValue(5) // "number 5"
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (typeof value === "string") {
    // Escape no more than is shown: each character escapes to one or more, so 60 suffice.
    const s = JSON.stringify(value.length > 60 ? value.slice(0, 60) : value);
    return `string ${s.length > 60 ? `${s.slice(0, 57)}..."` : s}`;
  }
  if (typeof value === "number" || typeof value === "boolean") return `${typeof value} ${String(value)}`;
  return jsonTypeName(value);
}

/**
 * {@link jsonTypeName} with an article where the message needs one: `an array`, `an object`,
 * `null`, `boolean`.
 *
 * @example typeWithArticle([]) // "an array"
 */
export function typeWithArticle(value: unknown): string {
  const t = jsonTypeName(value);
  return t === "array" || t === "object" ? "an " + t : t;
}

/**
 * A string quoted for an error message, cut after 40 characters.
 *
 * @example quoteShort("1e3") // "\"1e3\""
 */
export function quoteShort(s: string): string {
  return JSON.stringify(s.length > 40 ? s.slice(0, 40) + "…" : s);
}

/**
 * A value that should be a name (a message `type`, a role) for an error message: a string quoted
 * and cut after 40 characters, anything else its JSON type.
 *
 * @example quoteName("TextMesage") // "\"TextMesage\""; quoteName(3) // "number"
 */
export function quoteName(value: unknown): string {
  return typeof value === "string" ? quoteShort(value) : jsonTypeName(value);
}

/**
 * Describes a value that was thrown (by a getter, a proxy, a `toJSON`), for an error message:
 * `Error: boom`, a string as it is, or the kind of value. Never throws, whatever was thrown
 * (`Object.create(null)`, an object whose `toString` or `message` getter throws, a symbol),
 * and cuts long text after 200 characters. The one place the library turns a thrown value
 * into text.
 *
 * @example describeThrown(new RangeError("too deep")) // "RangeError: too deep"
 */
export function describeThrown(thrown: unknown): string {
  let text: string;
  try {
    text = thrownText(thrown);
  } catch {
    text = `a thrown ${thrown === null ? "null" : typeof thrown}`;
  }
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

function thrownText(thrown: unknown): string {
  if (typeof thrown === "string") return thrown;
  if (thrown === null || (typeof thrown !== "object" && typeof thrown !== "function")) return String(thrown);
  const { name, message } = thrown as { name?: unknown; message?: unknown };
  if (typeof message === "string") return typeof name === "string" && name ? `${name}: ${message}` : message;
  const text: unknown = String(thrown);
  return typeof text === "string" ? text : `a thrown ${typeof thrown}`;
}
