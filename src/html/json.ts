/**
 * JSON for reading: tool-call arguments re-indented from their own text (numbers keep their
 * digits: no round trip through doubles) and values of any shape written by {@link showJson},
 * which never throws and whose output is linear in its input and capped.
 */

const PUNCTUATION = "{}[],:";
const BLANK = " \t\n\r";

/** The tokens of JSON text already known to be valid (so every string ends): strings, punctuation, literals. */
function* tokens(text: string): Generator<string> {
  for (let i = 0; i < text.length; ) {
    const c = text[i]!;
    if (BLANK.includes(c)) {
      i++;
      continue;
    }
    let j = i + 1;
    if (c === '"') {
      while (text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      j++;
    } else if (!PUNCTUATION.includes(c)) {
      while (j < text.length && !PUNCTUATION.includes(text[j]!) && !BLANK.includes(text[j]!)) j++;
    }
    yield text.slice(i, j);
    i = j;
  }
}

/**
 * JSON text indented by two spaces, or `null` when `text` is not JSON. Number literals are
 * kept as written (`12345678901234567890` stays so); strings are re-quoted so that `\u`
 * escapes of printable characters read as the characters themselves.
 */
export function prettyJsonText(text: string): string | null {
  try {
    JSON.parse(text);
  } catch {
    return null;
  }
  let out = "";
  let depth = 0;
  let open = false; // the previous token opened a container
  for (const token of tokens(text)) {
    const c = token[0];
    if (c === "}" || c === "]") {
      depth--;
      out += open ? token : `${newline(depth)}${token}`;
      open = false;
      continue;
    }
    if (open) out += newline(depth);
    open = false;
    if (c === "{" || c === "[") {
      out += token;
      depth++;
      open = true;
    } else if (c === ",") out += `,${newline(depth)}`;
    else if (c === ":") out += ": ";
    else out += c === '"' ? JSON.stringify(JSON.parse(token)) : token;
  }
  return out;
}

/** Nesting deeper than this is not indented further, so the text stays linear in its input. */
const MAX_INDENT = 16;
const INDENTS = Array.from({ length: MAX_INDENT + 1 }, (_, i) => `\n${"  ".repeat(i)}`);
const newline = (depth: number): string => INDENTS[Math.max(0, Math.min(depth, MAX_INDENT))]!;

/** How much of one value a JSON block shows (characters); the cut is measured up to 16 times that. */
export const JSON_BLOCK_CAP = 200_000;

/** `1234` → `1.2 KB`, for "… 1.2 MB more cut". */
export function size(chars: number): string {
  if (chars < 1000) return `${chars} characters`;
  if (chars < 1e6) return `${(chars / 1e3).toFixed(1)} KB`;
  return `${(chars / 1e6).toFixed(1)} MB`;
}

/** What a thrown value says, without ever throwing itself (its `message` may be a getter, it may be no Error). */
export function describeThrown(e: unknown): string {
  try {
    if (e instanceof Error) {
      const m: unknown = e.message;
      return typeof m === "string" ? m : "an error without a message";
    }
    if (typeof e === "string") return e;
  } catch {
    // a getter or proxy trap of the thrown value threw
  }
  return `a thrown ${e === null ? "null" : typeof e}`;
}

const THREW = Symbol("threw");

/** `f()`, or {@link THREW} when it throws (a getter, a proxy trap, a `toJSON`). */
function attempt<T>(f: () => T): T | typeof THREW {
  try {
    return f();
  } catch {
    return THREW;
  }
}

/** A label for a non-plain object (`Map `, a class name), `""` for plain objects and arrays. */
function classLabel(v: object): string {
  const proto = attempt(() => Object.getPrototypeOf(v) as object | null);
  if (proto === null || proto === Object.prototype || proto === Array.prototype) return "";
  if (proto === THREW) return "(unreadable) ";
  const name = attempt(() => (proto as { constructor?: { name?: unknown } }).constructor?.name);
  return typeof name === "string" && name !== "" ? `${name} ` : "(object) ";
}

interface Frame {
  readonly value: object;
  readonly array: boolean;
  /** Own enumerable keys of an object; unused for an array. */
  readonly keys: readonly string[];
  readonly count: number;
  i: number;
  /** Whether a member was written (JSON leaves out keys whose value is undefined). */
  wrote: boolean;
  readonly depth: number;
}

/**
 * `value` as JSON text for reading: indented by two spaces (`indent`) or on one line. Unlike
 * `JSON.stringify` it never throws and stays linear in its input: a cycle shows as `"[cycle]"`,
 * a BigInt as `12n`, a getter, proxy or `toJSON` that throws as `"[unreadable]"`, a class
 * instance by its own enumerable properties after its class name; nesting of any depth is
 * walked without recursion and indented at most 16 levels; and the text stops at `cap`
 * characters with a last line saying how much was cut. A plain JSON value reads exactly as
 * `JSON.stringify(value, null, 2)` (or, not indented, `JSON.stringify(value)`) writes it.
 */
export function showJson(value: unknown, indent = true, cap = JSON_BLOCK_CAP): string {
  const out: string[] = [];
  let length = 0; // characters written, then (past the cap) only counted
  const measureCap = 16 * cap;
  const path = new Set<object>(); // the containers being walked: meeting one again is a cycle
  const stack: Frame[] = [];
  const write = (s: string): void => {
    if (length < cap) out.push(length + s.length > cap ? s.slice(0, cap - length) : s);
    length += s.length;
  };
  const nl = (depth: number): string => (indent ? newline(depth) : "");

  /** Writes a scalar, or opens a container (pushed on the stack). In an array, undefined is null. */
  const visit = (input: unknown, depth: number, inArray: boolean): void => {
    let v = input;
    if (v !== null && typeof v === "object") {
      const toJSON = attempt(() => (v as { toJSON?: unknown }).toJSON);
      if (toJSON === THREW) return write('"[unreadable]"');
      if (typeof toJSON === "function") {
        const j = attempt(() => (toJSON as (key: string) => unknown).call(v, ""));
        if (j === THREW) return write('"[unreadable: toJSON threw]"');
        v = j;
      }
    }
    switch (typeof v) {
      case "string":
        return write(v.length > cap ? `${JSON.stringify(v.slice(0, cap))} [${size(v.length - cap)} more cut]` : JSON.stringify(v));
      case "number":
        return write(Number.isFinite(v) ? String(v) : "null");
      case "boolean":
        return write(v ? "true" : "false");
      case "bigint":
        return write(`${v}n`);
      case "undefined":
      case "function":
      case "symbol":
        return write(inArray ? "null" : "undefined");
    }
    if (v === null) return write("null");
    const o = v as object;
    if (path.has(o)) return write('"[cycle]"');
    const array = attempt(() => Array.isArray(o));
    const keys = array === true ? [] : array === THREW ? THREW : attempt(() => Object.keys(o));
    const count = array === true ? attempt(() => (o as unknown[]).length) : keys === THREW ? THREW : keys.length;
    if (array === THREW || keys === THREW || count === THREW) return write('"[unreadable]"');
    const label = classLabel(o);
    if (count === 0) return write(`${label}${array ? "[]" : "{}"}`);
    write(`${label}${array ? "[" : "{"}`);
    path.add(o);
    stack.push({ value: o, array, keys, count, i: 0, wrote: false, depth: depth + 1 });
  };

  visit(value, 0, false);
  while (stack.length && length < measureCap) {
    const f = stack[stack.length - 1]!;
    if (f.i >= f.count) {
      stack.pop();
      path.delete(f.value);
      write(f.wrote ? `${nl(f.depth - 1)}${f.array ? "]" : "}"}` : f.array ? "]" : "}");
      continue;
    }
    const key = f.array ? f.i : f.keys[f.i]!;
    f.i++;
    const child = attempt(() => (f.value as Record<string | number, unknown>)[key]);
    // JSON leaves out an object's keys whose value it cannot write.
    if (!f.array && child !== THREW && (child === undefined || typeof child === "function" || typeof child === "symbol")) continue;
    write(`${f.wrote ? "," : ""}${nl(f.depth)}${f.array ? "" : `${JSON.stringify(key)}:${indent ? " " : ""}`}`);
    f.wrote = true;
    if (child === THREW) write('"[unreadable: a getter threw]"');
    else visit(child, f.depth, f.array);
  }
  if (length <= cap) return out.join("");
  return `${out.join("")}\n… ${stack.length ? "more than " : ""}${size(length - cap)} more cut`;
}
