/**
 * Mutations of real seeds, the one engine of the fuzz (test/fuzz.test.ts) and property tests
 * (test/property/): structural ones on a JSON value, one table of ops ({@link OPS}: drop, replace,
 * nest, long and odd strings, `__proto__` keys, another document's dispatch key, shared objects,
 * issue 22's values, base64 junk), hostile in-process values put in at any place, and byte-level
 * damage to the text a reader gets.
 */
import fc from "fast-check";
import { FIXTURE_PNGS, anyString, base64Junk, jsonValue, memoryContentObject, nonFiniteFloatInput, objectOf } from "../helpers/arbitraries.js";
import { BUILT, buildHostile, hostile, type Hostile } from "./hostile.js";

type Container = Record<string | number, unknown>;
type Slot = [container: Container | null, key: string | number | null];

const isPlain = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v) && [Object.prototype, null].includes(Object.getPrototypeOf(v));

/**
 * The places of a value (slot 0 is the root), iteratively: seeds nest deeply. Only JSON
 * containers are entered (plain objects and arrays; a built hostile value, a Map, a class
 * instance stays a leaf), and each once (a shared object is one place).
 */
function slots(root: unknown): Slot[] {
  const out: Slot[] = [[null, null]];
  const stack: unknown[] = [root];
  const seen = new Set<unknown>();
  while (stack.length && out.length < 5000) {
    const v = stack.pop();
    if ((typeof v === "object" && v !== null && BUILT.has(v)) || (!Array.isArray(v) && !isPlain(v)) || seen.has(v)) continue;
    seen.add(v);
    const c = v as Container;
    const keys: Array<string | number> = Array.isArray(v) ? v.map((_, i) => i) : Object.keys(v);
    for (const k of keys) {
      out.push([c, k]);
      stack.push(c[k]);
    }
  }
  return out;
}

/** An own, enumerable data property, whatever the key (`__proto__` included: never its setter). */
function put(target: Container, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * A fresh copy of generated data: fast-check reuses its values while shrinking, and a mutation
 * must not change them. Plain objects are rebuilt with `__proto__` kept as an own data key (as
 * `JSON.parse` makes it); other objects (a Map, a Date) are leaves, kept as they are.
 */
export function fresh(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(fresh);
  if (isPlain(v)) return objectOf(Object.keys(v).map((k) => [k, fresh(v[k])] as const));
  return v;
}

const ODD = [
  ...new Set([
    "\ud800",
    "\udfff",
    "a\ud800b",
    "a\udfffb",
    "\udc00\ud800",
    "\u0000",
    "\u202e\u200b\ufeff",
    "\u{10ffff}",
    "e\u0301\u0301\u0301",
    "\u00a0\u2028\u2029",
    "🏳️‍🌈",
    "{0}",
    "{__proto__}",
    "StructuredMessage[",
    "StructuredMessage[]",
    "StructuredMessage[x]",
    "autogen_agentchat.",
    "1e400",
    "NaN",
    "-0",
    "9007199254740993",
    " 3 ",
    "true",
  ]),
];
const TYPES = ["TextMessage", "MultiModalMessage", "ToolCallRequestEvent", "TeamState", "AssistantAgentState", "ChatAgentContainerState", "StructuredMessage[X]", "UserMessage", "FunctionExecutionResultMessage", "message", "result", "error"];
/** What a `long` string repeats: plain text, base64's padding, a lone surrogate, a non-ASCII letter, JSON syntax, a space. */
const LONG_CHARS = ["x", "A", "=", "\ud800", "é", "{", " "];

/** A structural mutation of a value: an op from {@link OPS}, the slot it applies at (`at`, taken modulo the places), and its parameters. */
export type Mutation =
  | { op: "drop"; at: number }
  | { op: "replace"; at: number; value: unknown }
  | { op: "nest"; at: number; depth: number; array: boolean }
  | { op: "long"; at: number; length: number; char: string }
  | { op: "odd"; at: number; value: string }
  | { op: "protoKey"; at: number; key: string; value: unknown }
  | { op: "tag"; at: number; value: string }
  | { op: "share"; at: number; from: number }
  // Issue 22's classes: lax-float inputs for non-finite values, JavaScript's non-finite numbers,
  // MemoryContent-like objects with a `data` key, real images; and base64 junk inserted into a string.
  | { op: "value"; at: number; value: unknown }
  | { op: "junk"; at: number; inserts: [number, string][] };

/** What the mutations may put in, for the consumer's inputs. */
export interface MutationProfile {
  /**
   * What `replace` puts at a place. JSON values (the default) where the mutated value is also
   * written out as JSON text (the stream readers); any JS value where only a loader sees it.
   */
  readonly values: fc.Arbitrary<unknown>;
  /** The deepest `nest`. */
  readonly maxNest: number;
  /** The longest `long` string. */
  readonly maxLength: number;
}

/** The property tests' profile (test/property/): JSON values, nesting up to 2,000, strings up to 100,000 characters. */
export const JSON_PROFILE: MutationProfile = { values: jsonValue, maxNest: 2000, maxLength: 100_000 };

/** The place a mutation applies at, and the other places of the value. */
interface Place {
  readonly root: unknown;
  readonly container: Container | null;
  readonly key: string | number | null;
  /** The value at the place (the root for slot 0). */
  readonly current: unknown;
  readonly all: readonly Slot[];
}

/** What an op does: a replacement for the value at the place, or the new root itself (`{ root }`: the op changed the value in place, or not at all). */
type Outcome = { readonly next: unknown } | { readonly root: unknown };

/** One op: how its parameters are generated, and what it does at a place. */
interface Op<M extends Mutation> {
  readonly arbitrary: (profile: MutationProfile) => fc.Arbitrary<M>;
  readonly apply: (m: M, place: Place) => Outcome;
}

const at = fc.nat();

/** Every op, one entry each: the compiler holds the table to {@link Mutation}'s ops. */
const OPS: { readonly [K in Mutation["op"]]: Op<Extract<Mutation, { op: K }>> } = {
  drop: {
    arbitrary: () => fc.record({ op: fc.constant("drop" as const), at }),
    apply: (_, { root, container, key }) => {
      if (container === null) return { root: undefined }; // the whole document dropped
      if (Array.isArray(container)) container.splice(key as number, 1);
      else delete container[key!];
      return { root };
    },
  },
  replace: {
    arbitrary: (p) => fc.record({ op: fc.constant("replace" as const), at, value: p.values }),
    apply: (m) => ({ next: fresh(m.value) }),
  },
  nest: {
    arbitrary: (p) =>
      fc.record({
        op: fc.constant("nest" as const),
        at,
        depth: fc.oneof(fc.integer({ min: 1, max: Math.min(300, p.maxNest) }), fc.integer({ min: Math.min(300, p.maxNest), max: p.maxNest })),
        array: fc.boolean(),
      }),
    apply: (m, { current }) => {
      let v = current;
      for (let i = 0; i < m.depth; i++) v = m.array ? [v] : { a: v };
      return { next: v };
    },
  },
  long: {
    arbitrary: (p) => fc.record({ op: fc.constant("long" as const), at, length: fc.integer({ min: 1, max: p.maxLength }), char: fc.constantFrom(...LONG_CHARS) }),
    apply: (m) => ({ next: m.char.repeat(m.length) }),
  },
  odd: {
    arbitrary: () => fc.record({ op: fc.constant("odd" as const), at, value: fc.oneof(fc.constantFrom(...ODD), anyString) }),
    apply: (m) => ({ next: m.value }),
  },
  protoKey: {
    arbitrary: () =>
      fc.record({
        op: fc.constant("protoKey" as const),
        at,
        key: fc.constantFrom("__proto__", "constructor", "prototype"),
        value: fc.oneof(jsonValue, fc.constant({ polluted: true }), fc.constant({ polluted: true, type: "TextMessage" })),
      }),
    // On the object at the place, else on the root: an own data key, never the prototype's setter.
    apply: (m, { root, current }) => {
      const target = isPlain(current) ? current : root;
      if (isPlain(target)) put(target, m.key, fresh(m.value));
      return { root };
    },
  },
  tag: {
    arbitrary: () => fc.record({ op: fc.constant("tag" as const), at, value: fc.constantFrom(...TYPES) }),
    // Another document's dispatch key: `type`, or `provider` on a component.
    apply: (m, { root, current }) => {
      if (isPlain(current)) put(current, "type" in current || !("provider" in current) ? "type" : "provider", m.value);
      return { root };
    },
  },
  share: {
    arbitrary: () => fc.record({ op: fc.constant("share" as const), at, from: fc.nat() }),
    // The same object at two places (a DAG, still JSON when written out), when it is not an ancestor.
    apply: (m, { root, container, current, all }) => {
      const [fromC, fromK] = all[m.from % all.length]!;
      const next = fromC === null ? undefined : fromC[fromK!];
      // Objects only: a string moved elsewhere could carry a planted secret out of its credential field.
      if (next === null || typeof next !== "object" || next === current || containsRef(next, container)) return { root };
      return { next };
    },
  },
  value: {
    arbitrary: () =>
      fc.record({
        op: fc.constant("value" as const),
        at,
        value: fc.oneof(
          nonFiniteFloatInput.map(([input]) => input),
          memoryContentObject.map((c) => c.content),
          fc.constantFrom(...FIXTURE_PNGS).map((data) => ({ data })),
        ),
      }),
    apply: (m) => ({ next: fresh(m.value) }),
  },
  junk: {
    arbitrary: () => fc.record({ op: fc.constant("junk" as const), at, inserts: fc.array(fc.tuple(fc.nat(), base64Junk), { minLength: 1, maxLength: 8 }) }),
    apply: (m, { root, current }) => {
      if (typeof current !== "string") return { root };
      const chars = [...current];
      for (const [i, junk] of m.inserts) chars.splice(i % (chars.length + 1), 0, junk);
      return { next: chars.join("") };
    },
  },
};

/** The names of every op. */
export const MUTATION_OPS = Object.keys(OPS) as Array<Mutation["op"]>;

/**
 * Mutations of any op in the table, with the profile's values and sizes.
 *
 * @example fc.sample(mutations({ ...JSON_PROFILE, maxLength: 10 }), 3)
 */
export function mutations(profile: MutationProfile = JSON_PROFILE): fc.Arbitrary<Mutation> {
  return fc.oneof(...MUTATION_OPS.map((op) => (OPS[op] as Op<Mutation>).arbitrary(profile)));
}

/** Mutations for the property tests (the {@link JSON_PROFILE}). */
export const mutation: fc.Arbitrary<Mutation> = mutations();

/** Applies a mutation in place (the value is a fresh copy) and returns the new root (`undefined` when the whole document was dropped). */
export function mutate(root: unknown, m: Mutation): unknown {
  const all = slots(root);
  const [container, key] = all[m.at % all.length]!;
  const current = container === null ? root : container[key!];
  const out = (OPS[m.op] as Op<Mutation>).apply(m, { root, container, key, current, all });
  if ("root" in out) return out.root;
  if (container === null) return out.next;
  put(container, key!, out.next);
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
