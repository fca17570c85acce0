/**
 * The contract every loader and reader keeps, whatever it is handed, checked per input:
 * a result or one of the library's errors (never another exception), within a time bound, no
 * change to the input (it is deep-frozen first: a write throws), no object of the input in the
 * result, a stable load → dump → load, no secret text in an error's message, issues or `cause`,
 * and no prototype pollution.
 */
import { MessageValidationError } from "../../src/index.js";
import { FrameSyntaxError, ForeignFrameError, JsonLineSyntaxError } from "../../src/stream/index.js";

/** Per-input bound (ms) for a small input: generous, for a busy shared machine; a hang or an exponential walk is far over it. */
export const TIME_BOUND_MS = Number(process.env.FUZZ_TIME_BOUND_MS ?? 10_000);
/** What each MB of input adds to the bound: reading is linear, so a 10 MB string may take seconds on a busy machine, never minutes. */
export const TIME_PER_MB_MS = Number(process.env.FUZZ_TIME_PER_MB_MS ?? 3_000);

/** The time bound for an input of `chars` characters (or bytes). */
export function timeBound(chars: number): number {
  return TIME_BOUND_MS + (TIME_PER_MB_MS * chars) / 1_048_576;
}

/** Secret text planted in the component seeds' credentials (values and map keys). */
export const SECRET = "sk-fuzz-SECRET-7f3a9c1e5b";

/** The library's own errors: what a loader or reader may report. */
export function isLibraryError(e: unknown): boolean {
  return MessageValidationError.isInstance(e) || FrameSyntaxError.isInstance(e) || ForeignFrameError.isInstance(e) || e instanceof JsonLineSyntaxError;
}

/** A thrown value described without trusting it (for the failure report). */
export function show(e: unknown): string {
  try {
    return e instanceof Error ? `${e.name}: ${e.message}\n${e.stack ?? ""}` : String(e);
  } catch {
    return `a thrown ${typeof e}`;
  }
}

/**
 * Freezes every object reachable from `value` (cycles and getters included: getters are not
 * run) and returns the set of them, to check that a result shares none, and the input's size
 * (characters of its strings, plus one per object) for the time bound. Proxies and objects that
 * cannot be frozen are left as they are.
 */
export function freezeAll(value: unknown): { objects: Set<object>; chars: number } {
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  let chars = 0;
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === "string") chars += v.length;
    if (v === null || (typeof v !== "object" && typeof v !== "function") || seen.has(v)) continue;
    seen.add(v);
    try {
      if (ArrayBuffer.isView(v) && !(v instanceof DataView)) continue; // typed arrays with elements cannot be frozen
      Object.freeze(v);
      for (const key of Reflect.ownKeys(v)) {
        const d = Object.getOwnPropertyDescriptor(v, key);
        if (d && "value" in d) stack.push(d.value);
      }
    } catch {
      // a proxy whose traps throw: it is hostile by design, not data to protect
    }
  }
  return { objects: seen, chars: chars + seen.size };
}

/** The first object of `result` that is one of `inputs` (by identity), as a path, or null. */
export function aliasIn(result: unknown, inputs: Set<object>): string | null {
  const seen = new Set<object>();
  const stack: Array<[unknown, string]> = [[result, "$"]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (v === null || typeof v !== "object" || seen.has(v)) continue;
    if (inputs.has(v)) return path;
    seen.add(v);
    for (const key of Object.keys(v)) stack.push([(v as Record<string, unknown>)[key], `${path}.${key}`]);
  }
  return null;
}

/** Where `secret` shows in an error: its message, its issues (paths, messages, hints), its causes. */
export function secretIn(error: unknown, secret: string): string | null {
  const probe = secret.slice(0, 12);
  let e: unknown = error;
  for (let depth = 0; e !== undefined && e !== null && depth < 5; depth++) {
    const err = e as { message?: unknown; issues?: unknown; cause?: unknown };
    if (typeof err.message === "string" && err.message.includes(probe)) return `message: ${err.message}`;
    if (err.issues !== undefined && JSON.stringify(err.issues).includes(probe)) return `issues: ${JSON.stringify(err.issues)}`;
    e = err.cause;
  }
  return null;
}

const PROTO_KEYS = Object.getOwnPropertyNames(Object.prototype).join();

/** Prototype pollution: a new key on Object.prototype, or a value visible through `{}`. */
export function pollution(): string | null {
  if (Object.getOwnPropertyNames(Object.prototype).join() !== PROTO_KEYS) return "Object.prototype has new keys";
  const probe = {} as Record<string, unknown>;
  if (probe.polluted !== undefined || probe.type !== undefined || probe.provider !== undefined) return "({}) inherits a value";
  if (Object.getPrototypeOf(probe) !== Object.prototype) return "({}) has another prototype";
  return null;
}

/** A failed check: thrown from a property, so fast-check reports the input. */
export class ContractBreach extends Error {
  override readonly name = "ContractBreach";
}

/** Throws a {@link ContractBreach} when `problem` is not null. */
export function require(problem: string | null | false, what: string): void {
  if (problem) throw new ContractBreach(`${what}: ${problem}`);
}
