/**
 * Mutations of real seeds: structural ones on a JSON value (drop, replace, nest, huge and odd
 * strings, `__proto__` keys, another document's dispatch key), hostile in-process values put in
 * at any place, and byte-level damage to the text a reader gets.
 */
import fc from "fast-check";
import { anyString, jsonValue } from "../helpers/arbitraries.js";
import { BUILT, buildHostile, hostile, type Hostile } from "./hostile.js";

type Slot = [container: Record<string | number, unknown> | null, key: string | number | null];

const isPlain = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v) && [Object.prototype, null].includes(Object.getPrototypeOf(v));

/** The places of a JSON value (slot 0 is the root), iteratively: seeds nest deeply. */
function slots(root: unknown): Slot[] {
  const out: Slot[] = [[null, null]];
  const stack: unknown[] = [root];
  const seen = new Set<unknown>();
  while (stack.length && out.length < 4000) {
    const v = stack.pop();
    if ((typeof v === "object" && v !== null && BUILT.has(v)) || (!Array.isArray(v) && !isPlain(v)) || seen.has(v)) continue;
    seen.add(v);
    const c = v as Record<string | number, unknown>;
    const keys: Array<string | number> = Array.isArray(v) ? v.map((_, i) => i) : Object.keys(v);
    for (const k of keys) {
      out.push([c, k]);
      stack.push(c[k]);
    }
  }
  return out;
}

function put(target: Record<string | number, unknown>, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

const ODD = ["\ud800", "a\udfffb", "\u0000", "\u202e\u200b\ufeff", "{0}", "{__proto__}", "StructuredMessage[", "StructuredMessage[]", "autogen_agentchat.", "1e400", "NaN", "-0", "9007199254740993", " 3 ", "true"];
const TYPES = ["TextMessage", "MultiModalMessage", "ToolCallRequestEvent", "TeamState", "AssistantAgentState", "ChatAgentContainerState", "StructuredMessage[X]", "UserMessage", "FunctionExecutionResultMessage", "message", "result", "error"];

/** A structural mutation of a JSON value. */
export type Mutation =
  | { op: "drop"; at: number }
  | { op: "replace"; at: number; value: unknown }
  | { op: "nest"; at: number; depth: number; array: boolean }
  | { op: "long"; at: number; length: number }
  | { op: "odd"; at: number; value: string }
  | { op: "protoKey"; at: number; key: string }
  | { op: "tag"; at: number; value: string }
  | { op: "share"; at: number; from: number };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant("drop" as const), at: fc.nat() }),
  fc.record({ op: fc.constant("replace" as const), at: fc.nat(), value: jsonValue }),
  fc.record({ op: fc.constant("nest" as const), at: fc.nat(), depth: fc.oneof(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 300, max: 2000 })), array: fc.boolean() }),
  fc.record({ op: fc.constant("long" as const), at: fc.nat(), length: fc.integer({ min: 1, max: 100_000 }) }),
  fc.record({ op: fc.constant("odd" as const), at: fc.nat(), value: fc.oneof(fc.constantFrom(...ODD), anyString) }),
  fc.record({ op: fc.constant("protoKey" as const), at: fc.nat(), key: fc.constantFrom("__proto__", "constructor", "prototype") }),
  fc.record({ op: fc.constant("tag" as const), at: fc.nat(), value: fc.constantFrom(...TYPES) }),
  fc.record({ op: fc.constant("share" as const), at: fc.nat(), from: fc.nat() }),
);

function nest(value: unknown, depth: number, array: boolean): unknown {
  let v = value;
  for (let i = 0; i < depth; i++) v = array ? [v] : { a: v };
  return v;
}

/** Applies a mutation in place (the value is a fresh copy) and returns the new root. */
export function mutate(root: unknown, m: Mutation): unknown {
  const all = slots(root);
  const [container, key] = all[m.at % all.length]!;
  const current = container === null ? root : container[key!];
  let next: unknown;
  switch (m.op) {
    case "drop":
      if (container === null) return root;
      if (Array.isArray(container)) container.splice(key as number, 1);
      else delete container[key!];
      return root;
    case "replace":
      next = structuredClone(m.value);
      break;
    case "nest":
      next = nest(current, m.depth, m.array);
      break;
    case "long":
      next = "x".repeat(m.length);
      break;
    case "odd":
      next = m.value;
      break;
    case "protoKey":
      if (isPlain(current)) put(current, m.key, { polluted: true, type: "TextMessage" });
      return root;
    case "tag": {
      if (isPlain(current)) put(current, "type" in current || !("provider" in current) ? "type" : "provider", m.value);
      return root;
    }
    case "share": {
      // The same object at two places (a DAG, still JSON when written out), when it is not an ancestor.
      const [fromC, fromK] = all[m.from % all.length]!;
      next = fromC === null ? undefined : fromC[fromK!];
      // Objects only: a string moved elsewhere could carry a planted secret out of its credential field.
      if (next === null || typeof next !== "object" || next === current || containsRef(next, container)) return root;
      break;
    }
  }
  if (container === null) return next;
  put(container, key!, next);
  return root;
}

/** Whether `target` is reachable from `value` (so that putting `value` under it would make a cycle). */
function containsRef(value: unknown, target: unknown): boolean {
  const stack = [value];
  const seen = new Set<unknown>();
  while (stack.length) {
    const v = stack.pop();
    if (v === target) return true;
    if (v === null || typeof v !== "object" || seen.has(v)) continue;
    seen.add(v);
    for (const x of Object.values(v)) stack.push(x);
  }
  return false;
}

/** Puts hostile values at places of a seed (or makes one the whole input). */
export interface HostileInsertion {
  readonly at: number;
  readonly value: Hostile;
}

export const hostileInsertion: fc.Arbitrary<HostileInsertion> = fc.record({ at: fc.nat(), value: hostile });

export function insertHostile(root: unknown, h: HostileInsertion): unknown {
  const all = slots(root);
  const [container, key] = all[h.at % all.length]!;
  const value = buildHostile(h.value);
  if (container === null) return value;
  put(container, key!, value);
  return root;
}

// ---- bytes ------------------------------------------------------------------------------------

/** Damage to a text on the wire: bytes inserted (invalid UTF-8 included), a range cut or repeated, the end cut off. */
export type ByteDamage =
  | { op: "insert"; at: number; bytes: number[] }
  | { op: "cut"; at: number; length: number }
  | { op: "repeat"; at: number; length: number }
  | { op: "truncate"; at: number }
  | { op: "hugeLine"; at: number; json: boolean };

export const byteDamage: fc.Arbitrary<ByteDamage> = fc.oneof(
  { weight: 400, arbitrary: fc.record({ op: fc.constant("insert" as const), at: fc.nat(), bytes: fc.array(fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constantFrom(10, 13, 0x7b, 0x22, 0x5c, 0xef, 0xbb, 0xbf, 0xed, 0xa0, 0x80)), { minLength: 1, maxLength: 8 }) }) },
  { weight: 400, arbitrary: fc.record({ op: fc.constant("cut" as const), at: fc.nat(), length: fc.integer({ min: 1, max: 200 }) }) },
  { weight: 200, arbitrary: fc.record({ op: fc.constant("repeat" as const), at: fc.nat(), length: fc.integer({ min: 1, max: 500 }) }) },
  { weight: 200, arbitrary: fc.record({ op: fc.constant("truncate" as const), at: fc.nat() }) },
  // A 10 MB line: rare (each costs tens of milliseconds to read twice).
  { weight: 1, arbitrary: fc.record({ op: fc.constant("hugeLine" as const), at: fc.nat(), json: fc.boolean() }) },
);

const HUGE_LINE = new TextEncoder().encode(`\n{"type":"TextMessage","source":"s","content":"${"A".repeat(10 * 1024 * 1024)}"}\n`);
const HUGE_JUNK = new TextEncoder().encode(`\n${"{".repeat(10 * 1024 * 1024)}\n`);

export function damage(bytes: Uint8Array, d: ByteDamage): Uint8Array {
  const n = bytes.length;
  const at = n === 0 ? 0 : d.at % (n + 1);
  switch (d.op) {
    case "insert":
      return concat(bytes.subarray(0, at), Uint8Array.from(d.bytes), bytes.subarray(at));
    case "cut":
      return concat(bytes.subarray(0, at), bytes.subarray(Math.min(n, at + d.length)));
    case "repeat":
      return concat(bytes.subarray(0, Math.min(n, at + d.length)), bytes.subarray(at));
    case "truncate":
      return bytes.subarray(0, at);
    case "hugeLine":
      return concat(bytes.subarray(0, at), d.json ? HUGE_LINE : HUGE_JUNK, bytes.subarray(at));
  }
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** `bytes` cut at the given points (taken modulo its length, sorted). */
export function split(bytes: Uint8Array, points: readonly number[]): Uint8Array[] {
  const cuts = [...new Set(points.map((p) => (bytes.length === 0 ? 0 : p % bytes.length)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const c of cuts) {
    out.push(bytes.subarray(from, c));
    from = c;
  }
  out.push(bytes.subarray(from));
  return out;
}

/** `text` cut at code-unit points (a surrogate pair may be split between two string chunks). */
export function splitText(text: string, points: readonly number[]): string[] {
  const cuts = [...new Set(points.map((p) => (text.length === 0 ? 0 : p % text.length)))].sort((a, b) => a - b);
  const out: string[] = [];
  let from = 0;
  for (const c of cuts) {
    out.push(text.slice(from, c));
    from = c;
  }
  out.push(text.slice(from));
  return out;
}
